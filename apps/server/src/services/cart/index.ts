/**
 * The cart, kept on the server per shopper (decisions.md §4). A line is product + size + colour
 * ('' for none). Prices and titles always come from the catalogue when the cart is read; adding or
 * setting more than the size's stock is refused with 'Only {n} items available in stock'.
 */
import {
  type addToCartSchema,
  CART_MESSAGES,
  type Cart,
  type CartLine,
  onlyInStockMessage,
  type removeFromCartSchema,
  type updateCartSchema,
} from "@vastra/contracts";
import { and, asc, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db, DbOrTx } from "../../db/client.ts";
import { cartLines, productSizes, products } from "../../db/schema.ts";
import { ConflictError, NotFoundError, ValidationError } from "../errors.ts";

export type AddToCart = z.output<typeof addToCartSchema>;
export type UpdateCart = z.output<typeof updateCartSchema>;
export type RemoveFromCart = z.output<typeof removeFromCartSchema>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => UUID.test(value);

/** Rupees (2 decimals) from integer paise. */
export const rupees = (paise: number) => Math.round(paise) / 100;

/** A cart line with what an order needs beside the read shape. */
export type PricedLine = CartLine & {
  /** '' when the line has no colour. */
  colorKey: string;
  pricePaise: number;
};

/**
 * The shopper's cart with the catalogue's current titles, images, prices and stock, oldest line
 * first. A line whose product is gone disappears with it (the foreign key cascades); a line whose
 * size was removed from the product shows with stock 0. `forUpdate` locks the shopper's lines
 * (order placement: a second submit waits for the first and then finds the cart empty).
 */
export async function readCart(
  db: DbOrTx,
  userId: string,
  options: { forUpdate?: boolean } = {},
): Promise<PricedLine[]> {
  const query = db
    .select({
      productId: cartLines.productId,
      size: cartLines.size,
      color: cartLines.color,
      quantity: cartLines.quantity,
      title: products.title,
      imageUrl: products.imageUrl,
      pricePaise: products.pricePaise,
      stock: sql<number>`coalesce(${productSizes.stock}, 0)`.mapWith(Number),
      colorImage: sql<string | null>`(
        select pi.url from product_images pi
        where pi.product_id = "cart_lines"."product_id" and pi.color = "cart_lines"."color"
          and "cart_lines"."color" <> ''
        order by pi.position, pi.id limit 1)`,
    })
    .from(cartLines)
    .innerJoin(products, eq(products.id, cartLines.productId))
    .leftJoin(
      productSizes,
      and(eq(productSizes.productId, cartLines.productId), eq(productSizes.size, cartLines.size)),
    )
    .where(eq(cartLines.userId, userId))
    .orderBy(asc(cartLines.createdAt), asc(cartLines.id));
  const rows = options.forUpdate ? await query.for("update", { of: cartLines }) : await query;
  return rows.map((row) => ({
    productId: row.productId,
    title: row.title,
    imageUrl: row.colorImage ?? row.imageUrl,
    price: rupees(row.pricePaise),
    size: row.size,
    quantity: row.quantity,
    ...(row.color ? { color: row.color } : {}),
    stock: row.stock,
    colorKey: row.color,
    pricePaise: row.pricePaise,
  }));
}

/** The read shape of priced lines (drops the internal fields). */
export function toCart(lines: PricedLine[]): Cart {
  return lines.map(({ colorKey: _c, pricePaise: _p, ...line }) => line);
}

/** The cart's total in paise. */
export const cartTotalPaise = (lines: PricedLine[]) =>
  lines.reduce((sum, line) => sum + line.pricePaise * line.quantity, 0);

type SizeInfo = { colors: string[]; stock: number };

/** The product's colours and the size's stock, or the cart's 404/400. */
async function productSize(tx: DbOrTx, productId: string, size: string): Promise<SizeInfo> {
  if (!isUuid(productId)) throw new NotFoundError(CART_MESSAGES.productNotFound);
  const [product] = await tx
    .select({ colors: products.colors })
    .from(products)
    .where(eq(products.id, productId));
  if (!product) throw new NotFoundError(CART_MESSAGES.productNotFound);
  const [row] = await tx
    .select({ stock: productSizes.stock })
    .from(productSizes)
    .where(and(eq(productSizes.productId, productId), eq(productSizes.size, size)));
  if (!row) throw ValidationError.field("size", CART_MESSAGES.selectSize);
  return { colors: product.colors, stock: row.stock };
}

/**
 * For adding: the product's colours, the size's stock and how many of that size the shopper's cart
 * already holds (every colour), in one query. The checks are the shopper's guide; the order takes
 * the stock under its locks (services/orders), so no transaction is needed around them.
 */
async function sizeAndHeld(
  db: DbOrTx,
  userId: string,
  productId: string,
  size: string,
): Promise<SizeInfo & { held: number }> {
  if (!isUuid(productId)) throw new NotFoundError(CART_MESSAGES.productNotFound);
  const [row] = await db
    .select({
      colors: products.colors,
      stock: productSizes.stock,
      held: sql<number>`(select coalesce(sum(${cartLines.quantity}), 0) from ${cartLines}
        where ${cartLines.userId} = ${userId} and ${cartLines.productId} = ${products.id}
          and ${cartLines.size} = ${size})`.mapWith(Number),
    })
    .from(products)
    .leftJoin(
      productSizes,
      and(eq(productSizes.productId, products.id), eq(productSizes.size, size)),
    )
    .where(eq(products.id, productId));
  if (!row) throw new NotFoundError(CART_MESSAGES.productNotFound);
  if (row.stock === null) throw ValidationError.field("size", CART_MESSAGES.selectSize);
  return { colors: row.colors, stock: row.stock, held: row.held };
}

/** The product's own spelling of a colour, or the 400 when the product has no such colour. */
function checkColor(info: SizeInfo, color: string | undefined): string {
  if (!color) return "";
  const match = info.colors.find((c) => c.toLowerCase() === color.toLowerCase());
  if (!match) throw ValidationError.field("color", CART_MESSAGES.selectColor);
  return match;
}

/**
 * The line a call means. With a colour: that line. Without one: the line with no colour, or else the
 * only line of that product and size (clients that never send a colour still reach their line).
 */
async function findLine(
  tx: DbOrTx,
  userId: string,
  input: { productId: string; size: string; color?: string | undefined },
): Promise<{ id: string; color: string; quantity: number } | undefined> {
  if (!isUuid(input.productId)) return undefined;
  const lines = await tx
    .select({ id: cartLines.id, color: cartLines.color, quantity: cartLines.quantity })
    .from(cartLines)
    .where(
      and(
        eq(cartLines.userId, userId),
        eq(cartLines.productId, input.productId),
        eq(cartLines.size, input.size),
      ),
    );
  if (input.color) {
    const wanted = input.color.toLowerCase();
    return lines.find((l) => l.color.toLowerCase() === wanted);
  }
  return lines.find((l) => l.color === "") ?? (lines.length === 1 ? lines[0] : undefined);
}

/** How many of this product and size the shopper's other lines (other colours) hold. */
async function otherColoursQuantity(
  tx: DbOrTx,
  userId: string,
  productId: string,
  size: string,
  color: string,
): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`coalesce(sum(${cartLines.quantity}), 0)`.mapWith(Number) })
    .from(cartLines)
    .where(
      and(
        eq(cartLines.userId, userId),
        eq(cartLines.productId, productId),
        eq(cartLines.size, size),
        sql`${cartLines.color} <> ${color}`,
      ),
    );
  return row?.n ?? 0;
}

/** Stock is per size: every colour of one size draws on the same figure. */
function checkStock(stock: number, wanted: number): void {
  if (wanted > stock) {
    throw new ConflictError(onlyInStockMessage(stock), { available: Math.max(0, stock) });
  }
}

export function createCartService(deps: { db: Db }) {
  const { db } = deps;
  const read = async (userId: string) => toCart(await readCart(db, userId));

  return {
    list: read,

    /** Three round trips: the checks' one query, the upsert, the cart read back. */
    async add(userId: string, input: AddToCart): Promise<Cart> {
      const info = await sizeAndHeld(db, userId, input.productId, input.size);
      const color = checkColor(info, input.color);
      if (info.stock <= 0) throw new ConflictError(CART_MESSAGES.outOfStock, { available: 0 });
      checkStock(info.stock, info.held + input.quantity);
      await db
        .insert(cartLines)
        .values({
          userId,
          productId: input.productId,
          size: input.size,
          color,
          quantity: input.quantity,
        })
        .onConflictDoUpdate({
          target: [cartLines.userId, cartLines.productId, cartLines.size, cartLines.color],
          set: { quantity: sql`${cartLines.quantity} + excluded.quantity` },
        });
      return read(userId);
    },

    async update(userId: string, input: UpdateCart): Promise<Cart> {
      await db.transaction(async (tx) => {
        const line = await findLine(tx, userId, input);
        if (input.quantity === 0) {
          if (line) await tx.delete(cartLines).where(eq(cartLines.id, line.id));
          return;
        }
        if (!line) {
          // Tell a vanished product apart from a line that is simply not there.
          await productSize(tx, input.productId, input.size);
          throw new NotFoundError(CART_MESSAGES.notInCart);
        }
        const info = await productSize(tx, input.productId, input.size);
        // Decreasing never needs stock (the line may already hold more than is left).
        if (input.quantity > line.quantity) {
          const others = await otherColoursQuantity(
            tx,
            userId,
            input.productId,
            input.size,
            line.color,
          );
          checkStock(info.stock, others + input.quantity);
        }
        await tx
          .update(cartLines)
          .set({ quantity: input.quantity })
          .where(eq(cartLines.id, line.id));
      });
      return read(userId);
    },

    async remove(userId: string, input: RemoveFromCart): Promise<Cart> {
      const line = await findLine(db, userId, input);
      if (line) await db.delete(cartLines).where(eq(cartLines.id, line.id));
      return read(userId);
    },

    async clear(userId: string): Promise<Cart> {
      await db.delete(cartLines).where(eq(cartLines.userId, userId));
      return [];
    },
  };
}
export type CartService = ReturnType<typeof createCartService>;
