/**
 * The admin's products (admin.md §7, decisions.md §3): list with filters, one product, create,
 * edit, delete, and per-size stock changes. Admins only; thin over the admin product service.
 */
import {
  ADMIN_PRODUCT_MESSAGES,
  adminProductListQuerySchema,
  errorSchema,
  messageSchema,
  productReplySchema,
  productSchema,
  productWriteSchema,
  stockUpdateSchema,
  TOTAL_COUNT_HEADER,
  UPLOAD_SESSION_HEADER,
} from "@vastra/contracts";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser } from "../http/auth.ts";
import type { AdminProductService } from "../services/catalogue/admin-products.ts";

const idParams = z.object({ id: z.string() });

/** The form's upload session, when the header carries one (its unsaved uploads are cleaned up). */
function sessionHeader(request: FastifyRequest): string | undefined {
  const value = request.headers[UPLOAD_SESSION_HEADER.toLowerCase()];
  return (Array.isArray(value) ? value[0] : value) || undefined;
}

export const adminProductRoutes: FastifyPluginAsyncZod<{ products: AdminProductService }> = async (
  app,
  { products },
) => {
  const tags = ["admin products"];
  const config = { auth: "admin" as const };
  const writeErrors = { 400: errorSchema, 401: errorSchema, 403: errorSchema };

  app.get(
    "/admin/products",
    {
      config,
      schema: {
        tags,
        summary: "Products for the dashboard grid, newest first",
        description:
          "Filters: `search` (every word in the title, categories, colours, gender or description), `gender`, `category` (id), `stock` (in-stock: above the low-stock threshold; low-stock: 1 to the threshold; out-of-stock: 0), `page`, `limit` (default 24, at most 100). The body is the page; the number of matches is in the X-Total-Count header.",
        querystring: adminProductListQuerySchema,
        response: { 200: z.array(productSchema), 401: errorSchema, 403: errorSchema },
      },
    },
    async (request, reply) => {
      const { products: page, total } = await products.list(request.query);
      reply.header(TOTAL_COUNT_HEADER, String(total));
      return page;
    },
  );

  app.get(
    "/admin/products/:id",
    {
      config,
      schema: {
        tags,
        summary: "One product with every field the edit form needs",
        params: idParams,
        response: { 200: productSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema },
      },
    },
    async (request) => products.get(request.params.id),
  );

  app.post(
    "/admin/products",
    {
      config,
      schema: {
        tags,
        summary: "Create a product (claims its uploaded images)",
        body: productWriteSchema,
        response: { 201: productReplySchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      const product = await products.create(
        request.body,
        sessionHeader(request),
        currentUser(request).id,
      );
      return reply.status(201).send({ message: ADMIN_PRODUCT_MESSAGES.created, product });
    },
  );

  app.put(
    "/admin/products/:id",
    {
      config,
      schema: {
        tags,
        summary:
          "Edit a product: every field is replaced; images it no longer uses are deleted once nothing refers to them",
        params: idParams,
        body: productWriteSchema,
        response: { 200: productReplySchema, ...writeErrors, 404: errorSchema },
      },
    },
    async (request) => {
      const product = await products.update(
        request.params.id,
        request.body,
        sessionHeader(request),
        currentUser(request).id,
      );
      return { message: ADMIN_PRODUCT_MESSAGES.updated, product };
    },
  );

  app.delete(
    "/admin/products/:id",
    {
      config,
      schema: {
        tags,
        summary:
          "Delete a product: orders keep their item snapshots; its reviews and cart lines go with it",
        params: idParams,
        response: { 200: messageSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema },
      },
    },
    async (request) => {
      await products.remove(request.params.id, currentUser(request).id);
      return { message: ADMIN_PRODUCT_MESSAGES.deleted };
    },
  );

  app.patch(
    "/admin/products/:id/stock",
    {
      config,
      schema: {
        tags,
        summary: "Add to, subtract from or set one size's stock (the first size without `size`)",
        description:
          "`stock` is a whole number of 0 or more; subtracting more than the size holds is refused (400) and changes nothing.",
        params: idParams,
        body: stockUpdateSchema,
        response: { 200: productReplySchema, ...writeErrors, 404: errorSchema },
      },
    },
    async (request) => {
      const admin = currentUser(request);
      const result = await products.updateStock(request.params.id, request.body, admin.id);
      // Who changed which stock, and when (decisions.md §8), in the server's log.
      request.log.info(
        {
          productId: request.params.id,
          size: result.size,
          operation: request.body.operation,
          amount: request.body.stock,
          before: result.before,
          after: result.after,
          adminId: admin.id,
          adminEmail: admin.email,
        },
        "stock changed",
      );
      return { message: ADMIN_PRODUCT_MESSAGES.stockUpdated, product: result.product };
    },
  );
};
