/** The cart's texts and limits, without zod, for the browser; cart.ts re-exports them. */

/** The cart's texts (storefront.md §5 and §8, decisions.md §4), server and client in one place. */
export const CART_MESSAGES = {
  productNotFound: "Product not found",
  selectSize: "Please select a size!",
  selectColor: "Please choose one of this product's colours",
  outOfStock: "This product is out of stock",
  quantity: "Please choose a quantity of at least 1",
  quantityMax: "Please choose a smaller quantity",
  notInCart: "This item is not in your cart",
  loginToAdd: "Please login to add items to cart",
  // storefront.md §8: toasts
  added: "Item added to cart",
  removed: "Item removed from cart",
  cleared: "Cart cleared",
  loadFailed: "Failed to load cart",
  addFailed: "Failed to add item to cart",
  removeFailed: "Failed to remove item from cart",
  updateFailed: "Failed to update cart",
  clearFailed: "Failed to clear cart",
  // Guest carts (record 0044)
  checkoutSignIn: "Please sign in to check out; your cart comes with you",
  tooManyGuestCarts:
    "Many new carts have been started from your network in the last hour. Please sign in to shop, or try again later.",
} as const;

/**
 * New guest carts (a first add without a cart cookie) per address per hour: far above what one
 * household or office starts, below what a script filling the table would (record 0044). A
 * shopper whose browser keeps its cookie never counts again.
 */
export const GUEST_CART_RATE_LIMIT = { points: 200, windowSeconds: 3600 } as const;

/** The guest cart's cookie: a random id, signed with the app secret (record 0044). */
export const GUEST_CART_COOKIE = "vastra_guest_cart";
/** A guest cart untouched this long is swept, and its cookie lives as long. */
export const GUEST_CART_DAYS = 30;

/** 'Only {n} items available in stock', or the out-of-stock text when n is 0 (decisions.md §3-§4). */
export function onlyInStockMessage(available: number): string {
  return available <= 0 ? CART_MESSAGES.outOfStock : `Only ${available} items available in stock`;
}

/** The most of one line a cart may hold (far above any real stock; keeps sums inside integers). */
export const CART_QUANTITY_MAX = 999;
