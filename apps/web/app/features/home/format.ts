const wholeRupees = new Intl.NumberFormat("en-IN", {
  style: "currency",
  currency: "INR",
  maximumFractionDigits: 0,
});
const rupeesAndPaise = new Intl.NumberFormat("en-IN", {
  style: "currency",
  currency: "INR",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** A card price with Indian digit grouping: ₹1,299 (₹1,299.50 when there are paise). */
export function formatPrice(rupees: number): string {
  return Number.isInteger(rupees) ? wholeRupees.format(rupees) : rupeesAndPaise.format(rupees);
}
