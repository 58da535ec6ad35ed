import {
  errorSchema,
  IDEMPOTENCY_KEY_HEADER,
  myOrdersQuerySchema,
  ORDER_MESSAGES,
  orderConflictSchema,
  orderDetailSchema,
  orderReplySchema,
  orderSchema,
  placeOrderSchema,
} from "@vastra/contracts";
import { isIdempotencyKey } from "@vastra/contracts/idempotency";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser } from "../http/auth.ts";
import { ValidationError } from "../services/errors.ts";
import type { OrderService } from "../services/orders/index.ts";

const idParams = z.object({ id: z.string() });

/** The optional Idempotency-Key header: 1 to 200 characters. */
function idempotencyKey(value: string | string[] | undefined): string | undefined {
  if (value === undefined) return undefined;
  const key = Array.isArray(value) ? value[0] : value;
  if (!isIdempotencyKey(key)) {
    throw new ValidationError(ORDER_MESSAGES.idempotencyHeader);
  }
  return key;
}

export const orderRoutes: FastifyPluginAsyncZod<{ orders: OrderService }> = async (
  app,
  { orders },
) => {
  const tags = ["orders"];
  const config = { auth: "user" as const, changesSessions: false };

  app.post(
    "/orders",
    {
      config,
      schema: {
        tags,
        summary:
          "Place an order from the cart: items and total are rebuilt from the catalogue, stock is taken, the cart cleared and both e-mails queued",
        description:
          "An optional `Idempotency-Key` header (1-200 characters, kept 24 hours per user) makes a retried submit return the first order; the same key with a different body is refused (422). Per shopper: at most ORDER_PENDING_LIMIT orders waiting for confirmation and ORDER_PENDING_UNITS_LIMIT units in them (409 with what to do), and ORDER_PLACE_HOURLY_LIMIT orders an hour (429 with Retry-After). The e-mails go to the account's address.",
        body: placeOrderSchema,
        response: {
          201: orderReplySchema,
          400: errorSchema,
          401: errorSchema,
          409: orderConflictSchema,
          422: errorSchema,
          429: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const key = idempotencyKey(request.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()]);
      const result = await orders.place(currentUser(request), request.body, key);
      if (result.replayed) reply.header("idempotent-replayed", "true");
      return reply.status(result.statusCode as 201).send(result.body);
    },
  );

  app.get(
    "/orders/my-orders",
    {
      config,
      schema: {
        tags,
        summary: "The shopper's orders, newest first (optional ?status=)",
        querystring: myOrdersQuerySchema,
        response: { 200: z.array(orderSchema), 401: errorSchema },
      },
    },
    async (request) => orders.listMine(currentUser(request).id, request.query.status),
  );

  app.get(
    "/orders/:id",
    {
      config,
      schema: {
        tags,
        summary:
          "One of the shopper's orders (another user's is 404; an admin reads any, with its history in `events`)",
        params: idParams,
        response: { 200: orderDetailSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    async (request) => orders.getMine(currentUser(request), request.params.id),
  );

  app.patch(
    "/orders/:id/cancel",
    {
      config,
      schema: {
        tags,
        summary: "Cancel one's own order while it is pending, confirmed or processing",
        params: idParams,
        response: { 200: orderReplySchema, 400: errorSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const order = await orders.cancel(currentUser(request), request.params.id);
      return { message: ORDER_MESSAGES.cancelled, order };
    },
  );
};
