/** The shopper's wishlist under /api/wishlist (issue #15, record 0045): thin routes over services/wishlist. */
import {
  errorSchema,
  moveToCartReplySchema,
  moveToCartSchema,
  WISHLIST_MAX,
  WISHLIST_MESSAGES,
  wishlistChangeSchema,
  wishlistIdsSchema,
  wishlistSchema,
} from "@vastra/contracts";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { UnauthorizedError } from "../services/errors.ts";
import type { WishlistService } from "../services/wishlist/index.ts";

/** Any text: an id that is not a UUID is simply not found (404). */
const productParams = z.object({ productId: z.string() });
const errors = { 400: errorSchema, 401: errorSchema, 404: errorSchema, 409: errorSchema };

/**
 * The routes are public to the auth hook so that a guest hears the wishlist's own words ('Please
 * sign in to save items to your wishlist', 401) rather than the generic sign-in message.
 */
const shopper = (request: FastifyRequest): string => {
  if (!request.user) throw new UnauthorizedError(WISHLIST_MESSAGES.signIn);
  return request.user.id;
};

/** Private to the shopper: never stored by a shared cache. */
const privateReply = (reply: FastifyReply) => reply.header("cache-control", "private, no-store");

export const wishlistRoutes: FastifyPluginAsyncZod<{ wishlist: WishlistService }> = async (
  app,
  { wishlist },
) => {
  const tags = ["wishlist"];
  const config = { auth: "public" as const };
  // Before body validation (like the auth hook), so a guest hears 401 rather than about the body.
  app.addHook("preValidation", async (request) => {
    shopper(request);
  });

  app.get(
    "/wishlist",
    {
      config,
      schema: {
        tags,
        summary:
          "The shopper's saved products, newest first, with current prices, each size's stock and whether it can be bought",
        response: { 200: wishlistSchema, 401: errorSchema },
      },
    },
    async (request, reply) => {
      const userId = shopper(request);
      privateReply(reply);
      return wishlist.list(userId);
    },
  );

  app.get(
    "/wishlist/ids",
    {
      config,
      schema: {
        tags,
        summary:
          "Only the saved products' ids (for the hearts on product cards); private, not cached",
        response: { 200: wishlistIdsSchema, 401: errorSchema },
      },
    },
    async (request, reply) => {
      const userId = shopper(request);
      privateReply(reply);
      return { ids: await wishlist.ids(userId) };
    },
  );

  app.put(
    "/wishlist/:productId",
    {
      config,
      schema: {
        tags,
        summary: `Save a product (idempotent: saving it again changes nothing); at most ${WISHLIST_MAX} per shopper`,
        params: productParams,
        response: { 200: wishlistChangeSchema, ...errors },
      },
    },
    async (request, reply) => {
      const userId = shopper(request);
      const { productId } = request.params;
      const ids = await wishlist.add(userId, productId);
      privateReply(reply);
      return { productId, saved: true, ids };
    },
  );

  app.delete(
    "/wishlist/:productId",
    {
      config,
      schema: {
        tags,
        summary: "Take a product off the wishlist (one not saved: nothing to do)",
        params: productParams,
        response: { 200: wishlistChangeSchema, ...errors },
      },
    },
    async (request, reply) => {
      const userId = shopper(request);
      const { productId } = request.params;
      const ids = await wishlist.remove(userId, productId);
      privateReply(reply);
      return { productId, saved: false, ids };
    },
  );

  app.post(
    "/wishlist/:productId/move-to-cart",
    {
      config,
      schema: {
        tags,
        summary:
          "Add one of the chosen size (and colour) to the cart under the cart's rules and take the product off the wishlist, in one transaction",
        params: productParams,
        body: moveToCartSchema,
        response: { 200: moveToCartReplySchema, ...errors },
      },
    },
    async (request, reply) => {
      const userId = shopper(request);
      const ids = await wishlist.moveToCart(userId, request.params.productId, request.body);
      privateReply(reply);
      return { message: WISHLIST_MESSAGES.moved, ids };
    },
  );
};
