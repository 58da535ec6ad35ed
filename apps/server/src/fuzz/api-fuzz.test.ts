/**
 * Property-based fuzzing of every /api route the OpenAPI document lists (issue #12): for each
 * route and method, 500 malformed requests as a guest, a shopper and an admin. No answer may be a
 * 5xx, every error is the `{ message, errors? }` envelope without internals, a megabyte in any
 * string field is answered promptly (ReDoS), and nobody gains or loses admin rights on the way.
 */

import { appendFileSync } from "node:fs";
import { SESSION_COOKIE } from "@vastra/contracts";
import fc from "fast-check";
import type { LightMyRequestResponse } from "fastify";
import { describe, expect, test } from "vitest";
import {
  createCategory,
  createOrder,
  createProduct,
  createReview,
  createUser,
} from "../../test/factories.ts";
import { buildTestApp } from "../../test/helpers.ts";
import { advertisements, newsletterSubscribers } from "../db/schema.ts";
import { createSession } from "../services/auth/sessions.ts";
import {
  type FuzzRequest,
  fromSchema,
  MEGABYTE,
  redosShapes,
  requestFor,
  type Session,
} from "./arbitraries.ts";
import { operationsOf, stringFields } from "./openapi.ts";

const RUNS = 500;
/** An answer slower than this on a malformed request is a hang in the making (ReDoS, a loop). */
const SLOW_MS = 5_000;

/** The error behind each 5xx, by request id, so a failure names its cause. */
const causes = new Map<string, string>();
const { app, database } = await buildTestApp({
  before: (app) => {
    app.addHook("onError", async (request, _reply, error) => {
      causes.set(
        request.id,
        String(error.stack ?? error)
          .split("\n")
          .slice(0, 6)
          .join("\n"),
      );
    });
  },
});
/** Set FUZZ_REPORT=file to run every case and write all problems there instead of failing fast. */
const REPORT = process.env.FUZZ_REPORT;
/** Set FUZZ_SEED=<seed> (printed with a failure) to replay that run's requests. */
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
const db = database.db;

const admin = await createUser(db, { isAdmin: true, name: "Fuzz Admin" });
const shopper = await createUser(db, { name: "Fuzz Shopper" });
const category = await createCategory(db, "Fuzz Kurtas");
const product = await createProduct(db, {
  categories: [category.id],
  sizes: ["M", "L"],
  colors: ["Red", "Blue"],
});
const review = await createReview(db, { productId: product.id, userId: shopper.id });
const order = await createOrder(db, { userId: shopper.id, items: [{ productId: product.id }] });
const [ad] = await db
  .insert(advertisements)
  .values({ title: "Fuzz ad", imageUrl: "/images/ad.webp" })
  .returning();
const [subscriber] = await db
  .insert(newsletterSubscribers)
  .values({ email: "fuzz.subscriber@example.in" })
  .returning();
const ids = {
  uuids: [product.id, category.id, review.id, order.id, ad!.id, subscriber!.id, shopper.id],
};

const sessions: Session[] = [
  { role: "guest" },
  { role: "shopper", cookie: shopper.cookie },
  { role: "admin", cookie: admin.cookie },
];

const operations = operationsOf(app.swagger());

/** Text that must never reach a client: stack frames, file paths, SQL and driver messages. */
const LEAKS = [
  /\n\s+at [\w.<>]+ \(/,
  /\.ts:\d+/,
  /node_modules/,
  /\/work\//,
  /duplicate key value/i,
  /violates [\w ]*constraint/i,
  /syntax error at or near/i,
  /invalid input syntax for/i,
  /\bdrizzle\b|\bpglite\b|postgres(ql)? error/i,
  /Failed query/i,
];

function describeRequest(req: FuzzRequest & { role: string }): string {
  const cut = (s: string) =>
    s.length > 300 ? `${JSON.stringify(s.slice(0, 300))}… (${s.length} chars)` : JSON.stringify(s);
  const payload =
    req.payload === undefined
      ? ""
      : ` body ${Buffer.isBuffer(req.payload) ? `<bytes ${req.payload.toString("hex")}>` : cut(req.payload)}`;
  return `${req.role}: ${req.method} ${cut(req.url)} ${JSON.stringify(req.headers)}${payload}`;
}

/** The failures a response shows; empty when it is fine. */
function problemsOf(res: LightMyRequestResponse, ms: number): string[] {
  const problems: string[] = [];
  if (res.statusCode >= 500) {
    const cause = causes.get(String(res.headers["x-request-id"])) ?? "(no error recorded)";
    problems.push(`status ${res.statusCode}: ${res.body.slice(0, 300)}\n${cause}`);
  }
  if (ms > SLOW_MS) problems.push(`answered after ${ms} ms`);
  if (res.statusCode >= 400) {
    if (!String(res.headers["content-type"]).startsWith("application/json")) {
      problems.push(`error is ${res.headers["content-type"]}, not JSON`);
    } else {
      let body: unknown;
      try {
        body = res.json();
      } catch {
        problems.push(`error body is not JSON: ${res.body.slice(0, 200)}`);
      }
      const envelope = body as { message?: unknown; errors?: unknown } | undefined;
      if (typeof envelope?.message !== "string" || envelope.message === "") {
        problems.push(`error without a message: ${res.body.slice(0, 200)}`);
      }
      if (
        envelope?.errors !== undefined &&
        (typeof envelope.errors !== "object" ||
          envelope.errors === null ||
          Object.values(envelope.errors).some((v) => typeof v !== "string"))
      ) {
        problems.push(`errors is not a map of messages: ${res.body.slice(0, 200)}`);
      }
    }
    for (const leak of LEAKS) {
      if (leak.test(res.body))
        problems.push(`error shows internals (${leak}): ${res.body.slice(0, 300)}`);
    }
  }
  return problems;
}

async function send(req: FuzzRequest): Promise<{ res: LightMyRequestResponse; ms: number }> {
  const started = performance.now();
  const res = await app.inject({
    method: req.method,
    url: req.url,
    headers: req.headers,
    remoteAddress: req.remoteAddress,
    ...(req.payload !== undefined ? { payload: req.payload } : {}),
  });
  return { res, ms: Math.round(performance.now() - started) };
}

test("the OpenAPI document lists the API's routes", () => {
  // A broken document would quietly fuzz nothing.
  expect(operations.length).toBeGreaterThan(50);
  expect(operations.filter((op) => op.body).length).toBeGreaterThan(20);
});

describe("malformed requests never get a 5xx or a leaky error", () => {
  for (const op of operations) {
    test(`${op.method} ${op.path}`, { timeout: 120_000 }, async () => {
      // Signing out ends the session it is sent with: give that route sessions of its own, so
      // the rest of the suite keeps its admin and shopper signed in.
      const own =
        op.path === "/api/auth/logout"
          ? await Promise.all(
              [shopper, admin].map(async (u, i) => ({
                role: sessions[i + 1]!.role,
                cookie: `${SESSION_COOKIE}=${(await createSession(db, u.id, new Date())).token}`,
              })),
            )
          : sessions.slice(1);
      const arbitrary = requestFor(op, ids, [sessions[0]!, ...own]).map((req) =>
        Object.assign(req, { [fc.toStringMethod]: () => describeRequest(req) }),
      );
      await fc.assert(
        fc.asyncProperty(arbitrary, async (req) => {
          const { res, ms } = await send(req);
          const problems = problemsOf(res, ms);
          if (problems.length === 0) return;
          if (!REPORT) throw new Error(problems.join("\n"));
          appendFileSync(
            REPORT,
            `${op.method} ${op.path}\n${describeRequest(req).slice(0, 1500)}\n${problems.join("\n")}\n\n`,
          );
        }),
        // No shrinking: a request with a megabyte in it shrinks for minutes, and the whole
        // request is printed anyway.
        { numRuns: RUNS, endOnFailure: true, ...(SEED === undefined ? {} : { seed: SEED }) },
      );
    });
  }
});

describe("a megabyte in any string field is answered promptly (ReDoS guard)", () => {
  // 100,000 characters first: a quadratic pattern still answers then (in tens of seconds, which
  // fails the SLOW_MS check) instead of blocking the event loop for hours on the megabyte, where
  // no test timeout could fire.
  const sizes = [100_000, MEGABYTE];
  for (const op of operations.filter((o) => o.body)) {
    const fields = stringFields(op.body!);
    if (fields.length === 0) continue;
    test(`${op.method} ${op.path}: ${fields.length} string fields`, {
      timeout: 120_000,
    }, async () => {
      const [base] = fc.sample(fromSchema(op.body!, ids).filter(isObject), { numRuns: 1, seed: 1 });
      const url = op.path.replace(/\{[^}]+\}/g, ids.uuids[0]!);
      let n = 0;
      for (const size of sizes) {
        for (const shape of redosShapes(size)) {
          for (const field of fields) {
            const body = withValue(structuredClone(base ?? {}), field, shape);
            const { res, ms } = await send({
              method: op.method,
              url,
              headers: { cookie: admin.cookie, "content-type": "application/json" },
              payload: JSON.stringify(body),
              remoteAddress: `10.8.0.${++n % 250}`,
            });
            expect(
              problemsOf(res, ms),
              `${field.join(".")} = ${JSON.stringify(shape.slice(0, 12))}… (${size} chars)`,
            ).toEqual([]);
          }
        }
      }
    });
  }
});

test("after all that, the admin is still an admin and the shopper still a shopper", async () => {
  const me = async (cookie: string) =>
    app.inject({ method: "GET", url: "/api/auth/me", headers: { cookie } });
  const asAdmin = await me(admin.cookie);
  expect(asAdmin.statusCode).toBe(200);
  expect(asAdmin.json()).toMatchObject({ isAdmin: true });
  const asShopper = await me(shopper.cookie);
  expect(asShopper.statusCode).toBe(200);
  expect(asShopper.json()).toMatchObject({ isAdmin: false });
});

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Sets path in value (making objects and arrays on the way) to v. */
function withValue(value: unknown, path: string[], v: string): unknown {
  if (path.length === 0) return v;
  const root = (isObject(value) || Array.isArray(value) ? value : {}) as Record<string, unknown>;
  let node = root;
  path.forEach((key, i) => {
    if (i === path.length - 1) {
      node[key] = v;
      return;
    }
    const next = node[key];
    if (typeof next !== "object" || next === null) node[key] = path[i + 1] === "0" ? [] : {};
    node = node[key] as Record<string, unknown>;
  });
  return root;
}
