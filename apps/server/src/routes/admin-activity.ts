/**
 * The admin's Activity view (issue #15, record 0050): who changed what and when, filtered by
 * entity, actor, reason, field and India dates, newest first in keyset pages. Admins only: a
 * guest hears 401, a shopper 403.
 */
import { activityPageSchema, activityQuerySchema, errorSchema } from "@vastra/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { DbOrTx } from "../db/client.ts";
import { listActivity } from "../services/activity/index.ts";

export const adminActivityRoutes: FastifyPluginAsyncZod<{ db: DbOrTx }> = async (app, { db }) => {
  app.get(
    "/admin/activity",
    {
      config: { auth: "admin" as const },
      schema: {
        tags: ["admin: activity"],
        summary: "Changes to products, stock, orders and settings, newest first",
        description:
          "Filters: `entityType` (product, order, settings, coupon), `entityId`, `actorId`, `reason` (order, cancel, admin edit, import, return), `field` (a column such as price_paise or stock), `from` and `to` (India dates, YYYY-MM-DD, both included), `limit` (default 50, at most 100). `nextCursor` of a page, passed as `cursor`, gives the next older page.",
        querystring: activityQuerySchema,
        response: { 200: activityPageSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (request) => listActivity(db, request.query),
  );
};
