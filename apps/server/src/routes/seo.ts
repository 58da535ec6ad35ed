/**
 * GET /sitemap.xml and /robots.txt (services/seo/sitemap.ts). A successful change to the
 * catalogue's products (any admin product write) drops the cached sitemap.
 */
import type { FastifyPluginAsync, onResponseHookHandler } from "fastify";
import fp from "fastify-plugin";
import { SEO_CACHE_CONTROL, type Sitemap } from "../services/seo/sitemap.ts";

const PRODUCT_WRITES = /^\/api\/admin\/products(\/|\?|$)/;
const READS = new Set(["GET", "HEAD", "OPTIONS"]);

const seo: FastifyPluginAsync<{ sitemap: Sitemap }> = async (app, { sitemap }) => {
  app.get("/sitemap.xml", { schema: { hide: true } }, async (_request, reply) =>
    reply
      .header("content-type", "application/xml; charset=utf-8")
      .header("cache-control", SEO_CACHE_CONTROL)
      .send(await sitemap.sitemapXml()),
  );
  app.get("/robots.txt", { schema: { hide: true } }, async (_request, reply) =>
    reply
      .header("content-type", "text/plain; charset=utf-8")
      .header("cache-control", SEO_CACHE_CONTROL)
      .send(sitemap.robotsTxt()),
  );
  // Global (fastify-plugin): it watches the admin product routes, registered after it elsewhere;
  // on those writing routes only, so that no other answer pays for it.
  const dropSitemap: onResponseHookHandler = (_request, reply, done) => {
    if (reply.statusCode < 400) sitemap.invalidate();
    done();
  };
  app.addHook("onRoute", (route) => {
    const methods = [route.method].flat();
    if (!PRODUCT_WRITES.test(route.url) || methods.every((m) => READS.has(m))) return;
    route.onResponse = [route.onResponse ?? []].flat().concat(dropSitemap);
  });
};

export const seoRoutes = fp(seo, { name: "seo-routes" });
