/**
 * The app's catalogue read model (services/catalogue/read-model.ts, record 0028): listening to the
 * database's notices from when the app is built until it closes.
 */
import type { FastifyInstance } from "fastify";
import type { Database } from "../db/client.ts";
import { type CatalogueReadModel, listenCatalogue } from "../services/catalogue/read-model.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * False on a write route that never changes what shoppers see (the cart: its tables carry no
     * catalogue trigger): its reply does not wait for the catalogue's notices.
     */
    changesCatalogue?: boolean;
  }
}

export async function registerCatalogueReadModel(
  app: FastifyInstance,
  database: Database,
): Promise<CatalogueReadModel> {
  const listening = await listenCatalogue(database, { log: app.log });
  // A writer reads what it wrote: on PostgreSQL a write's notices come over the listening
  // connection, maybe after its reply would have gone, so a write's reply waits for them.
  // A callback, not an async hook: reads (nearly every answer) pass through without a promise.
  app.addHook("onSend", (request, reply, payload, done) => {
    if (
      request.method === "GET" ||
      request.method === "HEAD" ||
      reply.statusCode >= 400 ||
      request.routeOptions.config?.changesCatalogue === false
    ) {
      done(null, payload);
      return;
    }
    listening.catchUp().then(
      () => done(null, payload),
      (err: Error) => done(err),
    );
  });
  app.addHook("onClose", () => listening.close());
  return listening.model;
}
