/** Size charts (issue #15, record 0046): the chart's contract, per category or per product. */
import { SIZE_CHART_LIMITS as L, SIZE_CHART_MESSAGES as M } from "./size-chart-messages.ts";
import { z } from "./zod.ts";

export * from "./size-chart-messages.ts";
export * from "./size-fit.ts";

/** A measurement in cm; the service stores it to a millimetre (roundChart), what a tape reads. */
const cm = z
  .number({ error: M.value })
  .refine((n) => Number.isFinite(n) && n > 0 && n <= L.maxCm, M.value);

/** The chart as sent: names trimmed, values in cm (0 < cm ≤ 300). */
export const sizeChartSchema = z
  .object({
    columns: z
      .array(
        z
          .string({ error: M.columnName })
          .trim()
          .min(1, M.columnName)
          .max(L.maxColumnName, M.columnNameTooLong),
        { error: M.columnsRequired },
      )
      .min(1, M.columnsRequired)
      .max(L.maxColumns, M.tooManyColumns),
    rows: z
      .array(
        z
          .object({
            size: z
              .string({ error: M.sizeName })
              .trim()
              .min(1, M.sizeName)
              .max(L.maxSizeName, M.sizeNameTooLong),
            values: z.array(cm, { error: M.valueCount }),
          })
          .strict(),
        { error: M.rowsRequired },
      )
      .min(1, M.rowsRequired)
      .max(L.maxRows, M.tooManyRows),
  })
  .strict()
  .superRefine((chart, ctx) => {
    const seen = new Set<string>();
    chart.columns.forEach((name, i) => {
      const key = name.toLowerCase();
      if (seen.has(key))
        ctx.addIssue({ code: "custom", message: M.columnDuplicate, path: ["columns", i] });
      seen.add(key);
    });
    const sizes = new Set<string>();
    chart.rows.forEach((row, i) => {
      const key = row.size.toLowerCase();
      if (sizes.has(key))
        ctx.addIssue({ code: "custom", message: M.sizeDuplicate, path: ["rows", i, "size"] });
      sizes.add(key);
      if (row.values.length !== chart.columns.length)
        ctx.addIssue({ code: "custom", message: M.valueCount, path: ["rows", i, "values"] });
    });
  })
  .meta({ id: "SizeChart" });

/** Values to a millimetre (one decimal), as stored. */
export function roundChart<
  T extends { columns: string[]; rows: Array<{ size: string; values: number[] }> },
>(chart: T): T {
  return {
    ...chart,
    rows: chart.rows.map((row) => ({
      ...row,
      values: row.values.map((v) => Math.round(v * 10) / 10),
    })),
  };
}

/** A chart as answered (no refinements: replies are encoded, not parsed). */
export const sizeChartReadSchema = z
  .object({
    columns: z.array(z.string()),
    rows: z.array(z.object({ size: z.string(), values: z.array(z.number()) })),
  })
  .meta({ id: "SizeChartRead" });

/** PUT /api/admin/{categories|products}/{id}/size-chart. */
export const sizeChartInputSchema = z
  .object({ chart: sizeChartSchema })
  .strict()
  .meta({ id: "SizeChartWrite" });

/** GET /api/products/{id}/size-chart: the product's own chart, else its first category's. */
export const productSizeChartSchema = z
  .object({
    chart: sizeChartReadSchema.nullable(),
    /** Where it came from: the product's override, a category's chart, or none. */
    source: z.enum(["product", "category"]).nullable(),
    categoryName: z.string().nullable(),
  })
  .meta({ id: "ProductSizeChart" });
export type ProductSizeChart = z.infer<typeof productSizeChartSchema>;

/** GET /api/admin/{categories|products}/{id}/size-chart: the owner's own chart (null: none). */
export const ownSizeChartSchema = z
  .object({ chart: sizeChartReadSchema.nullable() })
  .meta({ id: "OwnSizeChart" });
export type OwnSizeChart = z.infer<typeof ownSizeChartSchema>;

export const sizeChartReplySchema = z
  .object({ message: z.string(), chart: sizeChartReadSchema.nullable() })
  .meta({ id: "SizeChartReply" });

/** GET /api/reviews/{productId}/fit-question (shopper): may they answer, and what they bought. */
export const fitQuestionSchema = z
  .object({
    verifiedBuyer: z.boolean(),
    /** The size of their latest delivered order line of this product, when known. */
    sizeBought: z.string().nullable(),
    sizes: z.array(z.string()),
  })
  .meta({ id: "FitQuestion" });
export type FitQuestion = z.infer<typeof fitQuestionSchema>;
