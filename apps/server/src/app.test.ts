import { describe, expect, it } from "vitest";
import { buildTestApp, openTestDatabase } from "../test/helpers.ts";

const { app } = await buildTestApp({
  before(app) {
    // A stand-in for a server-rendered page: its inline script carries the response's nonce.
    app.get("/test/page", async (_request, reply) =>
      reply
        .type("text/html; charset=utf-8")
        .send(`<!doctype html><script nonce="${reply.scriptNonce}">1</script>`),
    );
  },
});

/** A document (a page) carries its policies; data (the API, the probes) only what data needs. */
function expectSecurityHeaders(headers: Record<string, unknown>, kind: "document" | "data") {
  const csp = String(headers["content-security-policy"]);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("object-src 'none'");
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["x-frame-options"]).toBe("DENY");
  expect(headers["cross-origin-resource-policy"]).toBe("same-origin");
  expect(headers["strict-transport-security"]).toBeUndefined(); // only in production
  if (kind === "document") {
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(headers["permissions-policy"]).toMatch(/camera=\(\)/);
    expect(headers["cross-origin-opener-policy"]).toBe("same-origin");
  } else {
    // Document-only policies are not sent with every API answer (issue #11).
    for (const name of ["referrer-policy", "permissions-policy", "cross-origin-opener-policy"]) {
      expect(headers[name], name).toBeUndefined();
    }
  }
  return csp;
}

describe("every response", () => {
  // JSON, errors and files carry no inline script: one CSP computed at start-up, scripts from
  // 'self' only (issue #11: a nonce per response was paid on every answer, used by pages alone).
  it("carries the security headers; answers without inline scripts share one nonce-less CSP", async () => {
    const policies = new Set<string>();
    for (const url of ["/api/store", "/api/no-such-thing", "/healthz", "/no-such-page"]) {
      const res = await app.inject({ method: "GET", url });
      const csp = expectSecurityHeaders(res.headers, url === "/no-such-page" ? "document" : "data");
      expect(csp).not.toContain("'nonce-");
      expect(csp).toMatch(/script-src 'self';/);
      policies.add(csp);
    }
    expect(policies.size).toBe(1);
  });

  it("gives a page a fresh script nonce each time, which its CSP requires", async () => {
    const nonces: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await app.inject({ method: "GET", url: "/test/page" });
      const csp = expectSecurityHeaders(res.headers, "document");
      const nonce = /script-src [^;]*'nonce-([A-Za-z0-9+/=]{16,})' 'strict-dynamic'/.exec(csp)?.[1];
      expect(nonce, csp).toBeDefined();
      expect(res.body).toContain(`<script nonce="${nonce}">`);
      nonces.push(nonce!);
    }
    expect(new Set(nonces).size).toBe(nonces.length);
  });

  it("echoes the caller's x-request-id, or makes one up", async () => {
    const given = await app.inject({
      method: "GET",
      url: "/api/store",
      headers: { "x-request-id": "req-from-load-balancer-42" },
    });
    expect(given.headers["x-request-id"]).toBe("req-from-load-balancer-42");
    const errored = await app.inject({
      method: "GET",
      url: "/api/nothing-here",
      headers: { "x-request-id": "req-43" },
    });
    expect(errored.statusCode).toBe(404);
    expect(errored.headers["x-request-id"]).toBe("req-43");
    const made = await app.inject({ method: "GET", url: "/api/store" });
    expect(String(made.headers["x-request-id"])).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe("health checks", () => {
  it("/healthz answers 200 while the process is up", async () => {
    const res = await app.inject({ method: "GET", url: "/healthz" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ok" });
  });

  it("/readyz answers 200 when the database answers", async () => {
    const res = await app.inject({ method: "GET", url: "/readyz" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ready" });
  });

  it("/readyz answers 503 when the database does not", async () => {
    // A store that started on a working database, which then goes away.
    const database = await openTestDatabase();
    const { app: orphan } = await buildTestApp({ database });
    await database.cleanup();
    const res = await orphan.inject({ method: "GET", url: "/readyz" });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: "database unavailable" });
    const health = await orphan.inject({ method: "GET", url: "/healthz" });
    expect(health.statusCode).toBe(200);
  });
});

describe("the API contract", () => {
  it("is an OpenAPI 3.1 document at /api/openapi.json that documents POST /api/contact", async () => {
    const res = await app.inject({ method: "GET", url: "/api/openapi.json" });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\.1\./);
    expect(doc.info.title).toBe("Vastra API");
    const contact = doc.paths["/api/contact"]?.post;
    expect(contact, Object.keys(doc.paths).join(", ")).toBeDefined();
    expect(contact.summary).toBe("Send a message to the store");
    // The request body comes from the schema the server validates with.
    let schema = contact.requestBody.content["application/json"].schema;
    if (schema.$ref) schema = doc.components.schemas[schema.$ref.split("/").pop()];
    expect(Object.keys(schema.properties).sort()).toEqual(
      ["email", "message", "name", "phone", "subject"].sort(),
    );
    expect(schema.required).toEqual(
      expect.arrayContaining(["name", "email", "subject", "message"]),
    );
    expect(schema.required).not.toContain("phone");
    expect(schema.additionalProperties).toBe(false);
    expect(Object.keys(contact.responses)).toEqual(expect.arrayContaining(["201", "400", "429"]));
    // Internal and test routes stay out of the contract.
    expect(doc.paths["/healthz"]).toBeUndefined();
    expect(doc.paths["/api/openapi.json"]).toBeUndefined();
  });

  it("is browsable at /api/docs", async () => {
    let res = await app.inject({ method: "GET", url: "/api/docs" });
    for (let hops = 0; res.statusCode >= 300 && res.statusCode < 400 && hops < 3; hops++) {
      const location = String(res.headers.location);
      res = await app.inject({
        method: "GET",
        url: new URL(location, "http://x/api/docs").pathname,
      });
    }
    expect(res.statusCode).toBe(200);
    expect(String(res.headers["content-type"])).toMatch(/^text\/html/);
    expect(res.body).toMatch(/swagger/i);

    // A browser runs the page's scripts: each is allowed by the page's own CSP.
    const csp = String(res.headers["content-security-policy"]);
    expect(csp).toContain("frame-ancestors 'none'");
    const scriptSrc = (/script-src ([^;]*)/.exec(csp)?.[1] ?? "").split(" ");
    const scripts = [...res.body.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    for (const attributes of scripts) {
      const nonce = /nonce="([^"]+)"/.exec(attributes)?.[1];
      const src = /src="([^"]+)"/.exec(attributes)?.[1] ?? "";
      const byNonce = nonce !== undefined && scriptSrc.includes(`'nonce-${nonce}'`);
      const bySelf =
        /^\/(?!\/)/.test(src) &&
        scriptSrc.includes("'self'") &&
        !scriptSrc.includes("'strict-dynamic'"); // which makes browsers ignore 'self'
      expect(byNonce || bySelf, `<script${attributes}> under ${csp}`).toBe(true);
    }
  });
});
