import { storeInfoSchema } from "@vastra/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../db/client.ts";
import { CatalogueReadModel } from "../services/catalogue/read-model.ts";
import { getDeliverySettings, shippingRulesOf } from "../services/delivery/index.ts";
import { getStoreSettings } from "../services/store-settings.ts";
import { sendReady } from "./ready-reply.ts";

export const storeRoutes: FastifyPluginAsyncZod<{
  db: Db;
  readModel?: CatalogueReadModel;
  /** IMAGE_PUBLIC_BASE_URL, passed on to pages (they fetch stored images there). */
  imageBaseUrl?: string | undefined;
}> = async (app, { db, readModel = new CatalogueReadModel(false), imageBaseUrl }) => {
  app.get(
    "/store",
    {
      config: { auth: "public" },
      schema: {
        tags: ["store"],
        summary:
          "The store's public settings: name, address, contacts, hours, referral reward, shipping charges, and where stored images are served when a CDN serves them",
        response: { 200: storeInfoSchema },
      },
    },
    async (request, reply) =>
      sendReady(
        request,
        reply,
        await readModel.single("store", ["store"], async () => ({
          ...(await getStoreSettings(db)),
          ...(imageBaseUrl ? { imageBaseUrl } : {}),
          ...(await getDeliverySettings(db).then((settings) => ({
            shipping: shippingRulesOf(settings),
            returnWindowDays: settings.returnWindowDays,
          }))),
        })),
      ),
  );
};
