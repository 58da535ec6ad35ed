/**
 * The newsletter's limits (issue #16, record 0042): a carrier's shared address (CGNAT) is not
 * refused after a handful of sign-ups; a network (IPv4 /24, IPv6 /56) has a budget scripts hit;
 * one address is limited on its own; a re-subscribe from the address's unsubscribe link is not
 * limited by the network, and a forged token is refused.
 */
import { NEWSLETTER_MESSAGES, NEWSLETTER_RATE_LIMIT } from "@vastra/contracts";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { buildTestApp } from "../../test/helpers.ts";
import { newsletterSubscribers } from "../db/schema.ts";
import { unsubscribeToken } from "../services/newsletter/index.ts";
import { networkKey } from "../services/rate-limit.ts";

const { app, database, config } = await buildTestApp();
const db = database.db;

const subscribe = (payload: object, ip: string) =>
  app.inject({ method: "POST", url: "/api/newsletter/subscribe", payload, remoteAddress: ip });
const unsubscribe = (email: string) =>
  app.inject({
    method: "POST",
    url: "/api/newsletter/unsubscribe",
    payload: { email, token: unsubscribeToken(config.appSecret, email) },
  });
async function statusOf(email: string) {
  const [row] = await db
    .select({ status: newsletterSubscribers.status })
    .from(newsletterSubscribers)
    .where(sql`lower(${newsletterSubscribers.email}) = ${email}`);
  return row?.status;
}

describe("networkKey", () => {
  it("counts IPv4 by /24 and IPv6 by /56", () => {
    expect(networkKey("100.64.12.34")).toBe("100.64.12.0/24");
    expect(networkKey("::ffff:100.64.12.200")).toBe("100.64.12.0/24");
    expect(networkKey("2401:4900:1c2a:12ff:aaaa::1")).toBe("2401:4900:1c2a:1200::/56");
    expect(networkKey("2401:4900:1c2a:1234::9")).toBe(networkKey("2401:4900:1c2a:12ab::1"));
    expect(networkKey("2401:4900:1c2a:1334::9")).not.toBe(networkKey("2401:4900:1c2a:1234::9"));
    expect(networkKey("not-an-ip")).toBe("not-an-ip");
  });
});

describe("subscribing from a carrier's shared address", () => {
  it("takes 50 shoppers' addresses from one IP without a refusal, then unsubscribe and re-subscribe work", async () => {
    const cgnat = "100.64.0.10";
    for (let i = 0; i < 50; i++) {
      const res = await subscribe({ email: `shopper${i}@example.in` }, cgnat);
      expect(res.statusCode).toBe(200);
    }
    expect(await statusOf("shopper49@example.in")).toBe("subscribed");
    expect((await unsubscribe("shopper7@example.in")).statusCode).toBe(200);
    expect(await statusOf("shopper7@example.in")).toBe("unsubscribed");
    const again = await subscribe(
      {
        email: "shopper7@example.in",
        source: "unsubscribe-page",
        token: unsubscribeToken(config.appSecret, "shopper7@example.in"),
      },
      cgnat,
    );
    expect(again.statusCode).toBe(200);
    expect(await statusOf("shopper7@example.in")).toBe("subscribed");
  });
});

describe("the network's budget", () => {
  it("refuses a script past the budget from anywhere in the /24, but not a valid re-subscribe link", async () => {
    await subscribe({ email: "owner@example.in" }, "203.0.113.250");
    await unsubscribe("owner@example.in");
    // The owner's own sign-up counted once.
    for (let i = 1; i < NEWSLETTER_RATE_LIMIT.points; i++) {
      // Spread over the /24: the budget is the network's, not one address's.
      const res = await subscribe({ email: `bot${i}@example.in` }, `203.0.113.${i % 250}`);
      expect(res.statusCode).toBe(200);
    }
    const refused = await subscribe({ email: "late@example.in" }, "203.0.113.251");
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(NEWSLETTER_MESSAGES.tooMany);
    expect(await statusOf("late@example.in")).toBeUndefined();

    // Another network is not affected.
    expect((await subscribe({ email: "late@example.in" }, "203.0.114.1")).statusCode).toBe(200);

    // The unsubscribe page's Re-subscribe carries the link's token: it goes through.
    const forged = await subscribe(
      { email: "owner@example.in", source: "unsubscribe-page", token: "forged" },
      "203.0.113.9",
    );
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toBe(NEWSLETTER_MESSAGES.invalidLink);
    expect(await statusOf("owner@example.in")).toBe("unsubscribed");
    const resubscribed = await subscribe(
      {
        email: "owner@example.in",
        source: "unsubscribe-page",
        token: unsubscribeToken(config.appSecret, "owner@example.in"),
      },
      "203.0.113.9",
    );
    expect(resubscribed.statusCode).toBe(200);
    expect(await statusOf("owner@example.in")).toBe("subscribed");
  });

  it("counts an IPv6 /56 as one network", async () => {
    for (let i = 0; i < NEWSLETTER_RATE_LIMIT.points; i++) {
      const ip = `2001:db8:aa:${(i % 200).toString(16)}::${i.toString(16)}`;
      expect((await subscribe({ email: `v6bot${i}@example.in` }, ip)).statusCode).toBe(200);
    }
    expect((await subscribe({ email: "v6late@example.in" }, "2001:db8:aa:ff::1")).statusCode).toBe(
      429,
    );
    expect((await subscribe({ email: "v6late@example.in" }, "2001:db8:aa:100::1")).statusCode).toBe(
      200,
    );
  });
});
