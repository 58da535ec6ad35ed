import type { FastifyPluginAsync } from "fastify";

/** Old policy paths linked from the contact page (decisions.md §7). */
export const LEGACY_REDIRECTS: Record<string, string> = {
  "/shipping-policy": "/shipping",
  "/cancellation-refunds": "/cancellations",
  "/terms-conditions": "/terms",
  "/privacy-policy": "/general-policy",
};

export const redirectRoutes: FastifyPluginAsync = async (app) => {
  for (const [from, to] of Object.entries(LEGACY_REDIRECTS)) {
    app.get(from, { schema: { hide: true } }, (_request, reply) => reply.redirect(to, 301));
  }
};
