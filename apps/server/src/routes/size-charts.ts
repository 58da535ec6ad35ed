/**
 * Size charts (record 0046): the shop's GET /api/products/{id}/size-chart (a ready answer of the
 * read model), and the admin's chart per category and per product (get, put, delete).
 */
import {
  errorSchema,
  ownSizeChartSchema,
  productSizeChartSchema,
  SIZE_CHART_MESSAGES,
  sizeChartInputSchema,
  sizeChartReplySchema,
} from "@vastra/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { SizeChartOwner, SizeChartService } from "../services/size-charts/index.ts";
import { sendReady } from "./ready-reply.ts";

const idParams = z.object({ id: z.string() });
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

export const sizeChartRoutes: FastifyPluginAsyncZod<{ sizeCharts: SizeChartService }> = async (
  app,
  { sizeCharts },
) => {
  app.get(
    "/products/:id/size-chart",
    {
      config: { auth: "public" },
      schema: {
        tags: ["catalogue"],
        summary: "A product's size chart: its own, else its first category's with one (cm)",
        params: idParams,
        response: { 200: productSizeChartSchema, 404: errorSchema },
      },
    },
    async (request, reply) =>
      sendReady(request, reply, await sizeCharts.productChartBody(request.params.id)),
  );

  const owners: Array<[SizeChartOwner, string]> = [
    ["category", "categories"],
    ["product", "products"],
  ];
  for (const [owner, plural] of owners) {
    const tags = [`admin: ${plural}`];
    const config = { auth: "admin" as const };
    const url = `/admin/${plural}/:id/size-chart`;
    app.get(
      url,
      {
        config,
        schema: {
          tags,
          summary: `The ${owner}'s own size chart (null: none) (admin)`,
          params: idParams,
          response: { 200: ownSizeChartSchema, ...errors },
        },
      },
      async (request) => sizeCharts.own(owner, request.params.id),
    );
    app.put(
      url,
      {
        config,
        schema: {
          tags,
          summary: `Write or replace the ${owner}'s size chart (cm, 0 < value ≤ 300) (admin)`,
          params: idParams,
          body: sizeChartInputSchema,
          response: { 200: sizeChartReplySchema, ...errors },
        },
      },
      async (request) => ({
        message: SIZE_CHART_MESSAGES.saved,
        chart: await sizeCharts.set(owner, request.params.id, request.body.chart),
      }),
    );
    app.delete(
      url,
      {
        config,
        schema: {
          tags,
          summary: `Remove the ${owner}'s own size chart (admin)`,
          params: idParams,
          response: { 200: sizeChartReplySchema, ...errors },
        },
      },
      async (request) => {
        await sizeCharts.remove(owner, request.params.id);
        return { message: SIZE_CHART_MESSAGES.removed, chart: null };
      },
    );
  }
};
