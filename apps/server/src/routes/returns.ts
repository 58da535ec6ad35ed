/**
 * Returns and exchanges (issue #15, record 0048): the shopper's requests on their own delivered
 * orders, and the admin's list and steps. The rules live in services/returns.
 */
import {
  adminReturnsQuerySchema,
  errorSchema,
  returnActionSchema,
  returnOptionsSchema,
  returnReplySchema,
  returnRequestCreateSchema,
  returnRequestSchema,
} from "@vastra/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser } from "../http/auth.ts";
import {
  actOnReturn,
  createReturnRequest,
  listReturns,
  type ReturnDeps,
  returnOptions,
} from "../services/returns/index.ts";

const idParams = z.object({ id: z.string() });

export const returnRoutes: FastifyPluginAsyncZod<ReturnDeps> = async (app, deps) => {
  const actorOf = (request: Parameters<typeof currentUser>[0]) => {
    const user = currentUser(request);
    return { id: user.id, name: user.name };
  };

  app.get(
    "/orders/:id/returns",
    {
      config: { auth: "user" },
      schema: {
        tags: ["returns"],
        summary:
          "What of one's own delivered order can still be returned or exchanged (window, pieces left, sizes in stock) and its requests",
        params: idParams,
        response: { 200: returnOptionsSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    async (request) => returnOptions(deps, request.params.id, currentUser(request).id),
  );

  app.post(
    "/orders/:id/returns",
    {
      config: { auth: "user" },
      schema: {
        tags: ["returns"],
        summary:
          "Ask to return (refund) or exchange (another size in stock) pieces of one's own delivered order, within the return window",
        params: idParams,
        body: returnRequestCreateSchema,
        response: {
          201: returnReplySchema,
          400: errorSchema,
          401: errorSchema,
          404: errorSchema,
          409: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const result = await createReturnRequest(
        deps,
        request.params.id,
        actorOf(request),
        request.body,
      );
      return reply.code(201).send(result);
    },
  );

  app.get(
    "/admin/returns",
    {
      config: { auth: "admin" },
      schema: {
        tags: ["admin: returns"],
        summary: "Return and exchange requests, newest first (up to 200), by status and/or order",
        querystring: adminReturnsQuerySchema,
        response: { 200: z.array(returnRequestSchema), 401: errorSchema, 403: errorSchema },
      },
    },
    async (request) => listReturns(deps.db, request.query),
  );

  app.patch(
    "/admin/returns/:id",
    {
      config: { auth: "admin" },
      schema: {
        tags: ["admin: returns"],
        summary:
          "Move a request on: approve, reject (reason), receive (stock back), refund (method, reference) or re-ship (courier, AWB)",
        params: idParams,
        body: returnActionSchema,
        response: {
          200: returnReplySchema,
          400: errorSchema,
          401: errorSchema,
          403: errorSchema,
          404: errorSchema,
          409: errorSchema,
        },
      },
    },
    async (request) => actOnReturn(deps, request.params.id, request.body, actorOf(request)),
  );
};
