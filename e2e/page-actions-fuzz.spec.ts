/**
 * Malformed form posts to every page action (issue #12), 500 to each: the pages that take posts
 * (sign-in, join, reset, profile, contact, cart, checkout, orders, a product's reviews, the
 * newsletter box on the home page, unsubscribe, sign-out), each as a plain form post and as React
 * Router's `.data` request, from a guest and from a signed-in shopper, with wrong and missing
 * fields, NUL bytes, lone surrogates, broken percent-encoding, repeated keys, oversized bodies and
 * wrong content types. None may answer with a 5xx. The list of pages is checked against the app's
 * own routes (apps/web/app/routes/*.tsx with an `action`), so a new form cannot be forgotten.
 *
 * Desktop only: these are HTTP requests; the screen width plays no part.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { APIRequestContext } from "@playwright/test";
import fc from "fast-check";
import { runToken } from "./fixtures/store.ts";
import { expect, test } from "./fixtures/test.ts";
import { createShopper } from "./helpers/accounts.ts";

test.skip(({ isMobile }) => isMobile, "desktop only: see the header comment");

/** Malformed posts per page action (issue #12: at least 500 per route). */
const RUNS = 500;

/** Route file → the URL its action answers on (`:id` filled in by the test). */
const ACTIONS: Record<string, string> = {
  "home.tsx": "/",
  "login.tsx": "/login",
  "register.tsx": "/register",
  "reset-password.tsx": "/reset-password",
  "profile.tsx": "/profile",
  "logout.tsx": "/logout",
  "contact.tsx": "/contact",
  "cart.tsx": "/cart",
  "checkout.tsx": "/checkout",
  "orders.tsx": "/orders",
  "product.tsx": "/products/:id",
  "unsubscribe.tsx": "/unsubscribe",
  "order-confirmation.tsx": "/order-confirmation",
  "wishlist.tsx": "/wishlist",
};

const FIELDS = [
  "intent",
  "email",
  "password",
  "name",
  "phone",
  "code",
  "otp",
  "newEmail",
  "currentPassword",
  "newPassword",
  "redirectTo",
  "subject",
  "message",
  "productId",
  "size",
  "color",
  "quantity",
  "lines",
  "idempotencyKey",
  "orderId",
  "rating",
  "comment",
  "reviewId",
  "token",
  "step",
  "address",
  "pincode",
  "__proto__",
];

const INTENTS = [
  "login",
  "register",
  "forgot",
  "reset",
  "code",
  "cancel",
  "place",
  "remove",
  "review",
  "delete",
  "update",
  "",
  "x",
];

const VALUES = [
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "%00",
  "%E0%A4%A",
  "%",
  "\ud800",
  "😀",
  "-1",
  "0",
  "1e309",
  "NaN",
  "[]",
  "{}",
  '{"a":',
  "null",
  "true",
  "javascript:alert(1)",
  "//evil.example",
  "<script>alert(1)</script>",
  "' OR '1'='1",
  "not-a-uuid",
  "00000000-0000-0000-0000-000000000000",
  "asha@example.in",
  "x".repeat(5_000),
];

/** Raw form bodies, some already percent-encoded wrongly, one over the 64 KB page limit. */
const RAW = [
  "a=%E0%A4%A&b=%",
  "%%%%",
  "intent=login&intent=register&email=a&email=b",
  "email[]=a&email[b]=c",
  "=&=&&&",
  "intent=%00",
  "x".repeat(70 * 1024),
  `comment=${"y".repeat(60 * 1024)}`,
];

const CONTENT_TYPES = [
  "application/x-www-form-urlencoded",
  "application/x-www-form-urlencoded; charset=latin1",
  "multipart/form-data; boundary=----x",
  "multipart/form-data",
  "application/json",
  "text/plain",
  "",
];

type FormPost = { data: string; contentType: string; dataRoute: boolean; query: string };

const formBody = fc
  .array(
    fc.tuple(
      fc.constantFrom(...FIELDS),
      fc.oneof(
        fc.constantFrom(...VALUES),
        fc.constantFrom(...INTENTS),
        fc.string({ unit: "binary", maxLength: 30 }),
      ),
    ),
    { maxLength: 8 },
  )
  .map((pairs) =>
    pairs
      .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v.toWellFormed())}`)
      .join("&")
      // The encoded text stays as sent: a NUL or broken escape arrives as such.
      .replaceAll("%25", "%"),
  );

const multipart = formBody.map((body) => {
  const parts = body
    .split("&")
    .filter(Boolean)
    .map((pair) => {
      const [k, v] = pair.split("=");
      return `------x\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`;
    });
  return `${parts.join("")}------x--\r\n`;
});

const post: fc.Arbitrary<FormPost> = fc.record({
  data: fc.oneof(
    { weight: 6, arbitrary: formBody },
    { weight: 2, arbitrary: fc.constantFrom(...RAW) },
    { weight: 1, arbitrary: multipart },
  ),
  contentType: fc.oneof(
    { weight: 5, arbitrary: fc.constant(CONTENT_TYPES[0]!) },
    { weight: 3, arbitrary: fc.constantFrom(...CONTENT_TYPES) },
  ),
  dataRoute: fc.boolean(),
  query: fc.constantFrom(
    "",
    "?index",
    "?redirectTo=%2F%2Fevil.example",
    "?step=%00",
    "?token=x&token=y",
  ),
});

async function send(request: APIRequestContext, url: string, p: FormPost, origin: string) {
  const target = p.dataRoute
    ? `${url === "/" ? "/_root" : url}.data${p.query}`
    : `${url}${p.query}`;
  const res = await request.post(target, {
    data: p.data,
    headers: { ...(p.contentType ? { "content-type": p.contentType } : {}), origin },
    maxRedirects: 0,
    failOnStatusCode: false,
  });
  const text = await res.text();
  return { target, status: res.status(), body: text.slice(0, 300), stack: STACK.test(text) };
}

/** A stack frame of a JavaScript error (file and line, or Node's internals), in any answer. */
const STACK = /\bat \S+ \((?:file|node):|node:internal\/|\.[cm]?[jt]sx?:\d+:\d+\)/;

test("every page with an action is fuzzed", () => {
  const routes = path.resolve(import.meta.dirname, "../apps/web/app/routes");
  const withAction = readdirSync(routes).filter(
    (f) =>
      f.endsWith(".tsx") &&
      /export async function action\b/.test(readFileSync(path.join(routes, f), "utf8")),
  );
  expect(withAction.sort()).toEqual(Object.keys(ACTIONS).sort());
});

test("malformed form posts to page actions never get a 5xx", async ({
  playwright,
  baseURL,
  request,
}) => {
  // 12 pages × 500 posts: a few minutes on a busy 2-core machine.
  test.setTimeout(900_000);
  const shopper = await createShopper(request, `fuzz-${runToken()}`);
  const signedIn = await playwright.request.newContext({ baseURL });
  const login = await signedIn.post("/api/auth/login", {
    data: { email: shopper.email, password: shopper.password },
  });
  expect(login.status(), "shopper sign-in").toBe(200);
  const products = (await (await request.get("/api/products?limit=1")).json()) as Array<{
    _id: string;
  }>;
  const guest = await playwright.request.newContext({ baseURL });

  const failures: string[] = [];
  for (const url of Object.values(ACTIONS)) {
    const target = url.replace(":id", products[0]!._id);
    await fc.assert(
      fc.asyncProperty(post, fc.boolean(), async (p, asShopper) => {
        // Signing out would end the shopper's session for the rest of the run.
        const context = asShopper && url !== "/logout" ? signedIn : guest;
        const res = await send(context, target, p, baseURL!);
        if (res.status >= 500 || res.stack) {
          failures.push(
            `${asShopper ? "shopper" : "guest"} POST ${res.target} [${p.contentType}] ${JSON.stringify(p.data.slice(0, 200))} → ${res.status} ${res.body}`,
          );
        }
      }),
      { numRuns: RUNS },
    );
  }
  await signedIn.dispose();
  await guest.dispose();
  expect(failures, "page actions that answered with a 5xx or a stack trace").toEqual([]);
});

test("a form post to a page without an action is a 405, and a form that cannot be read a 4xx", async ({
  request,
  baseURL,
}) => {
  const form = { "content-type": "application/x-www-form-urlencoded", origin: baseURL! };
  for (const url of ["/_root.data", "/products", "/products.data", "/shipping"]) {
    const res = await request.post(url, { data: "a=b", headers: form, maxRedirects: 0 });
    expect(res.status(), `POST ${url}`).toBe(405);
  }
  const json = await request.post("/login.data", {
    data: '{"email":"a@b.in"}',
    headers: { "content-type": "application/json", origin: baseURL! },
  });
  expect(json.status()).toBe(415);
  const noBoundary = await request.post("/login", {
    data: "intent=login",
    headers: { "content-type": "multipart/form-data", origin: baseURL! },
  });
  expect(noBoundary.status()).toBe(400);
});
