import { createHmac } from "node:crypto";
import { NEWSLETTER_MESSAGES, NEWSLETTER_RATE_LIMIT } from "@vastra/contracts";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { buildTestApp, TEST_APP_SECRET } from "../../test/helpers.ts";
import { newsletterSubscribers } from "../db/schema.ts";
import {
  listUnsubscribeHeaders,
  unsubscribeLink,
  unsubscribePostUrl,
  unsubscribeToken,
} from "../services/newsletter/index.ts";

const { app, database, config } = await buildTestApp();
const db = database.db;

let ipCounter = 0;
const freshIp = () => `198.51.100.${++ipCounter}`;

function subscribe(payload: object, ip = freshIp()) {
  return app.inject({
    method: "POST",
    url: "/api/newsletter/subscribe",
    payload,
    remoteAddress: ip,
  });
}

function unsubscribe(payload: object) {
  return app.inject({ method: "POST", url: "/api/newsletter/unsubscribe", payload });
}

async function rowOf(email: string) {
  const rows = await db
    .select()
    .from(newsletterSubscribers)
    .where(sql`lower(${newsletterSubscribers.email}) = ${email.toLowerCase()}`);
  expect(rows.length).toBeLessThanOrEqual(1);
  return rows[0];
}

const token = (email: string) => unsubscribeToken(TEST_APP_SECRET, email);

describe("subscribe", () => {
  it("subscribes, and answers the same for an address already subscribed", async () => {
    const first = await subscribe({ email: "Asha@Example.IN" });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ message: NEWSLETTER_MESSAGES.subscribed });
    expect(first.json().message).toMatch(/^Welcome to the Vastra family! /);
    expect(await rowOf("asha@example.in")).toMatchObject({
      email: "asha@example.in",
      status: "subscribed",
      source: "website",
      unsubscribedAt: null,
    });

    const again = await subscribe({ email: "asha@example.in", source: "footer" });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ message: NEWSLETTER_MESSAGES.subscribed });
    // Still one row, as it was.
    expect(await rowOf("asha@example.in")).toMatchObject({
      status: "subscribed",
      source: "website",
    });
  });

  it("re-subscribes an unsubscribed address and records the new source", async () => {
    await subscribe({ email: "ravi@example.in", source: "home" });
    const out = await unsubscribe({ email: "ravi@example.in", token: token("ravi@example.in") });
    expect(out.json().message).toBe(NEWSLETTER_MESSAGES.unsubscribed);
    expect((await rowOf("ravi@example.in"))!.status).toBe("unsubscribed");

    const back = await subscribe({ email: "ravi@example.in", source: "unsubscribe-page" });
    expect(back.statusCode).toBe(200);
    expect(await rowOf("ravi@example.in")).toMatchObject({
      status: "subscribed",
      source: "unsubscribe-page",
      unsubscribedAt: null,
    });
  });

  it("checks the address", async () => {
    const cases: Array<[object, string]> = [
      [{}, NEWSLETTER_MESSAGES.emailRequired],
      [{ email: "  " }, NEWSLETTER_MESSAGES.emailRequired],
      [{ email: "not-an-email" }, NEWSLETTER_MESSAGES.emailInvalid],
    ];
    for (const [body, message] of cases) {
      const res = await subscribe(body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message, errors: { email: message } });
    }
    const extra = await subscribe({ email: "x@example.in", admin: true });
    expect(extra.statusCode).toBe(400);
  });

  it("is rate limited per network (record 0042)", async () => {
    const ip = "192.0.2.77";
    for (let i = 0; i < NEWSLETTER_RATE_LIMIT.points; i++) {
      expect((await subscribe({ email: `burst${i}@example.in` }, ip)).statusCode).toBe(200);
    }
    const refused = await subscribe({ email: "burst10@example.in" }, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(NEWSLETTER_MESSAGES.tooMany);
    expect(refused.headers["retry-after"]).toBeDefined();
    expect((await subscribe({ email: "burst10@example.in" })).statusCode).toBe(200);
  });
});

describe("unsubscribe", () => {
  it("uses an HMAC-SHA256 of the lower-cased address under APP_SECRET, base64url", () => {
    const expected = createHmac("sha256", TEST_APP_SECRET)
      .update("meera@example.in")
      .digest("base64url");
    expect(token("Meera@Example.in")).toBe(expected);
  });

  it("unsubscribes with the right token, then answers 'already unsubscribed'", async () => {
    await subscribe({ email: "meera@example.in" });
    const wrong = await unsubscribe({ email: "meera@example.in", token: "forged" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe("Invalid unsubscribe link");
    const otherAddress = await unsubscribe({
      email: "meera@example.in",
      token: token("someone@example.in"),
    });
    expect(otherAddress.statusCode).toBe(400);
    expect((await rowOf("meera@example.in"))!.status).toBe("subscribed");

    const res = await unsubscribe({ email: "MEERA@example.in", token: token("meera@example.in") });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: "You have been unsubscribed from the Vastra newsletter.",
    });
    expect(await rowOf("meera@example.in")).toMatchObject({ status: "unsubscribed" });
    expect((await rowOf("meera@example.in"))!.unsubscribedAt).toBeInstanceOf(Date);

    const again = await unsubscribe({
      email: "meera@example.in",
      token: token("meera@example.in"),
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toBe("This email is already unsubscribed.");
    expect(again.json().message).toContain("already unsubscribed");
  });

  it("treats an address not on the list (with a right token) as already unsubscribed", async () => {
    const res = await unsubscribe({ email: "never@example.in", token: token("never@example.in") });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toContain("already unsubscribed");
    expect(await rowOf("never@example.in")).toBeUndefined();
  });

  it("needs the email and a token", async () => {
    const noEmail = await unsubscribe({ token: "abc" });
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json().message).toBe(NEWSLETTER_MESSAGES.missingEmail);
    const noToken = await unsubscribe({ email: "a@example.in" });
    expect(noToken.statusCode).toBe(400);
    expect(noToken.json().message).toBe("Invalid unsubscribe link");
  });

  it("accepts the RFC 8058 one-click POST: email and token in the query, a form body", async () => {
    const bodies = [
      {
        email: "click1@example.in",
        // A mail provider posts from its own origin: the token, not the origin, is the guard here.
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          origin: "https://mail.provider.example",
        },
        payload: "List-Unsubscribe=One-Click",
      },
      {
        email: "click2@example.in",
        headers: { "content-type": "multipart/form-data; boundary=---FormBoundaryjWmhtjORrn" },
        payload:
          '---FormBoundaryjWmhtjORrn\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n---FormBoundaryjWmhtjORrn--\r\n',
      },
      { email: "click3@example.in", headers: {}, payload: undefined },
    ];
    for (const { email, headers, payload } of bodies) {
      await subscribe({ email });
      const url = new URL(unsubscribePostUrl(config, email));
      expect(url.pathname).toBe("/api/newsletter/unsubscribe");
      const res = await app.inject({
        method: "POST",
        url: `${url.pathname}${url.search}`,
        headers,
        ...(payload ? { payload } : {}),
      });
      expect(res.statusCode, `${email} ${res.body}`).toBe(200);
      expect(res.json().message).toBe(NEWSLETTER_MESSAGES.unsubscribed);
      expect((await rowOf(email))!.status).toBe("unsubscribed");
    }
    const forged = await app.inject({
      method: "POST",
      url: "/api/newsletter/unsubscribe?email=click1%40example.in&token=nope",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(forged.statusCode).toBe(400);
  });

  it("sends a browser that opens the one-click address on to the unsubscribe page", async () => {
    const url = new URL(unsubscribePostUrl(config, "page@example.in"));
    const res = await app.inject({ method: "GET", url: `${url.pathname}${url.search}` });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(
      `/unsubscribe?email=page%40example.in&token=${encodeURIComponent(token("page@example.in"))}`,
    );
  });

  it("builds the links and headers the newsletter sends", () => {
    const link = unsubscribeLink(
      { appSecret: TEST_APP_SECRET, publicUrl: "https://vastra.example/" },
      "Neha@Example.in",
    );
    expect(link).toBe(
      `https://vastra.example/unsubscribe?email=neha%40example.in&token=${token("neha@example.in")}`,
    );
    const postUrl = unsubscribePostUrl(
      { appSecret: TEST_APP_SECRET, publicUrl: "https://vastra.example" },
      "neha@example.in",
    );
    expect(listUnsubscribeHeaders(link, postUrl)).toEqual({
      "List-Unsubscribe": `<${postUrl}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    expect(listUnsubscribeHeaders(link)["List-Unsubscribe"]).toBe(`<${link}>`);
  });
});
