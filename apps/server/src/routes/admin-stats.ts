import {
  errorSchema,
  overviewStatsSchema,
  salesReportFileName,
  salesReportQuerySchema,
  salesReportSchema,
} from "@vastra/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { type StatsService, salesReportCsv } from "../services/stats/index.ts";

/** The admin dashboard's figures: the Overview and the sales report (JSON and CSV). Admins only. */
export const adminStatsRoutes: FastifyPluginAsyncZod<{ stats: StatsService }> = async (
  app,
  { stats },
) => {
  const tags = ["admin: statistics"];
  const config = { auth: "admin" as const };
  const refused = { 401: errorSchema, 403: errorSchema };

  // Figures change with every order: never cached by a browser or a proxy.
  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "no-store");
  });

  app.get(
    "/admin/stats/overview",
    {
      config,
      schema: {
        tags,
        summary:
          "The Overview: totals, the five newest reviews, paid revenue per Indian day for 30 days, low-stock products",
        response: { 200: overviewStatsSchema, ...refused },
      },
    },
    async () => stats.overview(),
  );

  app.get(
    "/admin/stats/sales-report",
    {
      config,
      schema: {
        tags,
        summary:
          "Sales from `from` to `to` (Indian calendar days, both included) by day, week or month: orders, paid revenue, units, top products and categories",
        description:
          "A daily report covers at most 366 days, a weekly or monthly one at most 5 years. Weeks start on Monday.",
        querystring: salesReportQuerySchema,
        response: { 200: salesReportSchema, 400: errorSchema, ...refused },
      },
    },
    async (request) => stats.salesReport(request.query),
  );

  app.get(
    "/admin/stats/sales-report.csv",
    {
      config,
      schema: {
        tags,
        summary: "The same sales report as a CSV download",
        querystring: salesReportQuerySchema,
        produces: ["text/csv"],
        response: {
          200: z
            .string()
            .describe("CSV: the periods with a Total row, then top products and categories"),
          400: errorSchema,
          ...refused,
        },
      },
    },
    async (request, reply) => {
      const report = await stats.salesReport(request.query);
      return reply
        .type("text/csv; charset=utf-8")
        .header(
          "content-disposition",
          `attachment; filename="${salesReportFileName(report.from, report.to, report.groupBy)}"`,
        )
        .send(salesReportCsv(report));
    },
  );
};
