/** The shopper's wishlist under /api/wishlist (issue #15, record 0045). */
import { CART_MESSAGES } from "./cart-messages.ts";
import { z } from "./zod.ts";

export * from "./wishlist-messages.ts";

/** One saved product as the /wishlist page shows it: the catalogue's current figures. */
export const wishlistItemSchema = z
  .object({
    productId: z.string(),
    title: z.string(),
    imageUrl: z.string(),
    /** Rupees, the catalogue's current price. */
    price: z.number(),
    /** Rupees; present when above the price. */
    mrp: z.number().optional(),
    /** Sizes in the product's order with each one's stock. */
    sizeStock: z.array(z.object({ size: z.string(), stock: z.number().int() })),
    colors: z.array(z.string()),
    defaultColor: z.string().optional(),
    /**
     * 'available' (some size in stock), 'out_of_stock' (every size sold out) or 'unavailable'
     * (the product has no sizes to buy any more).
     */
    state: z.enum(["available", "out_of_stock", "unavailable"]),
    /** When the shopper saved it (ISO). */
    savedAt: z.string(),
  })
  .meta({ id: "WishlistItem" });
export type WishlistItem = z.infer<typeof wishlistItemSchema>;

export const wishlistSchema = z
  .object({ items: z.array(wishlistItemSchema) })
  .meta({ id: "Wishlist" });
export type Wishlist = z.infer<typeof wishlistSchema>;

/** GET /api/wishlist/ids: only the saved products' ids, for the hearts on cards. */
export const wishlistIdsSchema = z.object({ ids: z.array(z.string()) }).meta({ id: "WishlistIds" });
export type WishlistIds = z.infer<typeof wishlistIdsSchema>;

/** PUT and DELETE answer what the hearts need: whether it is saved now, and the ids. */
export const wishlistChangeSchema = z
  .object({ productId: z.string(), saved: z.boolean(), ids: z.array(z.string()) })
  .meta({ id: "WishlistChange" });
export type WishlistChange = z.infer<typeof wishlistChangeSchema>;

/** POST /api/wishlist/:productId/move-to-cart: the size (and colour) of the cart line. */
export const moveToCartSchema = z
  .object({
    size: z
      .string({ error: CART_MESSAGES.selectSize })
      .trim()
      .min(1, CART_MESSAGES.selectSize)
      .max(50, CART_MESSAGES.selectSize),
    /** Optional; '' and absent both mean "no colour" (the product's default is not assumed). */
    color: z
      .string({ error: CART_MESSAGES.selectColor })
      .trim()
      .max(50, CART_MESSAGES.selectColor)
      .optional()
      .transform((v) => (v ? v : undefined)),
  })
  .strict()
  .meta({ id: "MoveToCart" });
export type MoveToCartInput = z.input<typeof moveToCartSchema>;

export const moveToCartReplySchema = z
  .object({ message: z.string(), ids: z.array(z.string()) })
  .meta({ id: "MoveToCartReply" });
