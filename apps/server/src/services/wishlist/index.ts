/**
 * The shopper's wishlist (issue #15, record 0045): saved products, at most WISHLIST_MAX per
 * shopper, one row per product (saving again changes nothing). A deleted product's row goes with
 * it (the foreign key cascades); a product with no sizes left shows as unavailable. Moving to the
 * cart adds one of the chosen size under the cart's own rules and takes the product off the
 * wishlist, in one transaction.
 */
import {
  type moveToCartSchema,
  WISHLIST_MAX,
  WISHLIST_MESSAGES,
  type Wishlist,
  type WishlistItem,
} from "@vastra/contracts";
import { and, asc, count, desc, eq, inArray } from "drizzle-orm";
import type { z } from "zod";
import type { Db, DbOrTx } from "../../db/client.ts";
import { productSizes, products, users, wishlistItems } from "../../db/schema.ts";
import type { CartService } from "../cart/index.ts";
import { isUuid, rupees } from "../cart/index.ts";
import { ConflictError, NotFoundError, UnauthorizedError } from "../errors.ts";

export type MoveToCart = z.output<typeof moveToCartSchema>;

/** The saved products' ids, newest first. */
async function savedIds(db: DbOrTx, userId: string): Promise<string[]> {
  const rows = await db
    .select({ productId: wishlistItems.productId })
    .from(wishlistItems)
    .where(eq(wishlistItems.userId, userId))
    .orderBy(desc(wishlistItems.createdAt), desc(wishlistItems.id));
  return rows.map((r) => r.productId);
}

/** 404 for a product id that is not a UUID or names no product. */
async function existingProduct(db: DbOrTx, productId: string): Promise<void> {
  if (!isUuid(productId)) throw new NotFoundError(WISHLIST_MESSAGES.productNotFound);
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.id, productId));
  if (!row) throw new NotFoundError(WISHLIST_MESSAGES.productNotFound);
}

/**
 * Locks the shopper's row (FOR NO KEY UPDATE, like the address book): a shopper's wishlist
 * writers queue here, so simultaneous saves never pass the cap.
 */
async function lockShopper(tx: DbOrTx, userId: string): Promise<void> {
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.id, userId))
    .for("no key update");
  if (!row) throw new UnauthorizedError(WISHLIST_MESSAGES.signIn);
}

export function createWishlistService(deps: { db: Db; cart: CartService }) {
  const { db, cart } = deps;

  return {
    ids: (userId: string) => savedIds(db, userId),

    /** The saved products with the catalogue's current figures, newest first. */
    async list(userId: string): Promise<Wishlist> {
      const rows = await db
        .select({
          productId: products.id,
          title: products.title,
          imageUrl: products.imageUrl,
          pricePaise: products.pricePaise,
          mrpPaise: products.mrpPaise,
          colors: products.colors,
          defaultColor: products.defaultColor,
          savedAt: wishlistItems.createdAt,
        })
        .from(wishlistItems)
        .innerJoin(products, eq(products.id, wishlistItems.productId))
        .where(eq(wishlistItems.userId, userId))
        .orderBy(desc(wishlistItems.createdAt), desc(wishlistItems.id));
      const ids = rows.map((r) => r.productId);
      const sizes =
        ids.length === 0
          ? []
          : await db
              .select({
                productId: productSizes.productId,
                size: productSizes.size,
                stock: productSizes.stock,
              })
              .from(productSizes)
              .where(inArray(productSizes.productId, ids))
              .orderBy(asc(productSizes.position), asc(productSizes.size));
      const items: WishlistItem[] = rows.map((row) => {
        const sizeStock = sizes
          .filter((s) => s.productId === row.productId)
          .map(({ size, stock }) => ({ size, stock }));
        const state: WishlistItem["state"] =
          sizeStock.length === 0
            ? "unavailable"
            : sizeStock.some((s) => s.stock > 0)
              ? "available"
              : "out_of_stock";
        return {
          productId: row.productId,
          title: row.title,
          imageUrl: row.imageUrl,
          price: rupees(row.pricePaise),
          ...(row.mrpPaise !== null && row.mrpPaise > row.pricePaise
            ? { mrp: rupees(row.mrpPaise) }
            : {}),
          sizeStock,
          colors: row.colors,
          ...(row.defaultColor ? { defaultColor: row.defaultColor } : {}),
          state,
          savedAt: row.savedAt.toISOString(),
        };
      });
      return { items };
    },

    /** Saves a product; saving one already saved changes nothing. The cap is checked under lock. */
    async add(userId: string, productId: string): Promise<string[]> {
      await existingProduct(db, productId);
      return db.transaction(async (tx) => {
        await lockShopper(tx, userId);
        const [already] = await tx
          .select({ id: wishlistItems.id })
          .from(wishlistItems)
          .where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)));
        if (!already) {
          const [held] = await tx
            .select({ n: count() })
            .from(wishlistItems)
            .where(eq(wishlistItems.userId, userId));
          if ((held?.n ?? 0) >= WISHLIST_MAX) {
            throw new ConflictError(WISHLIST_MESSAGES.full, { max: WISHLIST_MAX });
          }
          await tx.insert(wishlistItems).values({ userId, productId }).onConflictDoNothing();
        }
        return savedIds(tx, userId);
      });
    },

    /** Takes a product off the wishlist (one not saved, or gone: nothing to do). */
    async remove(userId: string, productId: string): Promise<string[]> {
      if (isUuid(productId)) {
        await db
          .delete(wishlistItems)
          .where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)));
      }
      return savedIds(db, userId);
    },

    /**
     * One of the chosen size (and colour) into the cart under the cart's rules (stock, sizes,
     * colours), and the product off the wishlist, in one transaction: refused, nothing changes.
     */
    async moveToCart(userId: string, productId: string, input: MoveToCart): Promise<string[]> {
      if (!isUuid(productId)) throw new NotFoundError(WISHLIST_MESSAGES.notSaved);
      return db.transaction(async (tx) => {
        const [item] = await tx
          .select({ id: wishlistItems.id })
          .from(wishlistItems)
          .where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)))
          .for("update");
        if (!item) throw new NotFoundError(WISHLIST_MESSAGES.notSaved);
        const sizes = await tx
          .select({ stock: productSizes.stock })
          .from(productSizes)
          .where(eq(productSizes.productId, productId));
        if (sizes.length === 0) {
          throw new ConflictError(WISHLIST_MESSAGES.unavailable, { available: 0 });
        }
        await cart.addWithin(tx, userId, {
          productId,
          size: input.size,
          color: input.color,
          quantity: 1,
        });
        await tx.delete(wishlistItems).where(eq(wishlistItems.id, item.id));
        return savedIds(tx, userId);
      });
    },
  };
}
export type WishlistService = ReturnType<typeof createWishlistService>;
