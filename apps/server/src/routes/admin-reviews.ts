import { adminReviewsQuerySchema, adminReviewsReplySchema, errorSchema } from "@vastra/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { ReviewAdminService } from "../services/reviews/admin.ts";

/**
 * Reviews, admin side (admin.md §7). Editing and deleting are PUT and DELETE /api/reviews/{id}
 * (reviews.ts), which let an admin change any review.
 */
export const adminReviewRoutes: FastifyPluginAsyncZod<{ reviewAdmin: ReviewAdminService }> = async (
  app,
  { reviewAdmin },
) => {
  app.get(
    "/reviews/admin/reviews",
    {
      config: { auth: "admin" },
      schema: {
        tags: ["admin: reviews"],
        summary:
          "Every review with its product and category: filtered, sorted, paged, grouped by category (admin)",
        description:
          "Filters: `rating` (1-5), `category` (id), `product` (id), `search` (comment, reviewer or product title). " +
          "`sort`: newest (default), oldest, highest-rating, lowest-rating. `group=category` (default) orders by the " +
          "group's name first; `group=none` by the sort alone. `page`, `limit` (default 50, at most 100).",
        querystring: adminReviewsQuerySchema,
        response: { 200: adminReviewsReplySchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (request) => reviewAdmin.list(request.query),
  );
};
