/**
 * Signing in to an unverified account (decisions.md §2, record 0035): a fresh join code is
 * e-mailed through the outbox whenever the per-address limits allow one, and the 403 says whether
 * one went out and when the code that still works was sent, never "e-mailed" for nothing.
 */
import { AUTH_MESSAGES, RESENDS_PER_HOUR, SESSION_COOKIE } from "@vastra/contracts";
import { desc, eq } from "drizzle-orm";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { buildTestApp, createTestClock } from "../../../test/helpers.ts";
import { emailOutbox } from "../../db/schema.ts";

const clock = createTestClock("2026-11-21T10:00:00Z");
const { app, database } = await buildTestApp({ clock });
const db = database.db;
const PASSWORD = "kulfi-falooda-1";

let ip = 0;
const post = (url: string, payload: object) =>
  app.inject({
    method: "POST",
    url: `/api/auth${url}`,
    payload,
    remoteAddress: `198.51.100.${++ip}`,
  });

/** The join-code e-mails in the outbox for an address, newest first, with their codes. */
async function codesMailed(email: string) {
  const rows = await db
    .select({ subject: emailOutbox.subject, kind: emailOutbox.kind })
    .from(emailOutbox)
    .where(eq(emailOutbox.toAddress, email))
    .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id));
  return rows
    .filter((row) => row.kind === "code-register")
    .map((row) => row.subject.match(/^(\d{6}) is your Vastra verification code$/)?.[1]);
}

// The limiters read Date.now(); the app reads the test clock: both move together.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(clock());
});
afterEach(() => {
  vi.useRealTimers();
});
function later(seconds: number) {
  clock.advance(seconds * 1000);
  vi.setSystemTime(clock());
}

it("e-mails a fresh code at sign-in once the minute since the last one has passed", async () => {
  const email = "late.signin@example.in";
  expect(
    (await post("/register", { name: "Asha Rao", email, password: PASSWORD })).statusCode,
  ).toBe(201);
  const registeredAt = clock().toISOString();
  expect(await codesMailed(email)).toHaveLength(1);

  later(61);
  const res = await post("/login", { email, password: PASSWORD });
  expect(res.statusCode).toBe(403);
  expect(res.json()).toMatchObject({
    msg: AUTH_MESSAGES.verifyFirst,
    codeSent: true,
    codeSentAt: clock().toISOString(),
  });
  expect(res.json().codeSentAt).not.toBe(registeredAt);
  const mailed = await codesMailed(email);
  expect(mailed).toHaveLength(2);

  // The e-mailed code is the one that verifies and signs in.
  const verified = await post("/verify-otp", { email, otp: mailed[0] });
  expect(verified.statusCode).toBe(200);
  expect(verified.cookies.some((c) => c.name === SESSION_COOKIE)).toBe(true);
});

it("within the minute sends nothing and says so, naming the code that still works", async () => {
  const email = "quick.signin@example.in";
  await post("/register", { name: "Ravi Menon", email, password: PASSWORD });
  const registeredAt = clock().toISOString();
  later(20);
  const res = await post("/login", { email, password: PASSWORD });
  expect(res.statusCode).toBe(403);
  const body = res.json();
  expect(body).toMatchObject({ codeSent: false, codeSentAt: registeredAt });
  expect(body.retryAfterSeconds).toBeGreaterThan(0);
  expect(body.retryAfterSeconds).toBeLessThanOrEqual(40);
  expect(res.headers["retry-after"]).toBeUndefined();
  const mailed = await codesMailed(email);
  expect(mailed).toHaveLength(1);
  expect((await post("/verify-otp", { email, otp: mailed[0] })).statusCode).toBe(200);
});

it("stops at five codes an hour per address, sign-up and sign-in together", async () => {
  const email = "many.signins@example.in";
  await post("/register", { name: "Kiran Das", email, password: PASSWORD });
  for (let i = 1; i < RESENDS_PER_HOUR; i++) {
    later(61);
    const res = await post("/login", { email, password: PASSWORD });
    expect(res.json().codeSent).toBe(true);
  }
  expect(await codesMailed(email)).toHaveLength(RESENDS_PER_HOUR);
  const lastSentAt = clock().toISOString();
  later(61);
  const refused = await post("/login", { email, password: PASSWORD });
  expect(refused.statusCode).toBe(403);
  expect(refused.json()).toMatchObject({ codeSent: false, codeSentAt: lastSentAt });
  expect(refused.json().retryAfterSeconds).toBeGreaterThan(60);
  expect(await codesMailed(email)).toHaveLength(RESENDS_PER_HOUR);
});

it("a wrong password to an unverified account sends nothing", async () => {
  const email = "wrong.pass@example.in";
  await post("/register", { name: "Neha Shah", email, password: PASSWORD });
  later(61);
  const res = await post("/login", { email, password: "not-my-password-9" });
  expect(res.statusCode).toBe(401);
  expect(res.json().codeSent).toBeUndefined();
  expect(await codesMailed(email)).toHaveLength(1);
});
