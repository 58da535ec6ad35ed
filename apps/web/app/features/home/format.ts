/** A card price with Indian digit grouping: ₹1,299 (₹1,299.50 when there are paise). */
export { formatPrice } from "@vastra/contracts/money";
