import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { registerSecurity } from "./security.ts";

describe("CSP script nonces", () => {
  it("every page answer gets its own 128-bit nonce, and its CSP names it, past many refills of the pool", async () => {
    const app = Fastify();
    await registerSecurity(app, { production: true, dev: false });
    app.get("/page", async (_request, reply) => ({ nonce: reply.scriptNonce }));
    app.get("/plain", async () => ({ ok: true }));
    try {
      const seen = new Set<string>();
      for (let i = 0; i < 600; i++) {
        const res = await app.inject({ url: "/page" });
        const { nonce } = res.json() as { nonce: string };
        expect(Buffer.from(nonce, "base64")).toHaveLength(16);
        expect(String(res.headers["content-security-policy"])).toContain(`'nonce-${nonce}'`);
        seen.add(nonce);
      }
      expect(seen.size).toBe(600);
      // An answer that asks for no nonce gets the policy without one.
      const plain = await app.inject({ url: "/plain" });
      expect(String(plain.headers["content-security-policy"])).not.toContain("'nonce-");
    } finally {
      await app.close();
    }
  });
});
