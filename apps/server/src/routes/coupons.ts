import {
  COUPON_MESSAGES,
  couponCheckSchema,
  couponInputSchema,
  couponQuoteSchema,
  couponReplySchema,
  couponSchema,
  errorSchema,
  messageSchema,
} from "@vastra/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser } from "../http/auth.ts";
import type { CouponService } from "../services/coupons/index.ts";

const idParams = z.object({ id: z.string() });
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

/**
 * Coupons (issue #15, record 0047): the admin's codes, and the shopper's check of a code against
 * the cart. The order itself takes the code in POST /api/orders (`couponCode`).
 */
export const couponRoutes: FastifyPluginAsyncZod<{ coupons: CouponService }> = async (
  app,
  { coupons },
) => {
  const tags = ["coupons"];
  const admin = { auth: "admin" as const };

  app.get(
    "/admin/coupons",
    {
      config: admin,
      schema: {
        tags,
        summary: "Every coupon, newest first, with its uses so far (admin)",
        response: { 200: z.array(couponSchema), 401: errorSchema, 403: errorSchema },
      },
    },
    async () => coupons.list(),
  );

  app.get(
    "/admin/coupons/:id",
    {
      config: admin,
      schema: {
        tags,
        summary: "One coupon (admin)",
        params: idParams,
        response: { 200: couponSchema, ...errors },
      },
    },
    async (request) => coupons.get(request.params.id),
  );

  app.post(
    "/admin/coupons",
    {
      config: admin,
      schema: {
        tags,
        summary: "Create a coupon (admin); a code already taken, ignoring case, is 409",
        body: couponInputSchema,
        response: { 201: couponReplySchema, ...errors, 409: errorSchema },
      },
    },
    async (request, reply) => {
      const coupon = await coupons.create(request.body, currentUser(request).id);
      return reply.status(201).send({ message: COUPON_MESSAGES.created, coupon });
    },
  );

  app.put(
    "/admin/coupons/:id",
    {
      config: admin,
      schema: {
        tags,
        summary: "Edit a coupon (admin); the total limit cannot go below its uses",
        params: idParams,
        body: couponInputSchema,
        response: { 200: couponReplySchema, ...errors, 409: errorSchema },
      },
    },
    async (request) => {
      const coupon = await coupons.update(request.params.id, request.body, currentUser(request).id);
      return { message: COUPON_MESSAGES.updated, coupon };
    },
  );

  app.post(
    "/admin/coupons/:id/deactivate",
    {
      config: admin,
      schema: {
        tags,
        summary: "Deactivate a coupon (admin): shoppers can no longer use it; its orders keep it",
        params: idParams,
        response: { 200: couponReplySchema, ...errors },
      },
    },
    async (request) => {
      const coupon = await coupons.deactivate(request.params.id, currentUser(request).id);
      return { message: COUPON_MESSAGES.deactivated, coupon };
    },
  );

  app.delete(
    "/admin/coupons/:id",
    {
      config: admin,
      schema: {
        tags,
        summary: "Delete a coupon never used (admin); a used one is 409 (deactivate it instead)",
        params: idParams,
        response: { 200: messageSchema, ...errors, 409: errorSchema },
      },
    },
    async (request) => {
      await coupons.remove(request.params.id, currentUser(request).id);
      return { message: COUPON_MESSAGES.deleted };
    },
  );

  app.post(
    "/coupons/check",
    {
      config: { auth: "public" as const },
      schema: {
        tags,
        summary:
          "Check a code against the cart (the shopper's, or the guest cart's): the discount and the new total, or why it cannot be used",
        body: couponCheckSchema,
        response: { 200: couponQuoteSchema, 400: errorSchema },
      },
    },
    async (request) => {
      const { user, guestCartId } = request;
      const { code, paymentMethod } = request.body;
      if (user) return coupons.quote(user.id, user.id, code, paymentMethod);
      return coupons.quote(guestCartId ? { guestCartId } : null, null, code, paymentMethod);
    },
  );
};
