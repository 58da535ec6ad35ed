import {
  adminCategorySchema,
  CATEGORY_MESSAGES,
  categoryDeleteReplySchema,
  categoryInputSchema,
  categoryReplySchema,
  errorSchema,
} from "@vastra/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { CategoryAdminService } from "../services/catalogue/categories.ts";

const idParams = z.object({ id: z.string() });
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

/** Categories, admin side (admin.md §7). The public list is GET /api/categories (catalogue.ts). */
export const adminCategoryRoutes: FastifyPluginAsyncZod<{
  categories: CategoryAdminService;
}> = async (app, { categories }) => {
  const tags = ["admin: categories"];
  const config = { auth: "admin" as const };

  app.get(
    "/admin/categories",
    {
      config,
      schema: {
        tags,
        summary: "Every category by name, with how many products use it (admin)",
        response: { 200: z.array(adminCategorySchema), 401: errorSchema, 403: errorSchema },
      },
    },
    async () => categories.list(),
  );

  app.post(
    "/categories",
    {
      config,
      schema: {
        tags,
        summary: "Add a category (admin); a name already taken, ignoring case, is 409",
        body: categoryInputSchema,
        response: { 201: categoryReplySchema, ...errors, 409: errorSchema },
      },
    },
    async (request, reply) => {
      const category = await categories.create(request.body);
      return reply.status(201).send({ message: CATEGORY_MESSAGES.added, category });
    },
  );

  app.put(
    "/categories/:id",
    {
      config,
      schema: {
        tags,
        summary: "Rename a category (admin); its products' search follows the new name",
        params: idParams,
        body: categoryInputSchema,
        response: { 200: categoryReplySchema, ...errors, 409: errorSchema },
      },
    },
    async (request) => {
      const category = await categories.rename(request.params.id, request.body);
      return { message: CATEGORY_MESSAGES.updated, category };
    },
  );

  app.delete(
    "/categories/:id",
    {
      config,
      schema: {
        tags,
        summary:
          "Delete a category (admin): its products stay on sale without it; ads filtering on it drop that filter",
        params: idParams,
        response: { 200: categoryDeleteReplySchema, ...errors },
      },
    },
    async (request) => {
      const result = await categories.remove(request.params.id);
      return { message: CATEGORY_MESSAGES.deleted, ...result };
    },
  );
};
