/**
 * What the page says after a sign-in merged a guest cart and held lines to the stock left (record
 * 0044). Its own tiny module: every page's root loads it, and the cart's texts are the product
 * pages' (the cart's texts live in cart-messages.ts, on the product pages' chunk).
 */

/**
 * What signing in said about a guest cart it merged into the account's (record 0044): nothing when
 * every line fitted, else how many lines were held to the stock left.
 */
export function mergeCappedMessage(capped: number): string {
  return capped === 1
    ? "One item in your cart was reduced to the stock available"
    : `${capped} items in your cart were reduced to the stock available`;
}

/** The query parameter with which signing in reports capped lines to the page it goes to. */
export const CART_CAPPED_PARAM = "cartCapped";
