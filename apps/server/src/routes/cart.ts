import {
  addToCartSchema,
  cartSchema,
  errorSchema,
  removeFromCartSchema,
  updateCartSchema,
} from "@vastra/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { ZodType } from "zod";
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

  /** The options of a call that changes one line: its body, and the whole cart or an error back. */
  const lineChange = <B extends ZodType>(summary: string, body: B) => ({
    config,
    schema: { tags, summary, body, response: { 200: cartSchema, ...errors } },
  });

  app.post(
    "/cart/add",
    lineChange(
      "Add to the cart (onto the line of the same product, size and colour)",
      addToCartSchema,
    ),
    async (request) => cart.add(currentUser(request).id, request.body),
  );

  app.put(
    "/cart/update",
    lineChange("Set a line's quantity (0 removes the line)", updateCartSchema),
    async (request) => cart.update(currentUser(request).id, request.body),
  );

  app.delete("/cart/remove", lineChange("Remove a line", removeFromCartSchema), async (request) =>
    cart.remove(currentUser(request).id, request.body),
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
