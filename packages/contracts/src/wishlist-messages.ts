/** The wishlist's texts and limits (issue #15, record 0045), without zod, for the browser too. */

/** The most products one shopper's wishlist holds. */
export const WISHLIST_MAX = 200;

export const WISHLIST_MESSAGES = {
  signIn: "Please sign in to save items to your wishlist",
  full: `Your wishlist holds up to ${WISHLIST_MAX} items. Please remove one before saving another.`,
  productNotFound: "Product not found",
  notSaved: "This item is not in your wishlist",
  saved: "Saved to your wishlist",
  removed: "Removed from your wishlist",
  moved: "Moved to your cart",
  unavailable: "This product is no longer available",
  outOfStock: "This product is out of stock",
  saveFailed: "Failed to update your wishlist",
  loadFailed: "Failed to load your wishlist",
  moveFailed: "Failed to move the item to your cart",
} as const;

/**
 * After a guest's heart sends them to sign in, the address they come back to carries
 * `?wishlistSave=<productId>`; the page saves that product once and takes the parameter away.
 */
export const WISHLIST_SAVE_PARAM = "wishlistSave";

/** The heart's accessible name: 'Save {title} to wishlist' / 'Remove {title} from wishlist'. */
export const heartLabel = (title: string, saved: boolean) =>
  saved ? `Remove ${title} from wishlist` : `Save ${title} to wishlist`;
