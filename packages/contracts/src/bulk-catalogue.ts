/**
 * The bulk catalogue (issue #15, record 0049): the admin's product CSV (export and import, one
 * row per product) and the orders CSV for a range of India dates (one row per order).
 *
 * Product CSV columns (the header names the columns; their order is free, unknown ones refused):
 * - `sizes` is "S:4|M:7" (size:stock, in order); `size_skus` is "S:KUR-S|M:KUR-M" (empty: default).
 * - `categories`, `colours`, `additional_images` are '|'-separated lists; `colour_images` is
 *   "Red=<image>|Blue=<image>".
 * - An image is a stored image (/images/<id>-w<width>.webp, kept), an https:// address (fetched
 *   once, re-encoded and stored; public addresses only) or the name of a picture in the zip sent
 *   with the CSV.
 * - `sku` matches an existing product (ignoring case): that product is updated; otherwise a new
 *   product is created (an empty `sku` takes the default, from the new product's id).
 */
import { z } from "./zod.ts";

export const PRODUCT_CSV_COLUMNS = [
  "sku",
  "title",
  "description",
  "price",
  "mrp",
  "gender",
  "categories",
  "colours",
  "default_colour",
  "sizes",
  "size_skus",
  "fabric",
  "care",
  "low_stock_threshold",
  "image",
  "additional_images",
  "colour_images",
  "hero",
  "hero_image",
  "hero_tagline",
  "hsn_code",
  "tax_class",
] as const;
export type ProductCsvColumn = (typeof PRODUCT_CSV_COLUMNS)[number];

/** The columns an import must have (the others may be left out: they take the form's defaults). */
export const PRODUCT_CSV_REQUIRED = ["title", "price", "gender", "sizes", "image"] as const;

export const BULK_LIMITS = {
  /** Rows of one import. */
  rows: 20_000,
  /** The CSV file, bytes. */
  csvBytes: 30 * 1024 * 1024,
  /** The pictures' zip as uploaded, bytes. */
  zipBytes: 50 * 1024 * 1024,
  /** Pictures in the zip, and their total size once unpacked (zip bombs). */
  zipFiles: 500,
  zipUnpackedBytes: 200 * 1024 * 1024,
  /** Pictures fetched from https:// addresses in one import. */
  remoteImages: 200,
  /** One fetched picture: bytes and time. */
  remoteImageBytes: 10 * 1024 * 1024,
  remoteImageMs: 10_000,
  /** Days of one orders export. */
  orderExportDays: 366,
} as const;

/** The multipart fields of an import: the CSV, and optionally the pictures' zip. */
export const BULK_IMPORT_FIELDS = { csv: "file", zip: "images" } as const;

export const BULK_MESSAGES = {
  noCsv: "Please choose a CSV file to import",
  notCsv: "The CSV could not be read; please save the sheet as CSV (UTF-8) and try again",
  empty: "The CSV has no product rows",
  tooManyRows: `An import takes at most ${BULK_LIMITS.rows.toLocaleString("en-IN")} rows; please split the file`,
  tooLarge: "The file is too large (CSV at most 30 MB, pictures' zip at most 50 MB)",
  unknownColumn: (column: string) => `Unknown column "${column}"`,
  missingColumn: (column: string) => `The CSV has no "${column}" column`,
  duplicateColumn: (column: string) => `The column "${column}" appears twice`,
  notZip: "The pictures' file is not a zip archive that can be read",
  zipTooBig: `The zip may hold at most ${BULK_LIMITS.zipFiles} pictures and 200 MB once unpacked`,
  number: "Please enter a number such as 1299 or 1299.50",
  wholeNumber: "Please enter a whole number of 0 or more",
  hero: "Please enter yes or no",
  sizesFormat: "Write sizes as size:stock separated by |, for example S:4|M:7",
  sizeSkusFormat: "Write size SKUs as size:SKU separated by |, for example S:KUR-S|M:KUR-M",
  colourImagesFormat: "Write colour images as colour=image separated by |, for example Red=red.jpg",
  unknownCategory: (name: string) => `There is no category named "${name}"`,
  duplicateSkuInFile: (sku: string, row: number) => `SKU ${sku} is also on row ${row}`,
  imageNotInZip: (name: string) => `The picture "${name}" is not in the uploaded zip`,
  imageAddress:
    "An image is a stored image (/images/…), an https:// address or a picture's name in the zip",
  imageFetch: (reason: string) => `The picture could not be fetched: ${reason}`,
  tooManyRemote: `At most ${BULK_LIMITS.remoteImages} pictures can be fetched from addresses in one import; please use a zip`,
  conflict:
    "Another change to these products happened at the same time; nothing was imported. Please try again",
  dateRange: "Please choose a from date on or before the to date",
  dateRangeTooLong: `Please choose at most ${BULK_LIMITS.orderExportDays} days`,
  date: "Please enter a date as YYYY-MM-DD",
} as const;

export const importRowErrorSchema = z
  .object({
    /** The row's line in the file (the header is row 1). */
    row: z.number().int(),
    column: z.string(),
    message: z.string(),
  })
  .meta({ id: "ImportRowError" });
export type ImportRowError = z.infer<typeof importRowErrorSchema>;

export const productImportReplySchema = z
  .object({
    message: z.string(),
    /** False for a preview (dry run): nothing was changed. */
    applied: z.boolean(),
    rows: z.number().int(),
    created: z.number().int(),
    updated: z.number().int(),
    /** Rows with at least one error (skipped; the other rows are applied). */
    failed: z.number().int(),
    errors: z.array(importRowErrorSchema),
    /** The error report as CSV (row, column, message); "" when there is none. */
    errorReport: z.string(),
  })
  .meta({ id: "ProductImportReply" });
export type ProductImportReply = z.infer<typeof productImportReplySchema>;

export const ERROR_REPORT_HEADER = ["Row", "Column", "Message"] as const;

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, BULK_MESSAGES.date);

/** GET /api/admin/orders/export.csv: India dates, both included. */
export const orderExportQuerySchema = z
  .object({ from: isoDay, to: isoDay })
  .superRefine((q, ctx) => {
    const from = Date.parse(`${q.from}T00:00:00Z`);
    const to = Date.parse(`${q.to}T00:00:00Z`);
    if (Number.isNaN(from) || Number.isNaN(to)) {
      ctx.addIssue({ code: "custom", path: ["from"], message: BULK_MESSAGES.date });
    } else if (from > to) {
      ctx.addIssue({ code: "custom", path: ["from"], message: BULK_MESSAGES.dateRange });
    } else if ((to - from) / 86_400_000 + 1 > BULK_LIMITS.orderExportDays) {
      ctx.addIssue({ code: "custom", path: ["to"], message: BULK_MESSAGES.dateRangeTooLong });
    }
  });
export type OrderExportQuery = z.output<typeof orderExportQuerySchema>;

export const ORDER_CSV_HEADER = [
  "Order number",
  "Date (IST)",
  "Shopper",
  "Email",
  "Phone",
  "Address",
  "Status",
  "Payment status",
  "Payment method",
  "Items",
  "Units",
  "Subtotal (INR)",
  "Shipping (INR)",
  "COD fee (INR)",
  "Total (INR)",
] as const;
