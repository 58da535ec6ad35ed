/** What the /wishlist page's action hands back (always 200: the page shows a refusal at the card). */
export type WishlistActionResult = {
  intent: "move" | "remove" | "";
  ok: boolean;
  productId: string;
  /** The success toast, or the refusal shown at the card ('This product is out of stock'). */
  message: string;
};
