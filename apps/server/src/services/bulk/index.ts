/**
 * The bulk catalogue (issue #15, record 0049): the products CSV (export of the grid's filter,
 * import with a preview), and the orders CSV of a range of India dates.
 *
 * Import:
 * - Every row is read and checked like the admin form (productWriteSchema) plus the service's
 *   rules (categories exist, MRP above the price kept, SKUs free in the file and the shop).
 *   A row with errors is skipped and reported (row, column, message); the valid rows are applied
 *   (per row: what shops expect). A preview (dryRun) checks everything and changes nothing.
 * - The valid rows are written set-based in one transaction: a handful of statements whatever the
 *   row count (jsonb_to_recordset: one parameter per statement), one search-document refresh for
 *   the batch, so the catalogue's version triggers (statement-level) bump once per statement.
 * - Columns left out of the file keep a product's current values on update (the form's
 *   defaults on create).
 * - Pictures: stored ones (/images/…) are kept; https:// addresses are fetched (fetch-image.ts);
 *   names are taken from the uploaded zip (zip.ts). Each is re-encoded like an upload, under an
 *   import session, claimed by the save; the session's leftovers are deleted afterwards.
 */

import { randomUUID } from "node:crypto";
import {
  type AdminProductListQuery,
  BULK_LIMITS,
  BULK_MESSAGES,
  defaultColorFor,
  ERROR_REPORT_HEADER,
  type ImportRowError,
  istDayStart,
  ORDER_CSV_HEADER,
  type OrderExportQuery,
  PRODUCT_CSV_COLUMNS,
  PRODUCT_CSV_REQUIRED,
  type ProductCsvColumn,
  type ProductImportReply,
  paymentMethodLabel,
  sameLabel,
} from "@vastra/contracts";
import { toPaise } from "@vastra/contracts/money";
import { and, type SQL, sql } from "drizzle-orm";
import { type Db, rowsOf, type Tx } from "../../db/client.ts";
import { withActivityContext } from "../activity/context.ts";
import { listConditions } from "../catalogue/admin-products.ts";
import { refreshSearchDocument } from "../catalogue/search.ts";
import type { Clock } from "../clock.ts";
import { AppError, ConflictError, ValidationError } from "../errors.ts";
import { csvSafe } from "../stats/csv.ts";
import type { UploadService } from "../uploads/index.ts";
import { FetchImageError, fetchRemoteImage } from "./fetch-image.ts";
import {
  type CsvRow,
  type ExportedProduct,
  type ParsedRow,
  parseProductRow,
  productToCsvRow,
} from "./product-csv.ts";
import { readZip, zipKey } from "./zip.ts";

const EXPORT_PAGE = 1000;
const ORDER_PAGE = 500;

type ExportRow = {
  id: string;
  cursor: string;
  sku: string;
  title: string;
  description: string;
  price_paise: number;
  mrp_paise: number | null;
  gender: string;
  colors: string[];
  default_color: string | null;
  fabric: string;
  care: string;
  low_stock_threshold: number;
  image_url: string;
  is_hero: boolean;
  hero_image: string | null;
  hero_tagline: string | null;
  hsn_code: string;
  tax_class: string;
  sizes: Array<{ size: string; stock: number; sku: string }>;
  categories: string[];
  images: Array<{ color: string | null; url: string }>;
};

const json = <T>(v: unknown): T => (typeof v === "string" ? JSON.parse(v) : v) as T;

/** A valid row ready to write. */
type Planned = ParsedRow & { line: number; id: string; isNew: boolean; oldMrp: number | null };

const rupees = (paise: number) => (Number(paise) / 100).toFixed(2);

export function createBulkCatalogueService(deps: { db: Db; clock: Clock; uploads: UploadService }) {
  const { db, clock, uploads } = deps;

  /** The CSV's rows (header first), read a page at a time: never the whole catalogue in memory. */
  async function* exportProducts(query: AdminProductListQuery): AsyncGenerator<string[]> {
    yield [...PRODUCT_CSV_COLUMNS];
    const filters = listConditions(query);
    let after: { cursor: string; id: string } | undefined;
    for (;;) {
      const keyset = after
        ? sql`(products.created_at < ${after.cursor}::timestamptz or (products.created_at = ${after.cursor}::timestamptz and products.id > ${after.id}::uuid))`
        : undefined;
      const where = and(...filters, ...(keyset ? [keyset] : []));
      const result = await db.execute(sql`
        select products.id, products.created_at::text as cursor, products.sku, products.title,
          products.description, products.price_paise, products.mrp_paise, products.gender::text as gender,
          products.colors, products.default_color, products.fabric, products.care,
          products.low_stock_threshold, products.image_url, products.is_hero, products.hero_image,
          products.hero_tagline, products.hsn_code, products.tax_class,
          (select coalesce(json_agg(json_build_object('size', s.size, 'stock', s.stock, 'sku', s.sku)
              order by s.position, s.size), '[]'::json)
            from product_sizes s where s.product_id = products.id) as sizes,
          (select coalesce(json_agg(c.name order by pc.position, c.name), '[]'::json)
            from product_categories pc join categories c on c.id = pc.category_id
            where pc.product_id = products.id) as categories,
          (select coalesce(json_agg(json_build_object('color', i.color, 'url', i.url)
              order by i.position), '[]'::json)
            from product_images i where i.product_id = products.id) as images
        from products
        ${where ? sql`where ${where}` : sql``}
        order by products.created_at desc, products.id asc
        limit ${EXPORT_PAGE}`);
      const rows = rowsOf<ExportRow>(result);
      for (const r of rows) {
        const product: ExportedProduct = {
          sku: r.sku,
          title: r.title,
          description: r.description,
          pricePaise: Number(r.price_paise),
          mrpPaise: r.mrp_paise === null ? null : Number(r.mrp_paise),
          gender: r.gender,
          categories: json<string[]>(r.categories),
          colors: r.colors,
          defaultColor: r.default_color,
          sizes: json<ExportRow["sizes"]>(r.sizes),
          fabric: r.fabric,
          care: r.care,
          lowStockThreshold: Number(r.low_stock_threshold),
          imageUrl: r.image_url,
          images: json<ExportRow["images"]>(r.images),
          isHero: r.is_hero,
          heroImage: r.hero_image,
          heroTagline: r.hero_tagline,
          hsnCode: r.hsn_code,
          taxClass: r.tax_class,
        };
        yield productToCsvRow(product);
      }
      if (rows.length < EXPORT_PAGE) return;
      const last = rows.at(-1)!;
      after = { cursor: last.cursor, id: last.id };
    }
  }

  /** The CSV's header and rows, or a 400 for a file that cannot be used at all. */
  async function readCsv(csv: Buffer): Promise<{ header: ProductCsvColumn[]; rows: CsvRow[] }> {
    const { parse } = await import("csv-parse/sync");
    let records: string[][];
    try {
      records = parse(csv, {
        bom: true,
        skip_empty_lines: true,
        relax_column_count: false,
        to: BULK_LIMITS.rows + 2,
      }) as string[][];
    } catch {
      throw ValidationError.field("file", BULK_MESSAGES.notCsv);
    }
    const [head, ...rest] = records;
    if (!head) throw ValidationError.field("file", BULK_MESSAGES.empty);
    const header: ProductCsvColumn[] = [];
    const errors: Record<string, string> = {};
    for (const raw of head) {
      const name = raw.trim().toLowerCase().replace(/\s+/g, "_");
      if (!(PRODUCT_CSV_COLUMNS as readonly string[]).includes(name)) {
        errors[name || "file"] = BULK_MESSAGES.unknownColumn(raw.trim());
      } else if (header.includes(name as ProductCsvColumn)) {
        errors[name] = BULK_MESSAGES.duplicateColumn(name);
      }
      header.push(name as ProductCsvColumn);
    }
    for (const column of PRODUCT_CSV_REQUIRED) {
      if (!header.includes(column)) errors[column] = BULK_MESSAGES.missingColumn(column);
    }
    const first = Object.values(errors)[0];
    if (first) throw new ValidationError(first, errors);
    if (rest.length === 0) throw ValidationError.field("file", BULK_MESSAGES.empty);
    if (rest.length > BULK_LIMITS.rows)
      throw ValidationError.field("file", BULK_MESSAGES.tooManyRows);
    const rows = rest.map((record) => {
      const row: CsvRow = {};
      header.forEach((column, i) => {
        row[column] = record[i] ?? "";
      });
      return row;
    });
    return { header, rows };
  }

  /**
   * Checks every row; returns the valid ones planned (new or update, by SKU) and the errors.
   * Reads the shop's categories and the SKUs in the file in three queries, whatever the size.
   */
  async function plan(
    header: ProductCsvColumn[],
    rows: CsvRow[],
    inZip: (name: string) => boolean,
  ): Promise<{ planned: Planned[]; errors: ImportRowError[]; failedLines: Set<number> }> {
    const has = new Set<string>(header);
    const categoryRows = rowsOf<{ id: string; name: string }>(
      await db.execute(sql`select id, name from categories`),
    );
    const categoryId = new Map(categoryRows.map((c) => [c.name.trim().toLowerCase(), c.id]));
    const errors: ImportRowError[] = [];
    const failedLines = new Set<number>();
    const parsed: Array<ParsedRow & { line: number }> = [];
    rows.forEach((row, i) => {
      const line = i + 2;
      const result = parseProductRow(row, has, categoryId, inZip, `pending-${line}-`);
      if (result.ok) parsed.push({ ...result.value, line });
      else {
        failedLines.add(line);
        for (const e of result.errors) errors.push({ row: line, ...e });
      }
    });

    // Existing products by SKU (the match key), with the MRP an update keeps when not given.
    const skus = [
      ...new Set(parsed.map((p) => p.body.sku?.trim().toLowerCase()).filter((s) => !!s)),
    ] as string[];
    const existing = new Map<string, { id: string; mrp: number | null }>();
    if (skus.length > 0) {
      const found = rowsOf<{ id: string; sku: string; mrp_paise: number | null }>(
        await db.execute(sql`select id, sku, mrp_paise from products
          where lower(sku) = any(${textArray(skus)})`),
      );
      for (const f of found) existing.set(f.sku.toLowerCase(), { id: f.id, mrp: f.mrp_paise });
    }

    // SKUs already taken in the shop (products' and sizes'), to tell which product holds them.
    const sizeSkus = parsed.flatMap((p) =>
      (p.body.sizeSkus ?? []).map((s) => s.sku.trim().toLowerCase()).filter(Boolean),
    );
    const allSkus = [...new Set([...skus, ...sizeSkus])];
    const owners = new Map<string, string[]>();
    if (allSkus.length > 0) {
      const taken = rowsOf<{ sku: string; product_id: string }>(
        await db.execute(sql`
          select lower(sku) as sku, id as product_id from products where lower(sku) = any(${textArray(allSkus)})
          union all
          select lower(sku), product_id from product_sizes where lower(sku) = any(${textArray(allSkus)})`),
      );
      for (const t of taken) owners.set(t.sku, [...(owners.get(t.sku) ?? []), t.product_id]);
    }

    const seen = new Map<string, number>();
    const planned: Planned[] = [];
    for (const p of parsed) {
      const rowErrors: Array<{ column: string; message: string }> = [];
      const sku = p.body.sku?.trim().toLowerCase() ?? "";
      const match = sku ? existing.get(sku) : undefined;
      const id = match?.id ?? randomUUID();
      const mine = (s: string) => (owners.get(s) ?? []).every((owner) => owner === id);
      const claim = (s: string, column: string) => {
        const other = seen.get(s);
        if (other !== undefined && other !== p.line) {
          rowErrors.push({
            column,
            message: BULK_MESSAGES.duplicateSkuInFile(s.toUpperCase(), other),
          });
          return;
        }
        seen.set(s, p.line);
        if (!mine(s)) {
          rowErrors.push({
            column,
            message: `SKU ${s.toUpperCase()} is already used by another product`,
          });
        }
      };
      if (sku) claim(sku, "sku");
      for (const s of p.body.sizeSkus ?? []) {
        const k = s.sku.trim().toLowerCase();
        if (k && !rowErrors.some((e) => e.column === "size_skus")) claim(k, "size_skus");
      }
      // The MRP an update keeps must stay above the new price (the form's rule).
      const pricePaise = toPaise(p.body.price ?? 0);
      const mrpPaise =
        p.body.mrp === undefined
          ? (match?.mrp ?? null)
          : p.body.mrp === null
            ? null
            : toPaise(p.body.mrp);
      if (mrpPaise !== null && mrpPaise <= pricePaise && !has.has("mrp")) {
        rowErrors.push({
          column: "price",
          message: "The MRP must be more than the price (leave it empty when there is no discount)",
        });
      }
      if (rowErrors.length > 0) {
        failedLines.add(p.line);
        for (const e of rowErrors) errors.push({ row: p.line, ...e });
        continue;
      }
      planned.push({ ...p, id, isNew: !match, oldMrp: match?.mrp ?? null });
    }
    errors.sort((a, b) => a.row - b.row);
    return { planned, errors, failedLines };
  }

  /** Fetches or unpacks the pictures the rows name; a row whose picture fails is dropped. */
  async function resolveImages(
    planned: Planned[],
    zip: Map<string, Buffer> | undefined,
    sessionId: string,
    userId: string | null,
    errors: ImportRowError[],
    failedLines: Set<number>,
  ): Promise<Planned[]> {
    const remote = new Set<string>();
    for (const p of planned) {
      for (const ref of p.pending.values()) if (ref.kind === "remote") remote.add(ref.value);
    }
    if (remote.size > BULK_LIMITS.remoteImages) {
      throw ValidationError.field("file", BULK_MESSAGES.tooManyRemote);
    }
    // One stored picture per distinct source, however many rows name it.
    const stored = new Map<string, Promise<string>>();
    const store = (kind: "remote" | "zip", value: string): Promise<string> => {
      const key = `${kind}:${kind === "zip" ? zipKey(value) : value}`;
      let done = stored.get(key);
      if (!done) {
        done = (async () => {
          const bytes = kind === "zip" ? zip?.get(zipKey(value)) : await fetchRemoteImage(value);
          if (!bytes) throw new FetchImageError("it is not in the zip");
          const up = await uploads.upload({
            sessionId,
            kind: "product-image",
            bytes,
            filename: zipKey(value) || "image",
            userId,
          });
          return up.url;
        })();
        done.catch(() => {});
        stored.set(key, done);
      }
      return done;
    };
    const kept: Planned[] = [];
    // A few at a time: the image module re-encodes on this machine's cores.
    const queue = [...planned];
    const worker = async () => {
      for (let p = queue.shift(); p; p = queue.shift()) {
        if (p.pending.size === 0) {
          kept.push(p);
          continue;
        }
        const urls = new Map<string, string>();
        let failed = false;
        for (const [placeholder, ref] of p.pending) {
          try {
            urls.set(placeholder, await store(ref.kind as "remote" | "zip", ref.value));
          } catch (error) {
            const column = columnOfPlaceholder(p, placeholder);
            const message =
              error instanceof FetchImageError
                ? ref.kind === "zip"
                  ? BULK_MESSAGES.imageNotInZip(ref.value)
                  : BULK_MESSAGES.imageFetch(error.message)
                : error instanceof AppError
                  ? `${ref.value}: ${error.message}`
                  : BULK_MESSAGES.imageFetch("it could not be read");
            errors.push({ row: p.line, column, message });
            failedLines.add(p.line);
            failed = true;
            break;
          }
        }
        if (failed) continue;
        const swap = (u: string) => urls.get(u) ?? u;
        const b = p.body;
        b.imageUrl = swap(b.imageUrl);
        b.additionalImages = b.additionalImages.map(swap);
        b.colorImages = b.colorImages.map((c) => ({ ...c, imageUrl: swap(c.imageUrl) }));
        if (b.heroImage) b.heroImage = swap(b.heroImage);
        kept.push(p);
      }
    };
    await Promise.all([worker(), worker()]);
    errors.sort((a, b) => a.row - b.row);
    return kept.sort((a, b) => a.line - b.line);
  }

  /** Writes the planned rows: a fixed number of statements for the whole batch. */
  async function write(
    tx: Tx,
    planned: Planned[],
    has: Set<string>,
    actorId: string | null,
  ): Promise<string[]> {
    const now = clock().toISOString();
    await withActivityContext(tx, { actorId, reason: "import" });
    // The statement-level triggers (catalogue version, activity history) query their transition
    // tables from PL/pgSQL, whose plans are cached per connection: planned for the few rows of an
    // order, a join over 40,000 sizes runs as a nested loop (minutes). Plan them afresh for this
    // batch, and again afterwards for the small writes that follow.
    await tx.execute(sql`discard plans`);
    const productRows = planned.map((p) => {
      const b = p.body;
      const colors = b.colors.map((c) => c.trim());
      return {
        id: p.id,
        is_new: p.isNew,
        title: b.title.trim(),
        description: b.description.trim(),
        price_paise: toPaise(b.price ?? 0),
        mrp_paise: b.mrp === undefined ? p.oldMrp : b.mrp === null ? null : toPaise(b.mrp),
        low_stock_threshold: b.lowStockThreshold,
        gender: b.gender ?? "Unisex",
        image_url: b.imageUrl.trim(),
        colors,
        default_color: defaultColorFor(colors, b.defaultColor),
        is_hero: b.isHero,
        hero_image: b.heroImage?.trim() || null,
        hero_tagline: b.heroTagline?.trim() || null,
        sku: b.sku?.trim().toUpperCase() ?? "",
        fabric: b.fabric?.trim() ?? "",
        care: b.care?.trim() ?? "",
        hsn_code: b.hsnCode ?? "6211",
        tax_class: b.taxClass ?? "apparel",
      };
    });
    const ids = planned.map((p) => p.id);
    const updatedIds = planned.filter((p) => !p.isNew).map((p) => p.id);
    /** The products whose search text may have changed: new ones and those rewritten below. */
    const refresh = new Set(planned.filter((p) => p.isNew).map((p) => p.id));

    // Pictures the updated products hold now, to release the ones they stop using.
    const before = updatedIds.length
      ? rowsOf<{ url: string }>(
          await tx.execute(sql`
            select image_url as url from products where id = any(${uuidArray(updatedIds)})
            union all select hero_image from products where id = any(${uuidArray(updatedIds)}) and hero_image is not null
            union all select url from product_images where product_id = any(${uuidArray(updatedIds)})`),
        ).map((r) => r.url)
      : [];

    const recordset = sql`jsonb_to_recordset(${JSON.stringify(productRows)}::jsonb) as x(
      id uuid, is_new boolean, title text, description text, price_paise integer, mrp_paise integer,
      low_stock_threshold integer, gender text, image_url text, colors jsonb, default_color text,
      is_hero boolean, hero_image text, hero_tagline text, sku text, fabric text, care text,
      hsn_code text, tax_class text)`;
    const colorsOf = sql.raw("array(select jsonb_array_elements_text(x.colors))");

    await tx.execute(sql`
      insert into products (id, title, description, price_paise, mrp_paise, low_stock_threshold,
        gender, image_url, colors, default_color, is_hero, hero_image, hero_tagline, sku, fabric,
        care, hsn_code, tax_class, created_at, updated_at)
      select x.id, x.title, x.description, x.price_paise, x.mrp_paise, x.low_stock_threshold,
        x.gender::gender, x.image_url, ${colorsOf}, x.default_color, x.is_hero, x.hero_image,
        x.hero_tagline, x.sku, x.fabric, x.care, x.hsn_code, x.tax_class,
        ${now}::timestamptz, ${now}::timestamptz
      from ${recordset} where x.is_new`);

    if (updatedIds.length > 0) {
      // Only the columns the file has (a column left out keeps the product's value).
      // Only the columns the file has (a column left out keeps the product's value), and only
      // the rows that differ (a re-imported export rewrites nothing).
      const pairs: Array<[string, string]> = [
        ["title", "x.title"],
        ["price_paise", "x.price_paise"],
        ["mrp_paise", "x.mrp_paise"],
        ["gender", "x.gender::gender"],
        ["image_url", "x.image_url"],
      ];
      const optional: Array<[ProductCsvColumn, Array<[string, string]>]> = [
        ["description", [["description", "x.description"]]],
        [
          "colours",
          [
            ["colors", "array(select jsonb_array_elements_text(x.colors))"],
            ["default_color", "x.default_color"],
          ],
        ],
        ["low_stock_threshold", [["low_stock_threshold", "x.low_stock_threshold"]]],
        ["hero", [["is_hero", "x.is_hero"]]],
        ["hero_image", [["hero_image", "x.hero_image"]]],
        ["hero_tagline", [["hero_tagline", "x.hero_tagline"]]],
        ["sku", [["sku", "x.sku"]]],
        ["fabric", [["fabric", "x.fabric"]]],
        ["care", [["care", "x.care"]]],
        ["hsn_code", [["hsn_code", "x.hsn_code"]]],
        ["tax_class", [["tax_class", "x.tax_class"]]],
      ];
      for (const [column, list] of optional) if (has.has(column)) pairs.push(...list);
      const set = sql.raw(pairs.map(([c, e]) => `${c} = ${e}`).join(", "));
      const current = sql.raw(pairs.map(([c]) => `products.${c}`).join(", "));
      const wanted = sql.raw(pairs.map(([, e]) => e).join(", "));
      const changed = rowsOf<{ id: string }>(
        await tx.execute(sql`
          update products set ${set}, updated_at = ${now}::timestamptz
          from ${recordset} where products.id = x.id and not x.is_new
            and (${current}) is distinct from (${wanted})
          returning products.id`),
      );
      for (const r of changed) refresh.add(r.id);
    }

    // Sizes: the file's list, in its order, with its stock (and SKUs when the file has them).
    const sizeRows = planned.flatMap((p) => {
      const skus = new Map(
        (p.body.sizeSkus ?? []).map((s) => [
          s.size.trim().toLowerCase(),
          s.sku.trim().toUpperCase(),
        ]),
      );
      return p.body.sizes.map((size, position) => ({
        product_id: p.id,
        size: size.trim(),
        position,
        stock: p.body.sizeStock?.find((s) => sameLabel(s.size, size))?.stock ?? 0,
        sku: skus.get(size.trim().toLowerCase()) ?? "",
      }));
    });
    const sizeSet = sql`jsonb_to_recordset(${JSON.stringify(sizeRows)}::jsonb)
      as s(product_id uuid, size text, position integer, stock integer, sku text)`;
    if (updatedIds.length > 0) {
      const removed = await tx.execute(sql`
        delete from product_sizes ps where ps.product_id = any(${uuidArray(updatedIds)})
          and not exists (select 1 from ${sizeSet} where s.product_id = ps.product_id and s.size = ps.size)
        returning ps.product_id`);
      for (const r of rowsOf<{ product_id: string }>(removed)) refresh.add(r.product_id);
    }
    const upserted = await tx.execute(sql`
      insert into product_sizes (product_id, size, position, stock, sku)
      select s.product_id, s.size, s.position, s.stock, s.sku from ${sizeSet}
      on conflict (product_id, size) do update set position = excluded.position,
        stock = excluded.stock${has.has("size_skus") ? sql.raw(", sku = excluded.sku") : sql``}
      where (product_sizes.position, product_sizes.stock${has.has("size_skus") ? sql.raw(", product_sizes.sku") : sql``})
        is distinct from (excluded.position, excluded.stock${has.has("size_skus") ? sql.raw(", excluded.sku") : sql``})
      returning product_id`);
    for (const r of rowsOf<{ product_id: string }>(upserted)) refresh.add(r.product_id);

    // What the updated products hold now, to rewrite only the links and pictures that differ.
    const oldLinks = new Map<string, string>();
    const oldImages = new Map<string, { extra: string; coloured: string }>();
    if (updatedIds.length > 0) {
      const links = rowsOf<{ product_id: string; ids: string }>(
        await tx.execute(sql`
          select product_id, string_agg(category_id::text, ',' order by position) as ids
          from product_categories where product_id = any(${uuidArray(updatedIds)})
          group by product_id`),
      );
      for (const l of links) oldLinks.set(l.product_id, l.ids);
      const images = rowsOf<{ product_id: string; extra: string | null; coloured: string | null }>(
        await tx.execute(sql`
          select product_id,
            string_agg(url, ',' order by position) filter (where color is null) as extra,
            string_agg(color || '=' || url, ',' order by position) filter (where color is not null) as coloured
          from product_images where product_id = any(${uuidArray(updatedIds)})
          group by product_id`),
      );
      for (const i of images) {
        oldImages.set(i.product_id, { extra: i.extra ?? "", coloured: i.coloured ?? "" });
      }
    }

    // Categories, when the file has them.
    if (has.has("categories")) {
      const rewrite = planned
        .map((p) => ({ p, ids: [...new Set(p.body.categories.map((c) => c.toLowerCase()))] }))
        .filter(({ p, ids }) => p.isNew || (oldLinks.get(p.id) ?? "") !== ids.join(","));
      const stale = rewrite.filter(({ p }) => !p.isNew).map(({ p }) => p.id);
      if (stale.length > 0) {
        await tx.execute(
          sql`delete from product_categories where product_id = any(${uuidArray(stale)})`,
        );
      }
      const links = rewrite.flatMap(({ p, ids }) => {
        refresh.add(p.id);
        return ids.map((category_id, position) => ({ product_id: p.id, category_id, position }));
      });
      if (links.length > 0) {
        await tx.execute(sql`
          insert into product_categories (product_id, category_id, position)
          select l.product_id, l.category_id, l.position
          from jsonb_to_recordset(${JSON.stringify(links)}::jsonb)
            as l(product_id uuid, category_id uuid, position integer)`);
      }
    }

    // Extra and colour pictures, each when the file has its column, for products where they differ.
    const imageRows: Array<{
      product_id: string;
      color: string | null;
      url: string;
      position: number;
    }> = [];
    const staleImages: string[] = [];
    const bothImageColumns = has.has("additional_images") && has.has("colour_images");
    for (const p of planned) {
      const colors = p.body.colors.map((c) => c.trim());
      const extra = has.has("additional_images")
        ? [...new Set(p.body.additionalImages.map((u) => u.trim()))].map((url) => ({
            color: null,
            url,
          }))
        : [];
      const coloured = has.has("colour_images")
        ? p.body.colorImages.map((c) => ({
            color: colors.find((x) => sameLabel(x, c.color)) ?? c.color.trim(),
            url: c.imageUrl.trim(),
          }))
        : [];
      if (!p.isNew) {
        const old = oldImages.get(p.id) ?? { extra: "", coloured: "" };
        const extraSame = old.extra === extra.map((i) => i.url).join(",");
        const colouredSame = old.coloured === coloured.map((i) => `${i.color}=${i.url}`).join(",");
        const same =
          (!has.has("additional_images") || extraSame) &&
          (!has.has("colour_images") || colouredSame);
        if (same || (!has.has("additional_images") && !has.has("colour_images"))) continue;
        staleImages.push(p.id);
      }
      // Positions follow the form's: extra pictures first, then the colours'.
      const offset = bothImageColumns || has.has("additional_images") ? 0 : 100;
      for (const [position, image] of [...extra, ...coloured].entries()) {
        imageRows.push({ product_id: p.id, position: position + offset, ...image });
      }
    }
    if (staleImages.length > 0) {
      const which = bothImageColumns
        ? sql``
        : has.has("additional_images")
          ? sql` and color is null`
          : sql` and color is not null`;
      await tx.execute(
        sql`delete from product_images where product_id = any(${uuidArray(staleImages)})${which}`,
      );
    }
    if (imageRows.length > 0) {
      await tx.execute(sql`
        insert into product_images (product_id, color, url, position)
        select i.product_id, i.color, i.url, i.position
        from jsonb_to_recordset(${JSON.stringify(imageRows)}::jsonb)
          as i(product_id uuid, color text, url text, position integer)`);
    }

    // One search-document refresh for the batch (the products whose text may have changed).
    await refreshSearchDocument(tx, [...refresh]);

    const after = new Set<string>();
    const nowImages = rowsOf<{ url: string }>(
      await tx.execute(sql`
        select image_url as url from products where id = any(${uuidArray(ids)})
        union select hero_image from products where id = any(${uuidArray(ids)}) and hero_image is not null
        union select url from product_images where product_id = any(${uuidArray(ids)})`),
    );
    for (const r of nowImages) after.add(r.url);
    await uploads.claim(
      tx,
      [...after].filter((u) => u.startsWith("/images/")),
    );
    await tx.execute(sql`discard plans`);
    return uploads.release(
      tx,
      before.filter((u) => !after.has(u)),
    );
  }

  return {
    exportProducts,

    /**
     * Checks (dryRun: only checks) and applies a products CSV; returns the counts and each row's
     * errors with the error report as CSV.
     */
    async importProducts(input: {
      csv: Buffer;
      zip?: Buffer | undefined;
      dryRun: boolean;
      userId: string | null;
    }): Promise<ProductImportReply> {
      const { header, rows } = await readCsv(input.csv);
      const zip = input.zip && input.zip.length > 0 ? readZip(input.zip) : undefined;
      const inZip = (name: string) => !!zip?.has(zipKey(name));
      const { planned, errors, failedLines } = await plan(header, rows, inZip);
      const has = new Set<string>(header);

      let toWrite = planned;
      let released: string[] = [];
      const sessionId = randomUUID();
      if (!input.dryRun && planned.length > 0) {
        try {
          toWrite = await resolveImages(planned, zip, sessionId, input.userId, errors, failedLines);
          if (toWrite.length > 0) {
            released = await db.transaction((tx) => write(tx, toWrite, has, input.userId));
          }
        } catch (error) {
          const code =
            (error as { code?: string; cause?: { code?: string } }).code ??
            (error as { cause?: { code?: string } }).cause?.code;
          if (code === "23505" || code === "40001" || code === "40P01") {
            throw new ConflictError(BULK_MESSAGES.conflict);
          }
          throw error;
        } finally {
          await uploads.cleanupSession(sessionId);
          if (released.length > 0) await uploads.purgeReleased();
        }
      }

      const created = toWrite.filter((p) => p.isNew).length;
      const updated = toWrite.length - created;
      const failed = failedLines.size;
      const { stringify } = await import("csv-stringify/sync");
      const errorReport =
        errors.length > 0
          ? stringify(
              [
                [...ERROR_REPORT_HEADER],
                ...errors.map((e) => [e.row, e.column, csvSafe(e.message)]),
              ],
              { bom: true, record_delimiter: "windows" },
            )
          : "";
      const verb = input.dryRun ? "would be" : "were";
      const message = `${created} new and ${updated} updated products ${verb} imported; ${failed} ${failed === 1 ? "row has" : "rows have"} errors`;
      return {
        message,
        applied: !input.dryRun,
        rows: rows.length,
        created,
        updated,
        failed,
        errors,
        errorReport,
      };
    },

    /** The orders of a range of India dates (both included), oldest first, a page at a time. */
    async *exportOrders(query: OrderExportQuery): AsyncGenerator<Array<string | number>> {
      yield [...ORDER_CSV_HEADER];
      const from = istDayStart(query.from).toISOString();
      const to = new Date(istDayStart(query.to).getTime() + 86_400_000).toISOString();
      let after: { cursor: string; id: string } | undefined;
      for (;;) {
        const keyset = after
          ? sql`and (o.created_at > ${after.cursor}::timestamptz or (o.created_at = ${after.cursor}::timestamptz and o.id > ${after.id}::uuid))`
          : sql``;
        const rows = rowsOf<{
          id: string;
          cursor: string;
          ist: string;
          order_number: string;
          customer_name: string;
          customer_email: string;
          customer_phone: string;
          address: string;
          status: string;
          payment_status: string;
          payment_method: string;
          subtotal_paise: number;
          shipping_paise: number;
          cod_fee_paise: number;
          total_paise: number;
          items: Array<{ title: string; size: string; color: string; quantity: number }>;
        }>(
          await db.execute(sql`
            select o.id, o.created_at::text as cursor,
              to_char(o.created_at at time zone 'Asia/Kolkata', 'YYYY-MM-DD HH24:MI') as ist,
              o.order_number, o.customer_name, o.customer_email, o.customer_phone, o.address,
              o.status::text as status, o.payment_status::text as payment_status, o.payment_method,
              o.subtotal_paise, o.shipping_paise, o.cod_fee_paise, o.total_paise,
              (select coalesce(json_agg(json_build_object('title', i.title, 'size', i.size,
                  'color', i.color, 'quantity', i.quantity) order by i.title, i.size), '[]'::json)
                from order_items i where i.order_id = o.id) as items
            from orders o
            where o.created_at >= ${from}::timestamptz and o.created_at < ${to}::timestamptz ${keyset}
            order by o.created_at, o.id
            limit ${ORDER_PAGE}`),
        );
        for (const o of rows) {
          const items = json<
            Array<{ title: string; size: string; color: string; quantity: number }>
          >(o.items);
          yield [
            csvSafe(o.order_number),
            o.ist,
            csvSafe(o.customer_name),
            csvSafe(o.customer_email),
            csvSafe(o.customer_phone),
            csvSafe(o.address),
            o.status,
            o.payment_status,
            csvSafe(paymentMethodLabel(o.payment_method)),
            csvSafe(
              items
                .map(
                  (i) =>
                    `${i.title} (${[i.size, i.color].filter(Boolean).join(", ")}) × ${i.quantity}`,
                )
                .join("; "),
            ),
            items.reduce((n, i) => n + i.quantity, 0),
            rupees(o.subtotal_paise),
            rupees(o.shipping_paise),
            rupees(o.cod_fee_paise),
            rupees(o.total_paise),
          ];
        }
        if (rows.length < ORDER_PAGE) return;
        const last = rows.at(-1)!;
        after = { cursor: last.cursor, id: last.id };
      }
    },
  };
}
export type BulkCatalogueService = ReturnType<typeof createBulkCatalogueService>;

/** A text[] parameter (one parameter, whatever its length). */
function textArray(values: readonly string[]): SQL {
  return sql`${`{${values.map((v) => `"${v.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`).join(",")}}`}::text[]`;
}
function uuidArray(values: readonly string[]): SQL {
  return sql`${`{${values.join(",")}}`}::uuid[]`;
}

/** The CSV column a pending picture was named in. */
function columnOfPlaceholder(p: Planned, placeholder: string): string {
  const b = p.body;
  if (b.imageUrl === placeholder) return "image";
  if (b.heroImage === placeholder) return "hero_image";
  if (b.additionalImages.includes(placeholder)) return "additional_images";
  return "colour_images";
}
