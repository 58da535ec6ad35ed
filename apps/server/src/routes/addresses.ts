/** The shopper's address book under /api/me/addresses (issue #16, record 0040): thin routes over services/addresses. */
import {
  ADDRESS_BOOK_MESSAGES,
  addressBookSchema,
  addressInputSchema,
  addressReplySchema,
  errorSchema,
  messageSchema,
  savedAddressSchema,
} from "@vastra/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser } from "../http/auth.ts";
import type { AddressService } from "../services/addresses/index.ts";

/** Any text: an id that is not a UUID is simply not found (404), like another shopper's. */
const idParams = z.object({ id: z.string() });
const errors = { 400: errorSchema, 401: errorSchema, 404: errorSchema, 409: errorSchema };

export const addressRoutes: FastifyPluginAsyncZod<{ addresses: AddressService }> = async (
  app,
  { addresses },
) => {
  const tags = ["addresses"];
  const config = { auth: "user" as const };

  app.get(
    "/me/addresses",
    {
      config,
      schema: {
        tags,
        summary:
          "The shopper's saved addresses, default first (opened the first time: seeded with the last order's address)",
        response: { 200: addressBookSchema, 401: errorSchema },
      },
    },
    async (request) => addresses.list(currentUser(request).id),
  );

  app.post(
    "/me/addresses",
    {
      config,
      schema: {
        tags,
        summary:
          "Save an address (at most 10; the first is the default). The same recipient and place already saved answers 200 with created false",
        body: addressInputSchema,
        response: { 200: addressReplySchema, 201: addressReplySchema, ...errors },
      },
    },
    async (request, reply) => {
      const { address, created } = await addresses.add(currentUser(request).id, request.body);
      return reply.status(created ? 201 : 200).send({
        message: created ? ADDRESS_BOOK_MESSAGES.added : ADDRESS_BOOK_MESSAGES.alreadySaved,
        address,
        created,
      });
    },
  );

  app.get(
    "/me/addresses/:id",
    {
      config,
      schema: {
        tags,
        summary: "One saved address (another shopper's is 404)",
        params: idParams,
        response: { 200: savedAddressSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    async (request) => addresses.get(currentUser(request).id, request.params.id),
  );

  app.put(
    "/me/addresses/:id",
    {
      config,
      schema: {
        tags,
        summary: "Change a saved address (isDefault true also makes it the default)",
        params: idParams,
        body: addressInputSchema,
        response: { 200: addressReplySchema, ...errors },
      },
    },
    async (request) => {
      const address = await addresses.update(
        currentUser(request).id,
        request.params.id,
        request.body,
      );
      return { message: ADDRESS_BOOK_MESSAGES.updated, address, created: false };
    },
  );

  app.delete(
    "/me/addresses/:id",
    {
      config,
      schema: {
        tags,
        summary: "Delete a saved address (a deleted default passes to the newest remaining one)",
        params: idParams,
        response: { 200: messageSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    async (request) => {
      await addresses.remove(currentUser(request).id, request.params.id);
      return { message: ADDRESS_BOOK_MESSAGES.deleted };
    },
  );

  app.post(
    "/me/addresses/:id/default",
    {
      config,
      schema: {
        tags,
        summary: "Make a saved address the default",
        params: idParams,
        response: { 200: addressReplySchema, 401: errorSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const address = await addresses.makeDefault(currentUser(request).id, request.params.id);
      return { message: ADDRESS_BOOK_MESSAGES.madeDefault, address, created: false };
    },
  );
};
