import {
  categorySchema,
  errorSchema,
  filterOptionsSchema,
  PRODUCTS_PAGE_DEFAULT,
  PRODUCTS_PAGE_MAX,
  productListQuerySchema,
  productSchema,
  TOTAL_COUNT_HEADER,
} from "@vastra/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { CatalogueService } from "../services/catalogue/index.ts";
import { sendReady } from "./ready-reply.ts";

export const catalogueRoutes: FastifyPluginAsyncZod<{ catalogue: CatalogueService }> = async (
  app,
  { catalogue },
) => {
  const tags = ["catalogue"];

  app.get(
    "/categories",
    {
      config: { auth: "public" },
      schema: {
        tags,
        summary: "Every category, by name",
        response: { 200: z.array(categorySchema) },
      },
    },
    async (request, reply) => sendReady(request, reply, await catalogue.categoriesBody()),
  );

  app.get(
    "/products",
    {
      config: { auth: "public" },
      schema: {
        tags,
        summary: "Products: filtered, searched, sorted and paged",
        description:
          `The body is one page of products; the \`${TOTAL_COUNT_HEADER}\` header carries how many match in all. ` +
          "`search` is typo-tolerant and ranked (title, categories, colours, description); `category` takes an id or a name; " +
          "`priceRange` bands are in rupees, lower bound included; the default order is relevance when searching, else newest. " +
          `\`limit\` defaults to ${PRODUCTS_PAGE_DEFAULT} (at most ${PRODUCTS_PAGE_MAX}).`,
        querystring: productListQuerySchema,
        response: { 200: z.array(productSchema) },
      },
    },
    async (request, reply) => {
      const { body, total } = await catalogue.listProductsBody(request.query);
      reply.header(TOTAL_COUNT_HEADER, String(total));
      return sendReady(request, reply, body);
    },
  );

  app.get(
    "/products/filters/options",
    {
      config: { auth: "public" },
      schema: {
        tags,
        summary: "The colours and sizes the catalogue has, for the list's filters",
        response: { 200: filterOptionsSchema },
      },
    },
    async (request, reply) => sendReady(request, reply, await catalogue.filterOptionsBody()),
  );

  app.get(
    "/products/:id",
    {
      config: { auth: "public" },
      schema: {
        tags,
        summary: "One product",
        params: z.object({ id: z.string() }),
        response: { 200: productSchema, 404: errorSchema },
      },
    },
    async (request, reply) =>
      sendReady(request, reply, await catalogue.productBody(request.params.id)),
  );
};
