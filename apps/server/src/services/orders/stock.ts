/**
 * Taking and returning stock for orders. Stock is per size; every decrement is one conditional
 * update (`stock = stock - q where stock >= q`), so however many buyers race no size goes below
 * zero, and the CHECK constraint on product_sizes.stock stays the last guard. Sizes are always
 * touched in (product, size) order so two orders never wait on each other's rows crosswise.
 */
import { onlyInStockMessage } from "@vastra/contracts";
import { and, eq, gte, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { productSizes } from "../../db/schema.ts";
import { ConflictError } from "../errors.ts";

export type StockItem = {
  productId: string | null;
  size: string;
  quantity: number;
  title: string;
};

type SizeNeed = { productId: string; size: string; quantity: number; title: string };

/** Quantities per (product, size), colours added together, in lock order. */
function bySize(items: StockItem[]): SizeNeed[] {
  const map = new Map<string, SizeNeed>();
  for (const item of items) {
    if (!item.productId) continue;
    const key = `${item.productId}\u0000${item.size}`;
    const found = map.get(key);
    if (found) found.quantity += item.quantity;
    else
      map.set(key, {
        productId: item.productId,
        size: item.size,
        quantity: item.quantity,
        title: item.title,
      });
  }
  return [...map.values()].sort((a, b) =>
    a.productId === b.productId
      ? a.size < b.size
        ? -1
        : a.size > b.size
          ? 1
          : 0
      : a.productId < b.productId
        ? -1
        : 1,
  );
}

async function currentStock(tx: DbOrTx, productId: string, size: string): Promise<number> {
  const [row] = await tx
    .select({ stock: productSizes.stock })
    .from(productSizes)
    .where(and(eq(productSizes.productId, productId), eq(productSizes.size, size)));
  return row?.stock ?? 0;
}

/** What a refusal says: the spec's stock text, then which item it is about. */
export function stockMessage(available: number, title: string, size: string): string {
  return `${onlyInStockMessage(available)} (${title}, size ${size})`;
}

/**
 * Takes the items out of stock, or throws a 409 naming the first item that has too little (the
 * caller's transaction then rolls back whatever this call already took). Items whose product is
 * gone are refused too, through `missingProduct`.
 */
export async function takeStock(
  tx: DbOrTx,
  items: StockItem[],
  messages: {
    short?: (available: number, need: SizeNeed) => string;
    missingProduct?: (title: string) => string;
  } = {},
): Promise<void> {
  const gone = items.find((item) => !item.productId);
  if (gone) {
    throw new ConflictError(
      messages.missingProduct?.(gone.title) ?? `${gone.title} is no longer available`,
    );
  }
  // Sent together (one round trip for the whole order): the database runs them one after the
  // other in this (lock) order, as if awaited one by one.
  const needs = bySize(items);
  const results = await Promise.all(
    needs.map((need) =>
      tx
        .update(productSizes)
        .set({ stock: sql`${productSizes.stock} - ${need.quantity}` })
        .where(
          and(
            eq(productSizes.productId, need.productId),
            eq(productSizes.size, need.size),
            gte(productSizes.stock, need.quantity),
          ),
        )
        .returning({ stock: productSizes.stock }),
    ),
  );
  for (const [i, need] of needs.entries()) {
    if (results[i]!.length === 0) {
      const available = await currentStock(tx, need.productId, need.size);
      throw new ConflictError(
        messages.short?.(available, need) ?? stockMessage(available, need.title, need.size),
        { productId: need.productId, size: need.size, available },
      );
    }
  }
}

/** Puts the items back (sizes deleted since are skipped: nothing to return them to). */
export async function returnStock(tx: DbOrTx, items: StockItem[]): Promise<void> {
  for (const need of bySize(items)) {
    await tx
      .update(productSizes)
      .set({ stock: sql`${productSizes.stock} + ${need.quantity}` })
      .where(and(eq(productSizes.productId, need.productId), eq(productSizes.size, need.size)));
  }
}
