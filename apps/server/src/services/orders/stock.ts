/**
 * Taking and returning stock for orders. Stock is per size; every decrement is conditional
 * (`stock = stock - q where stock >= q`), so however many buyers race no size goes below zero,
 * and the CHECK constraint on product_sizes.stock stays the last guard. Sizes are always locked in
 * (product, size) order (byte order of the size, as JavaScript sorts them) so two orders never
 * wait on each other's rows crosswise.
 */
import { onlyInStockMessage } from "@vastra/contracts";
import { and, eq, sql } from "drizzle-orm";
import { type DbOrTx, rowsOf } from "../../db/client.ts";
import { productSizes } from "../../db/schema.ts";
import { ConflictError } from "../errors.ts";

export type StockItem = {
  productId: string | null;
  size: string;
  quantity: number;
  title: string;
};

type SizeNeed = { productId: string; size: string; quantity: number; title: string };

const sizeKey = (productId: string, size: string) => `${productId}\u0000${size}`;

/** Quantities per (product, size), colours added together, in lock order. */
function bySize(items: StockItem[]): SizeNeed[] {
  const map = new Map<string, SizeNeed>();
  for (const item of items) {
    if (!item.productId) continue;
    const key = sizeKey(item.productId, item.size);
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
  const needs = bySize(items);
  if (needs.length === 0) return;
  // One statement for every size (issue #11: set-based): the rows locked in (product, size) order
  // first, then each decremented only when it holds enough; the statement-level triggers (the
  // activity log, the catalogue's stock notices) run once for the whole order.
  const wanted = sql.join(
    needs.map((n) => sql`(${n.productId}::uuid, ${n.size}::text, ${n.quantity}::int)`),
    sql`, `,
  );
  const taken = rowsOf<{ product_id: string; size: string }>(
    await tx.execute(sql`
      with need (product_id, size, quantity) as (values ${wanted}),
      locked as (
        select s.product_id, s.size from product_sizes s
          join need n on n.product_id = s.product_id and n.size = s.size
         order by s.product_id, s.size collate "C"
           for update of s
      )
      update product_sizes s set stock = s.stock - n.quantity
        from need n, locked l
       where s.product_id = n.product_id and s.size = n.size
         and l.product_id = s.product_id and l.size = s.size
         and s.stock >= n.quantity
      returning s.product_id, s.size`),
  );
  const done = new Set(taken.map((row) => sizeKey(row.product_id, row.size)));
  const short = needs.find((need) => !done.has(sizeKey(need.productId, need.size)));
  if (short) {
    const available = await currentStock(tx, short.productId, short.size);
    throw new ConflictError(
      messages.short?.(available, short) ?? stockMessage(available, short.title, short.size),
      { productId: short.productId, size: short.size, available },
    );
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
