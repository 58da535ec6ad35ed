import cookie from "@fastify/cookie";
import Fastify, { type FastifyPluginAsync } from "fastify";
import { describe, expect, it } from "vitest";
import { systemClock } from "../services/clock.ts";
import { authPlugin } from "./auth.ts";
import { registerErrorHandling } from "./error-handler.ts";

/** An API like app.ts builds it: the auth plugin, then the route plugins, under /api. */
async function buildApi(routes: FastifyPluginAsync) {
  const app = Fastify();
  registerErrorHandling(app);
  await app.register(cookie);
  await app.register(
    async (api) => {
      await api.register(authPlugin, {
        // No route here reads a session: the tests send no cookie.
        db: undefined as never,
        clock: systemClock,
        secureCookies: false,
        publicUrl: "http://localhost:3000",
      });
      await api.register(routes);
    },
    { prefix: "/api" },
  );
  await app.ready();
  return app;
}

describe("deny by default", () => {
  it("refuses to start when an API route does not say who may call it, naming the route", async () => {
    const forgetful: FastifyPluginAsync = async (app) => {
      app.get("/wishlist", { config: { auth: "user" } }, async () => ({ items: [] }));
      app.post("/wishlist/share", async () => ({ shared: true }));
    };
    await expect(buildApi(forgetful)).rejects.toThrow(
      /Route POST \/api\/wishlist\/share declares no config\.auth/,
    );
  });

  it("serves routes that declare it: public to everyone, user routes to signed-in callers only", async () => {
    const app = await buildApi(async (api) => {
      api.get("/open", { config: { auth: "public" } }, async () => ({ ok: true }));
      api.get("/mine", { config: { auth: "user" } }, async () => ({ ok: true }));
      api.get("/staff", { config: { auth: "admin" } }, async () => ({ ok: true }));
    });
    expect((await app.inject({ url: "/api/open" })).statusCode).toBe(200);
    expect((await app.inject({ url: "/api/mine" })).statusCode).toBe(401);
    expect((await app.inject({ url: "/api/staff" })).statusCode).toBe(401);
    await app.close();
  });
});
