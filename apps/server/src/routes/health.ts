import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";

/** /healthz: the process answers. /readyz: the database answers too. */
export const healthRoutes: FastifyPluginAsyncZod<{ ping: () => Promise<boolean> }> = async (
  app,
  opts,
) => {
  const reply = z.object({ status: z.string() });
  // Probes ask many times a minute: a 15-byte answer has nothing to compress nor decompress.
  const light = { compress: false, decompress: false } as const;
  // Its bytes made once: no serializer, no promise.
  const ok = JSON.stringify({ status: "ok" } satisfies z.infer<typeof reply>);
  app.get("/healthz", { ...light, schema: { hide: true } }, (_request, res) => {
    res.type("application/json; charset=utf-8").send(ok);
  });
  app.get(
    "/readyz",
    { ...light, schema: { hide: true, response: { 200: reply, 503: reply } } },
    async (_request, res) => {
      const ok = await opts.ping().catch(() => false);
      return res.status(ok ? 200 : 503).send({ status: ok ? "ready" : "database unavailable" });
    },
  );
};
