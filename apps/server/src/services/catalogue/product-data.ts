/**
 * Product data a clothing shop needs (issue #16, record 0041), for the admin's product service:
 * the MRP, fabric and care columns of a write, SKUs (the product's and each size's: unique ignoring
 * case across every product, a default from the product's id when left empty; migration 0018), and
 * the admin's product search (every word typed, as the start of a word of the title, categories,
 * colours, gender, fabric or a SKU; case and accents ignored).
 */

import { ADMIN_PRODUCT_MESSAGES as M, type ProductWrite, sameLabel } from "@vastra/contracts";
import { toPaise } from "@vastra/contracts/money";
import { and, eq, type SQL, sql } from "drizzle-orm";
import { rowsOf, type Tx } from "../../db/client.ts";
import { productSizes, products } from "../../db/schema.ts";
import { ValidationError } from "../errors.ts";
import { qualified } from "./sql.ts";

const MAX_SEARCH_WORDS = 8;

/** Lower case without accents, as the database's fold_text (migration 0018). */
export const foldText = (text: string) =>
  text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();

/**
 * The admin search's conditions: each word typed (letters and digits; '-', '/', '.' and '_' kept
 * inside a SKU-like word) must begin a word of the product's admin search text. Served by the
 * text's trigram index (products_admin_search_trgm_idx).
 */
export function adminSearchConditions(search: string): SQL[] {
  const words =
    foldText(search.normalize("NFKC")).match(/[\p{L}\p{N}]+(?:[._/-][\p{L}\p{N}]+)*/gu) ?? [];
  const unique = [...new Set(words)].slice(0, MAX_SEARCH_WORDS);
  // Nothing searchable typed ('%%'): nothing matches, as the shopper's search.
  if (unique.length === 0) return [sql`false`];
  // A regular expression of the word as written: every character not a letter or digit escaped.
  const escaped = (word: string) => word.replace(/[^\p{L}\p{N}]/gu, (c) => `\\${c}`);
  return unique.map(
    (word) => sql`${qualified(products.adminSearch)} ~ ${`(^|[^[:alnum:]])${escaped(word)}`}`,
  );
}

/** The product row's data columns of a write; undefined fields are left as they are. */
export function productDataColumns(body: ProductWrite): {
  mrpPaise?: number | null;
  fabric?: string;
  care?: string;
  sku?: string;
} {
  const columns: ReturnType<typeof productDataColumns> = {};
  if (body.mrp !== undefined) columns.mrpPaise = body.mrp === null ? null : toPaise(body.mrp);
  if (body.fabric !== undefined) columns.fabric = body.fabric?.trim() ?? "";
  if (body.care !== undefined) columns.care = body.care?.trim() ?? "";
  // An empty SKU takes the default (the database's trigger makes it from the id).
  if (body.sku !== undefined) columns.sku = body.sku?.trim().toUpperCase() ?? "";
  return columns;
}

/** The MRP must stay above the price (one given in the write, or the one kept). */
export function checkMrp(pricePaise: number, mrpPaise: number | null | undefined): void {
  if (mrpPaise !== null && mrpPaise !== undefined && mrpPaise <= pricePaise) {
    throw ValidationError.field("mrp", M.mrpNotAbovePrice);
  }
}

/** Each size's SKU as given (upper-cased; "" for the default), by the size's spelling in `sizes`. */
function givenSizeSkus(body: ProductWrite, sizes: readonly string[]): Map<string, string> {
  const given = new Map<string, string>();
  for (const entry of body.sizeSkus ?? []) {
    const size = sizes.find((s) => sameLabel(s, entry.size));
    if (size) given.set(size, entry.sku.trim().toUpperCase());
  }
  return given;
}

/**
 * Refuses SKUs another product uses (as its own SKU or a size's): checked before writing, so the
 * admin reads which one, rather than the unique index's refusal.
 */
export async function checkSkusFree(
  tx: Tx,
  productId: string | null,
  body: ProductWrite,
  sizes: readonly string[],
): Promise<void> {
  const base = body.sku?.trim().toUpperCase();
  const wanted = [
    ...(base ? [{ field: "sku", sku: base }] : []),
    ...[...givenSizeSkus(body, sizes).values()]
      .filter(Boolean)
      .map((sku) => ({ field: "sizeSkus", sku })),
  ];
  if (wanted.length === 0) return;
  const list = sql.join(
    wanted.map((w) => sql`lower(${w.sku})`),
    sql`, `,
  );
  const other = productId ? sql` and product_id <> ${productId}::uuid` : sql``;
  const otherProduct = productId ? sql` and id <> ${productId}::uuid` : sql``;
  const taken = await tx.execute(sql`
    select sku from products where lower(sku) in (${list})${otherProduct}
    union all
    select sku from product_sizes where lower(sku) in (${list})${other}
    limit 1`);
  const clash = rowsOf<{ sku: string }>(taken)[0];
  if (clash) {
    const hit = wanted.find((w) => w.sku.toLowerCase() === clash.sku.toLowerCase())!;
    throw ValidationError.field(hit.field, M.skuTaken(hit.sku));
  }
}

/**
 * Writes the SKUs given for the product's sizes (after its sizes are written): a SKU given sets
 * it, "" resets it to the default; sizes not named keep theirs (new ones got the default).
 */
export async function writeSizeSkus(
  tx: Tx,
  productId: string,
  body: ProductWrite,
  sizes: readonly string[],
): Promise<void> {
  for (const [size, sku] of givenSizeSkus(body, sizes)) {
    await tx
      .update(productSizes)
      .set({ sku })
      .where(and(eq(productSizes.productId, productId), eq(productSizes.size, size)));
  }
}

/** Whether the error is a SKU unique index refusing (two writes racing for one SKU). */
export function isSkuClash(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    const x = e as { code?: unknown; constraint?: unknown; constraint_name?: unknown };
    if (x.code === "23505") {
      const constraint = String(x.constraint ?? x.constraint_name ?? "");
      return (
        constraint === "products_sku_lower_key" || constraint === "product_sizes_sku_lower_key"
      );
    }
  }
  return false;
}
