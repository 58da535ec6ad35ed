/**
 * A product as one CSV row and back (record 0049; columns in contracts' bulk-catalogue.ts).
 * Reading a row gives the same write body the admin form sends, checked by the same
 * productWriteSchema, so the import refuses what the form refuses, with the form's messages,
 * each reported under the CSV column it came from.
 */
import {
  BULK_MESSAGES,
  isProductImageUrl,
  PRODUCT_CSV_COLUMNS,
  type ProductCsvColumn,
  type ProductWrite,
  type ProductWriteInput,
  productWriteSchema,
} from "@vastra/contracts";
import { csvSafe } from "../stats/csv.ts";

export type CsvRow = Partial<Record<ProductCsvColumn, string>>;

/** The product as the export reads it. */
export type ExportedProduct = {
  sku: string;
  title: string;
  description: string;
  pricePaise: number;
  mrpPaise: number | null;
  gender: string;
  categories: string[];
  colors: string[];
  defaultColor: string | null;
  sizes: Array<{ size: string; stock: number; sku: string }>;
  fabric: string;
  care: string;
  lowStockThreshold: number;
  imageUrl: string;
  images: Array<{ color: string | null; url: string }>;
  isHero: boolean;
  heroImage: string | null;
  heroTagline: string | null;
  hsnCode: string;
  taxClass: string;
};

const money = (paise: number) => (paise / 100).toFixed(2);
const list = (values: readonly string[]) => values.join("|");

/** One product's CSV cells, in PRODUCT_CSV_COLUMNS order; text made safe for spreadsheets. */
export function productToCsvRow(p: ExportedProduct): string[] {
  const row: Record<ProductCsvColumn, string> = {
    sku: p.sku,
    title: p.title,
    description: p.description,
    price: money(p.pricePaise),
    mrp: p.mrpPaise === null ? "" : money(p.mrpPaise),
    gender: p.gender,
    categories: list(p.categories),
    colours: list(p.colors),
    default_colour: p.defaultColor ?? "",
    sizes: list(p.sizes.map((s) => `${s.size}:${s.stock}`)),
    size_skus: list(p.sizes.map((s) => `${s.size}:${s.sku}`)),
    fabric: p.fabric,
    care: p.care,
    low_stock_threshold: String(p.lowStockThreshold),
    image: p.imageUrl,
    additional_images: list(p.images.filter((i) => i.color === null).map((i) => i.url)),
    colour_images: list(p.images.filter((i) => i.color !== null).map((i) => `${i.color}=${i.url}`)),
    hero: p.isHero ? "yes" : "no",
    hero_image: p.heroImage ?? "",
    hero_tagline: p.heroTagline ?? "",
    hsn_code: p.hsnCode,
    tax_class: p.taxClass,
  };
  return PRODUCT_CSV_COLUMNS.map((c) => csvSafe(row[c]));
}

/** A cell the export made safe ('=1+2 → =1+2): the quote is taken off again on import. */
export const unsafeCell = (value: string) => (/^'[=+\-@\t\r]/.test(value) ? value.slice(1) : value);

const splitList = (value: string | undefined) =>
  (value ?? "")
    .split("|")
    .map((v) => v.trim())
    .filter(Boolean);

/** "a:b|c:d" → pairs, split at the last `sep` of each entry; undefined when one has none. */
function pairs(value: string | undefined, sep: string): Array<[string, string]> | undefined {
  const out: Array<[string, string]> = [];
  for (const entry of splitList(value)) {
    const at = sep === ":" ? entry.lastIndexOf(sep) : entry.indexOf(sep);
    if (at <= 0) return undefined;
    out.push([entry.slice(0, at).trim(), entry.slice(at + 1).trim()]);
  }
  return out;
}

/** Where each image cell's pictures come from (resolved to stored URLs before writing). */
export type ImageRef = { kind: "stored" | "remote" | "zip"; value: string };

export function imageRef(value: string): ImageRef | undefined {
  if (isProductImageUrl(value)) return { kind: "stored", value };
  if (/^https:\/\//i.test(value)) return { kind: "remote", value };
  if (/^[^/\\:]+\.(jpe?g|png|webp|avif|gif|tiff?)$/i.test(value)) return { kind: "zip", value };
  return undefined;
}

/** The write body's field → the CSV column it came from. */
const FIELD_COLUMN: Record<string, ProductCsvColumn> = {
  title: "title",
  description: "description",
  price: "price",
  mrp: "mrp",
  gender: "gender",
  categories: "categories",
  colors: "colours",
  defaultColor: "default_colour",
  sizes: "sizes",
  sizeStock: "sizes",
  sizeSkus: "size_skus",
  fabric: "fabric",
  care: "care",
  lowStockThreshold: "low_stock_threshold",
  imageUrl: "image",
  additionalImages: "additional_images",
  colorImages: "colour_images",
  isHero: "hero",
  heroImage: "hero_image",
  heroTagline: "hero_tagline",
  sku: "sku",
  hsnCode: "hsn_code",
  taxClass: "tax_class",
};

export type ParsedRow = {
  /** The checked write body (images: placeholders for the pictures still to fetch or unpack). */
  body: ProductWrite;
  categoryNames: string[];
  /** Placeholder URL → where the picture comes from. */
  pending: Map<string, ImageRef>;
};

export type RowErrors = Array<{ column: string; message: string }>;

/**
 * Reads and checks one row. `categoryId` maps a category name (lower case) to its id; `inZip`
 * says whether the uploaded zip holds a picture. Returns the body, or the row's errors (one per
 * column, the form's message).
 */
export function parseProductRow(
  row: CsvRow,
  has: ReadonlySet<string>,
  categoryId: ReadonlyMap<string, string>,
  inZip: (name: string) => boolean,
  placeholderPrefix: string,
): { ok: true; value: ParsedRow } | { ok: false; errors: RowErrors } {
  const errors: RowErrors = [];
  const add = (column: string, message: string) => {
    if (!errors.some((e) => e.column === column)) errors.push({ column, message });
  };
  const cell = (c: ProductCsvColumn) => unsafeCell((row[c] ?? "").trim());

  const number = (c: ProductCsvColumn): number | null | undefined => {
    const v = cell(c).replace(/[₹,\s]/g, "");
    if (v === "") return null;
    if (!/^\d+(\.\d+)?$/.test(v)) {
      add(c, BULK_MESSAGES.number);
      return undefined;
    }
    return Number(v);
  };
  const whole = (c: ProductCsvColumn): number | undefined => {
    const v = cell(c);
    if (v === "") return undefined;
    if (!/^\d+$/.test(v)) {
      add(c, BULK_MESSAGES.wholeNumber);
      return undefined;
    }
    return Number(v);
  };

  const pending = new Map<string, ImageRef>();
  const image = (c: ProductCsvColumn, value: string): string => {
    if (value === "") return "";
    const ref = imageRef(value);
    if (!ref) {
      add(c, BULK_MESSAGES.imageAddress);
      return value;
    }
    if (ref.kind === "stored") return value;
    if (ref.kind === "zip" && !inZip(value)) {
      add(c, BULK_MESSAGES.imageNotInZip(value));
      return value;
    }
    const placeholder = `/images/${placeholderPrefix}${pending.size}.webp`;
    pending.set(placeholder, ref);
    return placeholder;
  };

  const body: ProductWriteInput = {};
  body.title = cell("title");
  if (has.has("description")) body.description = cell("description");
  const price = number("price");
  if (price !== undefined) body.price = price;
  if (has.has("mrp")) {
    const mrp = number("mrp");
    if (mrp !== undefined) body.mrp = mrp;
  }
  const gender = cell("gender");
  const genderMatch = ["Men", "Women", "Unisex"].find(
    (g) => g.toLowerCase() === gender.toLowerCase(),
  );
  body.gender = (genderMatch ?? (gender || null)) as ProductWrite["gender"];

  const categoryNames = splitList(cell("categories"));
  const ids: string[] = [];
  for (const name of categoryNames) {
    const id = categoryId.get(name.toLowerCase());
    if (!id) add("categories", BULK_MESSAGES.unknownCategory(name));
    else ids.push(id);
  }
  body.categories = ids;
  body.colors = splitList(cell("colours"));
  if (cell("default_colour")) body.defaultColor = cell("default_colour");

  const sizes = pairs(cell("sizes"), ":");
  if (!sizes || sizes.some(([, stock]) => !/^\d+$/.test(stock))) {
    add("sizes", BULK_MESSAGES.sizesFormat);
  } else {
    body.sizes = sizes.map(([size]) => size);
    body.sizeStock = sizes.map(([size, stock]) => ({ size, stock: Number(stock) }));
  }
  if (has.has("size_skus")) {
    const skus = pairs(cell("size_skus"), ":");
    if (!skus) add("size_skus", BULK_MESSAGES.sizeSkusFormat);
    else body.sizeSkus = skus.map(([size, sku]) => ({ size, sku }));
  }
  if (has.has("fabric")) body.fabric = cell("fabric");
  if (has.has("care")) body.care = cell("care");
  const threshold = whole("low_stock_threshold");
  if (threshold !== undefined) body.lowStockThreshold = threshold;

  body.imageUrl = image("image", cell("image"));
  body.additionalImages = splitList(cell("additional_images")).map((v) =>
    image("additional_images", v),
  );
  const colourImages = pairs(cell("colour_images"), "=");
  if (!colourImages) add("colour_images", BULK_MESSAGES.colourImagesFormat);
  else {
    body.colorImages = colourImages.map(([color, url]) => ({
      color,
      imageUrl: image("colour_images", url),
    }));
  }
  const hero = cell("hero").toLowerCase();
  if (hero !== "" && !["yes", "no", "true", "false", "1", "0", "y", "n"].includes(hero)) {
    add("hero", BULK_MESSAGES.hero);
  }
  body.isHero = ["yes", "true", "1", "y"].includes(hero);
  const heroImage = cell("hero_image");
  if (heroImage) body.heroImage = image("hero_image", heroImage);
  if (cell("hero_tagline")) body.heroTagline = cell("hero_tagline");
  if (cell("sku")) body.sku = cell("sku");
  if (cell("hsn_code")) body.hsnCode = cell("hsn_code");
  if (cell("tax_class")) body.taxClass = cell("tax_class") as ProductWrite["taxClass"];

  const parsed = productWriteSchema.safeParse(body);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? "");
      add(FIELD_COLUMN[field] ?? (field || "row"), issue.message);
    }
  }
  if (errors.length > 0 || !parsed.success) return { ok: false, errors };
  return { ok: true, value: { body: parsed.data, categoryNames, pending } };
}
