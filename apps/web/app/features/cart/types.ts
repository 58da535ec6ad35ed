/** One line's identity: product, size and colour ('' for none) (decisions.md §4). */
export function lineKey(line: { productId: string; size: string; color?: string | undefined }) {
  return `${line.productId}\u0000${line.size}\u0000${line.color ?? ""}`;
}

export type CartIntent = "increase" | "decrease" | "remove";

/** What the cart page's action hands back (always with status 200: the page shows the problem). */
export type CartActionResult = {
  intent: CartIntent | "";
  ok: boolean;
  /** The line the change was about. */
  key: string;
  /** The success toast, or the refusal shown at the line ('Only 2 items available in stock'). */
  message: string;
};
