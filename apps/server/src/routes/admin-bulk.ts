/**
 * The bulk catalogue (issue #15, record 0049). Admins only; thin over the bulk service.
 *
 *   GET  /api/admin/products/export.csv?search=&gender=&category=&stock=   every product matching
 *        the grid's filter, one row per product (streamed)
 *   POST /api/admin/products/import?dryRun=true|false   multipart: `file` (the CSV) and optionally
 *        `images` (a zip of the pictures the CSV names); the preview (dryRun) changes nothing
 *   GET  /api/admin/orders/export.csv?from=YYYY-MM-DD&to=YYYY-MM-DD   orders of those India
 *        dates, one row per order (streamed)
 */
import { Readable } from "node:stream";
import multipart from "@fastify/multipart";
import {
  adminProductListQuerySchema,
  BULK_IMPORT_FIELDS,
  BULK_LIMITS,
  BULK_MESSAGES,
  errorSchema,
  istDayOf,
  orderExportQuerySchema,
  productImportReplySchema,
  UPLOAD_MESSAGES,
} from "@vastra/contracts";
import { stringify } from "csv-stringify";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser } from "../http/auth.ts";
import type { BulkCatalogueService } from "../services/bulk/index.ts";
import { AppError, ValidationError } from "../services/errors.ts";

const refused = { 400: errorSchema, 401: errorSchema, 403: errorSchema };

/** Streams rows as a CSV download (UTF-8 with a byte-order mark for Excel, CRLF). */
function sendCsv(
  reply: FastifyReply,
  filename: string,
  rows: AsyncIterable<Array<string | number>>,
) {
  const csv = Readable.from(rows).pipe(stringify({ bom: true, record_delimiter: "windows" }));
  return reply
    .type("text/csv; charset=utf-8")
    .header("content-disposition", `attachment; filename="${filename}"`)
    .header("cache-control", "no-store")
    .send(csv);
}

/** The CSV and the optional zip of a multipart import. */
async function readImport(request: FastifyRequest): Promise<{ csv: Buffer; zip?: Buffer }> {
  if (!request.isMultipart()) throw new AppError(415, UPLOAD_MESSAGES.notMultipart);
  let csv: Buffer | undefined;
  let zip: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type !== "file") continue;
      if (part.fieldname === BULK_IMPORT_FIELDS.csv) {
        csv = await part.toBuffer();
        if (csv.length > BULK_LIMITS.csvBytes) throw new AppError(413, BULK_MESSAGES.tooLarge);
      } else if (part.fieldname === BULK_IMPORT_FIELDS.zip) {
        zip = await part.toBuffer();
      } else {
        part.file.resume();
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === "FST_REQ_FILE_TOO_LARGE") throw new AppError(413, BULK_MESSAGES.tooLarge);
    if (code === "FST_FILES_LIMIT" || code === "FST_PARTS_LIMIT" || code === "FST_FIELDS_LIMIT") {
      throw new AppError(413, "Send one CSV and at most one zip");
    }
    throw new ValidationError("The upload could not be read. Please try again");
  }
  if (!csv || csv.length === 0) throw ValidationError.field("file", BULK_MESSAGES.noCsv);
  return zip ? { csv, zip } : { csv };
}

export const adminBulkRoutes: FastifyPluginAsyncZod<{ bulk: BulkCatalogueService }> = async (
  app,
  { bulk },
) => {
  await app.register(multipart, {
    limits: { fileSize: BULK_LIMITS.zipBytes, files: 2, fields: 5, parts: 7, fieldSize: 1024 },
  });
  const config = { auth: "admin" as const };

  app.get(
    "/admin/products/export.csv",
    {
      config,
      schema: {
        tags: ["admin products"],
        summary: "Every product matching the grid's filter as CSV (one row per product)",
        description:
          "Columns: sku, title, description, price, mrp, gender, categories (|), colours (|), default_colour, sizes (size:stock|…), size_skus (size:SKU|…), fabric, care, low_stock_threshold, image, additional_images (|), colour_images (colour=image|…), hero, hero_image, hero_tagline, hsn_code, tax_class. Text cells starting with = + - @, a tab or CR are prefixed with ' (taken off again on import).",
        querystring: adminProductListQuerySchema,
        produces: ["text/csv"],
        response: refused,
      },
    },
    async (request, reply) => {
      const day = istDayOf(new Date());
      return sendCsv(reply, `products-${day}.csv`, bulk.exportProducts(request.query));
    },
  );

  app.post(
    "/admin/products/import",
    {
      config,
      schema: {
        tags: ["admin products"],
        summary: "Import products from CSV: preview (dryRun=true) or apply",
        description: `multipart/form-data: the CSV in \`${BULK_IMPORT_FIELDS.csv}\` (the export's columns; title, price, gender, sizes and image required) and optionally a zip of pictures in \`${BULK_IMPORT_FIELDS.zip}\`. Rows whose SKU matches a product update it; the others are created. Each row is checked like the product form; rows with errors are skipped and listed (row, column, message; also as a CSV report); the others are applied. dryRun=true checks only.`,
        querystring: z.object({
          dryRun: z
            .enum(["true", "false"])
            .default("true")
            .transform((v) => v === "true"),
        }),
        response: {
          200: productImportReplySchema,
          ...refused,
          409: errorSchema,
          413: errorSchema,
          415: errorSchema,
        },
      },
    },
    async (request) => {
      const { csv, zip } = await readImport(request);
      const result = await bulk.importProducts({
        csv,
        zip,
        dryRun: request.query.dryRun,
        userId: currentUser(request).id,
      });
      if (result.applied) {
        request.log.info(
          {
            created: result.created,
            updated: result.updated,
            failed: result.failed,
            adminId: currentUser(request).id,
          },
          "products imported",
        );
      }
      return result;
    },
  );

  app.get(
    "/admin/orders/export.csv",
    {
      config,
      schema: {
        tags: ["admin orders"],
        summary: "Orders of a range of India dates (both included) as CSV, one row per order",
        querystring: orderExportQuerySchema,
        produces: ["text/csv"],
        response: refused,
      },
    },
    async (request, reply) =>
      sendCsv(
        reply,
        `orders-${request.query.from}-to-${request.query.to}.csv`,
        bulk.exportOrders(request.query),
      ),
  );
};
