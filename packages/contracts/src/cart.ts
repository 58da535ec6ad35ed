import { z } from "./zod.ts";

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
} as const;

/** 'Only {n} items available in stock', or the out-of-stock text when n is 0 (decisions.md §3-§4). */
export function onlyInStockMessage(available: number): string {
  return available <= 0 ? CART_MESSAGES.outOfStock : `Only ${available} items available in stock`;
}

/** The most of one line a cart may hold (far above any real stock; keeps sums inside integers). */
export const CART_QUANTITY_MAX = 999;

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

/** POST /api/cart/add: quantity defaults to 1 and is added to an existing line. */
export const addToCartSchema = z
  .object({ productId, size, quantity: quantity(1).default(1), color })
  .strict()
  .meta({ id: "AddToCart" });
export type AddToCartInput = z.input<typeof addToCartSchema>;

/** PUT /api/cart/update: sets the line's quantity; 0 removes the line. */
export const updateCartSchema = z
  .object({ productId, size, quantity: quantity(0), color })
  .strict()
  .meta({ id: "UpdateCart" });
export type UpdateCartInput = z.input<typeof updateCartSchema>;

/** DELETE /api/cart/remove. */
export const removeFromCartSchema = z
  .object({ productId, size, color })
  .strict()
  .meta({ id: "RemoveFromCart" });
export type RemoveFromCartInput = z.input<typeof removeFromCartSchema>;
