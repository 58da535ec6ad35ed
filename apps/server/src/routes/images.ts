/**
 * GET /images/<id>-w<width>.webp: stored images, read through the ImageStore (local files today,
 * any other store tomorrow). Names are immutable (a changed image gets a new id), so they are
 * cached for a year; an ETag answers revalidations with 304. Only the stored name pattern is ever
 * looked up: anything else, traversal attempts included, is a 404.
 */
import type { FastifyPluginAsync, FastifyReply } from "fastify";
import { send } from "../http/error-handler.ts";
import { type ImageService, VARIANT_FILE } from "../services/images/index.ts";

export const IMAGE_CACHE_CONTROL = "public, max-age=31536000, immutable";

const notFound = (reply: FastifyReply) => send(reply, 404, { message: "Image not found" });

export const imageRoutes: FastifyPluginAsync<{ images: ImageService }> = async (
  app,
  { images },
) => {
  app.get<{ Params: { file: string } }>(
    "/images/:file",
    { schema: { hide: true } },
    async (request, reply) => {
      const { file } = request.params;
      if (!VARIANT_FILE.test(file)) return notFound(reply);
      const stored = await images.store.open(file);
      if (!stored) return notFound(reply);
      reply
        .header("content-type", stored.contentType)
        .header("cache-control", IMAGE_CACHE_CONTROL)
        .header("etag", stored.etag)
        .header("last-modified", stored.lastModified.toUTCString())
        // Product pictures are public: newsletters and link previews may show them elsewhere.
        .header("cross-origin-resource-policy", "cross-origin");
      const match = request.headers["if-none-match"];
      if (match?.split(",").some((tag) => tag.trim().replace(/^W\//, "") === stored.etag)) {
        stored.body.destroy();
        return reply.code(304).send();
      }
      reply.header("content-length", stored.size);
      return reply.send(stored.body);
    },
  );
  // Deeper paths are never images; without this the web app's catch-all would answer them.
  app.get("/images/*", { schema: { hide: true } }, async (_request, reply) => notFound(reply));
};
