import { storeSettingsSchema } from "@vastra/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../db/client.ts";
import { getStoreSettings } from "../services/store-settings.ts";

export const storeRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    "/store",
    {
      schema: {
        tags: ["store"],
        summary: "The store's public settings: name, address, contacts, hours, referral reward",
        response: { 200: storeSettingsSchema },
      },
    },
    async () => getStoreSettings(db),
  );
};
