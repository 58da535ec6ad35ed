import { storeSettingsSchema } from "@vastra/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../db/client.ts";
import { CatalogueReadModel } from "../services/catalogue/read-model.ts";
import { getStoreSettings } from "../services/store-settings.ts";
import { sendReady } from "./ready-reply.ts";

export const storeRoutes: FastifyPluginAsyncZod<{
  db: Db;
  readModel?: CatalogueReadModel;
}> = async (app, { db, readModel = new CatalogueReadModel(false) }) => {
  app.get(
    "/store",
    {
      config: { auth: "public" },
      schema: {
        tags: ["store"],
        summary: "The store's public settings: name, address, contacts, hours, referral reward",
        response: { 200: storeSettingsSchema },
      },
    },
    async (request, reply) =>
      sendReady(
        request,
        reply,
        await readModel.single("store", ["store"], () => getStoreSettings(db)),
      ),
  );
};
