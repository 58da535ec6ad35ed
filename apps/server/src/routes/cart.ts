import {
  addToCartSchema,
  type Cart,
  cartSchema,
  errorSchema,
  removeFromCartSchema,
  updateCartSchema,
} from "@vastra/contracts";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { ZodType } from "zod";
import { clearGuestCartCookie, setGuestCartCookie } from "../http/auth.ts";
import type { CartOwner, CartService } from "../services/cart/index.ts";

const errors = { 400: errorSchema, 401: errorSchema, 404: errorSchema, 409: errorSchema };

/**
 * The cart (decisions.md §4); every call answers with the whole cart. A signed-in shopper's cart is
 * theirs; a guest's is the guest cart of the signed guest-cart cookie (record 0044), created by the
 * first add. A signed-in call that still carries a guest cookie first merges what that guest cart
 * holds (a guest add that raced the sign-in), so nothing a tab added is lost.
 */
export const cartRoutes: FastifyPluginAsyncZod<{
  cart: CartService;
  secureCookies?: boolean;
}> = async (app, { cart, secureCookies = false }) => {
  const tags = ["cart"];
  // The cart's writes change nothing shoppers see in the catalogue (no catalogue trigger on its
  // tables): their replies do not wait for the catalogue's notices.
  const config = { auth: "public" as const, changesCatalogue: false, changesSessions: false };

  /** The signed-in shopper's id after any leftover guest cart is merged; null for a guest. */
  const shopper = async (request: FastifyRequest, reply: FastifyReply) => {
    const { user, guestCartId } = request;
    if (!user) return null;
    if (guestCartId) {
      if (await cart.guestExists(guestCartId)) await cart.mergeGuest(guestCartId, user.id);
      clearGuestCartCookie(reply, secureCookies);
    }
    return user.id;
  };

  /** Update, remove and clear: on the shopper's cart, or the guest's. */
  const change = async (
    request: FastifyRequest,
    reply: FastifyReply,
    run: (owner: CartOwner) => Promise<Cart>,
  ) => {
    const userId = await shopper(request, reply);
    return userId ? run(userId) : cart.guestChange(request.guestCartId, run);
  };

  app.get(
    "/cart",
    {
      config,
      schema: {
        tags,
        summary:
          "The cart (the shopper's, or the guest cart's), with the catalogue's current prices and each size's stock",
        response: { 200: cartSchema, 401: errorSchema },
      },
    },
    async (request, reply) => {
      const userId = await shopper(request, reply);
      return userId ? cart.list(userId) : cart.guestList(request.guestCartId);
    },
  );

  /** The options of a call that changes one line: its body, and the whole cart or an error back. */
  const lineChange = <B extends ZodType>(summary: string, body: B) => ({
    config,
    schema: { tags, summary, body, response: { 200: cartSchema, ...errors } },
  });

  app.post(
    "/cart/add",
    lineChange(
      "Add to the cart (onto the line of the same product, size and colour); a guest's first add starts a guest cart",
      addToCartSchema,
    ),
    async (request, reply) => {
      const userId = await shopper(request, reply);
      if (userId) return cart.add(userId, request.body);
      const added = await cart.guestAdd(request.guestCartId, request.body, request.ip);
      // Every guest write slides the cookie's 30 days.
      setGuestCartCookie(reply, added.guestCartId, secureCookies);
      return added.cart;
    },
  );

  app.put(
    "/cart/update",
    lineChange("Set a line's quantity (0 removes the line)", updateCartSchema),
    async (request, reply) => change(request, reply, (owner) => cart.update(owner, request.body)),
  );

  app.delete(
    "/cart/remove",
    lineChange("Remove a line", removeFromCartSchema),
    async (request, reply) => change(request, reply, (owner) => cart.remove(owner, request.body)),
  );

  app.delete(
    "/cart/clear",
    {
      config,
      schema: {
        tags,
        summary: "Empty the cart",
        response: { 200: cartSchema, 401: errorSchema },
      },
    },
    async (request, reply) => change(request, reply, (owner) => cart.clear(owner)),
  );
};
