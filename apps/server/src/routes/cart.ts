import {
  addToCartSchema,
  cartSchema,
  errorSchema,
  removeFromCartSchema,
  updateCartSchema,
} from "@vastra/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { currentUser } from "../http/auth.ts";
import type { CartService } from "../services/cart/index.ts";

const errors = { 400: errorSchema, 401: errorSchema, 404: errorSchema, 409: errorSchema };

/** The shopper's cart (decisions.md §4); every call answers with the whole cart. */
export const cartRoutes: FastifyPluginAsyncZod<{ cart: CartService }> = async (app, { cart }) => {
  const tags = ["cart"];
  const config = { auth: "user" as const };

  app.get(
    "/cart",
    {
      config,
      schema: {
        tags,
        summary: "The cart, with the catalogue's current prices and each size's stock",
        response: { 200: cartSchema, 401: errorSchema },
      },
    },
    async (request) => cart.list(currentUser(request).id),
  );

  app.post(
    "/cart/add",
    {
      config,
      schema: {
        tags,
        summary: "Add to the cart (onto the line of the same product, size and colour)",
        body: addToCartSchema,
        response: { 200: cartSchema, ...errors },
      },
    },
    async (request) => cart.add(currentUser(request).id, request.body),
  );

  app.put(
    "/cart/update",
    {
      config,
      schema: {
        tags,
        summary: "Set a line's quantity (0 removes the line)",
        body: updateCartSchema,
        response: { 200: cartSchema, ...errors },
      },
    },
    async (request) => cart.update(currentUser(request).id, request.body),
  );

  app.delete(
    "/cart/remove",
    {
      config,
      schema: {
        tags,
        summary: "Remove a line",
        body: removeFromCartSchema,
        response: { 200: cartSchema, ...errors },
      },
    },
    async (request) => cart.remove(currentUser(request).id, request.body),
  );

  app.delete(
    "/cart/clear",
    {
      config,
      schema: { tags, summary: "Empty the cart", response: { 200: cartSchema, 401: errorSchema } },
    },
    async (request) => cart.clear(currentUser(request).id),
  );
};
