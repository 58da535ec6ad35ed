import { advertisementSchema, MAX_HERO_ADS } from "@vastra/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AdService } from "../services/ads/index.ts";
import { sendReady } from "./ready-reply.ts";

export const adRoutes: FastifyPluginAsyncZod<{ ads: AdService }> = async (app, { ads }) => {
  app.get(
    "/admin/advertisements/active",
    {
      config: { auth: "public" },
      schema: {
        tags: ["advertisements"],
        summary: `The home page's hero advertisements: active ones, by priority, at most ${MAX_HERO_ADS} (public)`,
        response: { 200: z.array(advertisementSchema) },
      },
    },
    async (request, reply) => sendReady(request, reply, await ads.activeBody()),
  );
};
