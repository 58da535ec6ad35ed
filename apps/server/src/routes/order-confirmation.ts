/**
 * The shopper's confirmation of a new order (issue #14, record 0038): the signed link's endpoints
 * (public: the token is the permission, for that one order, until it expires) and My Orders'
 * Confirm button (signed in, own orders only).
 */
import {
  confirmationAddressSchema,
  confirmationQuerySchema,
  confirmationTokenSchema,
  errorSchema,
  orderConfirmationReplySchema,
  orderConfirmationViewSchema,
} from "@vastra/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser } from "../http/auth.ts";
import type { ConfirmationService } from "../services/orders/confirmation.ts";

const refusals = {
  400: errorSchema,
  403: errorSchema,
  404: errorSchema,
  410: errorSchema,
} as const;

export const orderConfirmationRoutes: FastifyPluginAsyncZod<{
  confirmation: ConfirmationService;
}> = async (app, { confirmation }) => {
  const tags = ["orders"];
  const config = { auth: "public" as const };
  const linkNote =
    "The token comes from the order e-mail's link: it answers for one order only, until the order's confirm-by time (403 when not signed by the store, 410 when expired).";

  app.get(
    "/orders/confirmation",
    {
      config,
      schema: {
        tags,
        summary: "The confirmation page's order: summary and what the shopper may still do",
        description: linkNote,
        querystring: confirmationQuerySchema,
        response: { 200: orderConfirmationViewSchema, ...refusals },
      },
    },
    async (request) => confirmation.show(request.query.token),
  );

  app.post(
    "/orders/confirmation/confirm",
    {
      config,
      schema: {
        tags,
        summary: "Confirm the order from the e-mail's link (a second confirmation changes nothing)",
        description: linkNote,
        body: confirmationTokenSchema,
        response: { 200: orderConfirmationReplySchema, ...refusals },
      },
    },
    async (request) => confirmation.confirmByLink(request.body.token),
  );

  app.post(
    "/orders/confirmation/cancel",
    {
      config,
      schema: {
        tags,
        summary: "Cancel the order from the e-mail's link (while pending, confirmed or processing)",
        description: linkNote,
        body: confirmationTokenSchema,
        response: { 200: orderConfirmationReplySchema, ...refusals },
      },
    },
    async (request) => confirmation.cancelByLink(request.body.token),
  );

  app.post(
    "/orders/confirmation/address",
    {
      config,
      schema: {
        tags,
        summary:
          "Correct the delivery address from the e-mail's link (checked as at checkout: a PIN the store serves, COD allowed there for a COD order)",
        description: linkNote,
        body: confirmationAddressSchema,
        response: { 200: orderConfirmationReplySchema, ...refusals },
      },
    },
    async (request) =>
      confirmation.changeAddressByLink(request.body.token, request.body.shippingAddress),
  );

  app.post(
    "/orders/:id/confirm",
    {
      config: { auth: "user" as const },
      schema: {
        tags,
        summary: "Confirm one's own new order (My Orders)",
        params: z.object({ id: z.string() }),
        response: {
          200: orderConfirmationReplySchema,
          400: errorSchema,
          401: errorSchema,
          404: errorSchema,
        },
      },
    },
    async (request) => confirmation.confirmMine(currentUser(request), request.params.id),
  );
};
