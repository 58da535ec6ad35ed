/**
 * Posts to pages through the real web build (npm run build first): a body that is not a readable
 * form gets a 4xx before any page action runs (these answered 500 with the error page before), and
 * a real form post, with or without JavaScript, still signs a shopper in.
 */
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../../test/factories.ts";
import { setupTestDatabase, testConfig } from "../../test/helpers.ts";
import { buildApp } from "../app.ts";
import { defaultBuildDirectory } from "../web.ts";
import { formProblem, mediaType } from "./page-form.ts";

let app: FastifyInstance;
let shopper: { email: string; password: string };

beforeAll(async () => {
  const database = await setupTestDatabase();
  shopper = { email: "meera.form@example.in", password: "a-long-enough-secret" };
  await createUser(database.db, shopper);
  app = await buildApp({
    config: testConfig(),
    database,
    web: { buildDirectory: defaultBuildDirectory(), pageCache: false },
    logger: false,
  });
  await app.ready();
});
afterAll(() => app?.close());

function post(url: string, contentType: string | undefined, payload: string) {
  return app.inject({
    method: "POST",
    url,
    headers: contentType === undefined ? {} : { "content-type": contentType },
    payload,
  });
}

const MULTIPART = [
  "------x",
  'Content-Disposition: form-data; name="email"',
  "",
  "meera@example.in",
  "------x--",
  "",
].join("\r\n");

describe("a post to a page that is not a readable form", () => {
  const cases: Array<[string, string | undefined, string, number]> = [
    ["JSON", "application/json", '{"email":"a@b.in"}', 415],
    ["form text sent as JSON", "application/json", "intent=login&email=a", 415],
    ["plain text that looks like multipart", "text/plain", MULTIPART, 415],
    ["no content type", undefined, "intent=login&email=a", 415],
    ["multipart without a boundary", "multipart/form-data", MULTIPART, 400],
    ["multipart whose body lacks its boundary", "multipart/form-data; boundary=zz", MULTIPART, 400],
    ["urlencoded text sent as multipart", "multipart/form-data; boundary=----x", "a=b", 400],
  ];
  for (const url of ["/login", "/login.data", "/register.data", "/profile.data", "/?index"]) {
    it.each(cases)(`${url}: %s is refused`, async (_what, contentType, payload, status) => {
      const res = await post(url, contentType, payload);
      expect(res.statusCode).toBe(status);
      expect(res.json().message).toMatch(/form/i);
      expect(res.body).not.toMatch(/\bat \S+ \(|node:internal/);
    });
  }

  it("a page without an action answers 405 to a form, not 500", async () => {
    for (const url of ["/_root.data", "/", "/products", "/shipping.data"]) {
      const res = await post(url, "application/x-www-form-urlencoded", "a=b");
      expect(res.statusCode, url).toBe(405);
    }
  });
});

describe("a real form post", () => {
  it("with broken percent-encoding, repeated and __proto__ keys is read as a form", async () => {
    const res = await post(
      "/login",
      "application/x-www-form-urlencoded",
      "intent=login&intent=register&email=a%E0%A4%A&__proto__=x&password=%",
    );
    // The sign-in form's own answer to an unusable address, not an error page.
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/text\/html/);
    expect(res.body).toContain("Please enter a valid email address");
  });

  it("signs in without JavaScript (urlencoded) and with it (multipart .data request)", async () => {
    const plain = await post(
      "/login",
      "application/x-www-form-urlencoded",
      new URLSearchParams({ intent: "login", ...shopper }).toString(),
    );
    expect(plain.statusCode).toBe(302);
    expect(plain.headers["set-cookie"]).toBeDefined();

    const form = new FormData();
    form.set("intent", "login");
    form.set("email", shopper.email);
    form.set("password", shopper.password);
    const request = new Request("http://localhost/login.data", { method: "POST", body: form });
    const dataRoute = await app.inject({
      method: "POST",
      url: "/login.data",
      headers: { "content-type": request.headers.get("content-type")! },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    // React Router's fetches get the redirect as data (202 with the target inside).
    expect(dataRoute.statusCode).toBeLessThan(400);
    expect(dataRoute.headers["set-cookie"]).toBeDefined();
  });
});

describe("formProblem", () => {
  it("reads the media type without its parameters or case", () => {
    expect(mediaType("Multipart/Form-Data; boundary=x")).toBe("multipart/form-data");
    expect(mediaType(undefined)).toBe("");
  });

  it("accepts both form types, with a charset, and an empty form", async () => {
    const ok = Buffer.from("a=1&b=%");
    expect(await formProblem("application/x-www-form-urlencoded", ok)).toBeUndefined();
    expect(
      await formProblem("application/x-www-form-urlencoded; charset=latin1", ok),
    ).toBeUndefined();
    expect(
      await formProblem("multipart/form-data; boundary=----x", Buffer.from(MULTIPART)),
    ).toBeUndefined();
    expect(await formProblem("application/x-www-form-urlencoded", Buffer.alloc(0))).toBeUndefined();
  });
});
