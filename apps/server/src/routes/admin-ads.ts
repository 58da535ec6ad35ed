import {
  AD_MESSAGES,
  adInputSchema,
  adReplySchema,
  adToggleSchema,
  advertisementSchema,
  errorSchema,
  messageSchema,
} from "@vastra/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AdAdminService } from "../services/ads/admin.ts";

const idParams = z.object({ id: z.string() });
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

/** Advertisements, admin side (admin.md §7). The home page's list is GET …/active (ads.ts). */
export const adminAdRoutes: FastifyPluginAsyncZod<{ adAdmin: AdAdminService }> = async (
  app,
  { adAdmin },
) => {
  const tags = ["admin: advertisements"];
  const config = { auth: "admin" as const };

  app.get(
    "/admin/advertisements",
    {
      config,
      schema: {
        tags,
        summary: "Every advertisement, lowest priority number first, then the newest (admin)",
        response: { 200: z.array(advertisementSchema), 401: errorSchema, 403: errorSchema },
      },
    },
    async () => adAdmin.list(),
  );

  app.post(
    "/admin/advertisements",
    {
      config,
      schema: {
        tags,
        summary: "Create an advertisement (admin)",
        description:
          "Title and image are required ('Please fill in all required fields'); the custom target needs `buttonLink` " +
          "('Please enter a custom URL'); priority 1-10 (default 1); active unless `isActive` is false. The button link " +
          "of the other targets is derived (shop-filters: /products?category=…&gender=…&priceRange=…&sort=…).",
        body: adInputSchema,
        response: { 201: adReplySchema, ...errors },
      },
    },
    async (request, reply) => {
      const advertisement = await adAdmin.create(request.body);
      return reply.status(201).send({ message: AD_MESSAGES.created, advertisement });
    },
  );

  app.put(
    "/admin/advertisements/:id",
    {
      config,
      schema: {
        tags,
        summary: "Change an advertisement (admin); a replaced image is released",
        params: idParams,
        body: adInputSchema,
        response: { 200: adReplySchema, ...errors },
      },
    },
    async (request) => {
      const advertisement = await adAdmin.update(request.params.id, request.body);
      return { message: AD_MESSAGES.updated, advertisement };
    },
  );

  app.delete(
    "/admin/advertisements/:id",
    {
      config,
      schema: {
        tags,
        summary: "Delete an advertisement (admin)",
        params: idParams,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      await adAdmin.remove(request.params.id);
      return { message: AD_MESSAGES.deleted };
    },
  );

  app.patch(
    "/admin/advertisements/:id/toggle",
    {
      config,
      schema: {
        tags,
        summary: "Activate or deactivate an advertisement (admin)",
        params: idParams,
        body: adToggleSchema,
        response: { 200: adReplySchema, ...errors },
      },
    },
    async (request) => {
      const advertisement = await adAdmin.setActive(request.params.id, request.body.isActive);
      return {
        message: advertisement.isActive ? AD_MESSAGES.activated : AD_MESSAGES.deactivated,
        advertisement,
      };
    },
  );
};
