import { CART_MESSAGES, CART_QUANTITY_MAX } from "./cart-messages.ts";
import { z } from "./zod.ts";

export * from "./cart-messages.ts";

/** One cart line as read (storefront.md §3 plus that size's stock, decisions.md §3). */
export const cartLineSchema = z
  .object({
    productId: z.string(),
    title: z.string(),
    /** The colour's own image when the line has a colour that has one, else the product image. */
    imageUrl: z.string(),
    /** Rupees, always the catalogue's current price. */
    price: z.number(),
    size: z.string(),
    quantity: z.number().int(),
    /** Absent when the line has no colour. */
    color: z.string().optional(),
    /** That size's stock now. */
    stock: z.number().int(),
  })
  .meta({ id: "CartLine" });
export type CartLine = z.infer<typeof cartLineSchema>;

export const cartSchema = z.array(cartLineSchema).meta({ id: "Cart" });
export type Cart = z.infer<typeof cartSchema>;

const productId = z
  .string({ error: CART_MESSAGES.productNotFound })
  .trim()
  .min(1, CART_MESSAGES.productNotFound)
  .max(100, CART_MESSAGES.productNotFound);
const size = z
  .string({ error: CART_MESSAGES.selectSize })
  .trim()
  .min(1, CART_MESSAGES.selectSize)
  .max(50, CART_MESSAGES.selectSize);
/** Optional; '' and absent both mean "no colour". */
const color = z
  .string()
  .trim()
  .max(50, CART_MESSAGES.selectColor)
  .optional()
  .transform((v) => (v ? v : undefined));
const quantity = (min: number) =>
  z
    .number({ error: CART_MESSAGES.quantity })
    .int(CART_MESSAGES.quantity)
    .min(min, CART_MESSAGES.quantity)
    .max(CART_QUANTITY_MAX, CART_MESSAGES.quantityMax);

/**
 * The display fields of the spec's line object (storefront.md §3: title, imageUrl, price). Its
 * clients send the whole line; the server takes them and ignores them: the cart always shows the
 * catalogue's current title, picture and price.
 */
const displayFields = {
  title: z.string({ error: "title must be text" }).max(500).optional(),
  imageUrl: z.string({ error: "imageUrl must be text" }).max(2000).optional(),
  price: z.number({ error: "price must be a number" }).optional(),
};

/** POST /api/cart/add: quantity defaults to 1 and is added to an existing line. */
export const addToCartSchema = z
  .object({ productId, size, quantity: quantity(1).default(1), color, ...displayFields })
  .strict()
  .meta({ id: "AddToCart" });
export type AddToCartInput = z.input<typeof addToCartSchema>;

/** PUT /api/cart/update: sets the line's quantity; 0 removes the line (a whole line is accepted). */
export const updateCartSchema = z
  .object({ productId, size, quantity: quantity(0), color, ...displayFields })
  .strict()
  .meta({ id: "UpdateCart" });
export type UpdateCartInput = z.input<typeof updateCartSchema>;

/** DELETE /api/cart/remove. */
export const removeFromCartSchema = z
  .object({ productId, size, color, ...displayFields })
  .strict()
  .meta({ id: "RemoveFromCart" });
export type RemoveFromCartInput = z.input<typeof removeFromCartSchema>;

/** One guest-cart line that signing in held to the size's stock (record 0044). */
export const cartMergeCapSchema = z
  .object({
    productId: z.string(),
    title: z.string(),
    size: z.string(),
    color: z.string().optional(),
    /** What the guest and account carts held together. */
    requested: z.number().int(),
    /** What the account's cart holds now. */
    quantity: z.number().int(),
  })
  .meta({ id: "CartMergeCap" });

/** What signing in did with the visitor's guest cart: present when there was one to merge. */
export const cartMergeSchema = z
  .object({
    /** Guest lines moved into the account's cart. */
    lines: z.number().int(),
    capped: z.array(cartMergeCapSchema),
    /** Present when something was capped: 'One item in your cart was reduced to …'. */
    message: z.string().optional(),
  })
  .meta({ id: "CartMerge" });
export type CartMerge = z.infer<typeof cartMergeSchema>;
