/** Money on the cart, checkout and order screens: always 2 decimals (storefront.md §2, §9). */
import { toPaise, toRupees } from "@vastra/contracts/money";

/** ₹1,29,999.00: Indian digit grouping, always with paise (decisions.md §0; the one formatter). */
export { formatRupees } from "@vastra/contracts/money";

/** The sum of price × quantity, in rupees, rounded to the paisa (no float drift such as 0.30000000000000004). */
export function cartTotal(lines: ReadonlyArray<{ price: number; quantity: number }>): number {
  return toRupees(lines.reduce((sum, line) => sum + toPaise(line.price) * line.quantity, 0));
}

/** The total quantity across lines (the header badge's figure). */
export function cartQuantity(lines: ReadonlyArray<{ quantity: number }>): number {
  return lines.reduce((sum, line) => sum + line.quantity, 0);
}

/** "1 item", "3 items". */
export function itemCount(count: number): string {
  return `${count.toLocaleString("en-IN")} ${count === 1 ? "item" : "items"}`;
}
