import { advertisementSchema, MAX_HERO_ADS } from "@vastra/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AdService } from "../services/ads/index.ts";

export const adRoutes: FastifyPluginAsyncZod<{ ads: AdService }> = async (app, { ads }) => {
  app.get(
    "/admin/advertisements/active",
    {
      schema: {
        tags: ["advertisements"],
        summary: `The home page's hero advertisements: active ones, by priority, at most ${MAX_HERO_ADS} (public)`,
        response: { 200: z.array(advertisementSchema) },
      },
    },
    async () => ads.listActive(),
  );
};
