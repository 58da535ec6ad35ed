/**
 * The welcome e-mail of a new subscriber (decisions.md §6; docs/decisions/0014): sent when an address
 * becomes subscribed, with its own working unsubscribe link and the RFC 8058 headers; never twice
 * for an address that is already on the list, at most once a day per address however often it
 * unsubscribes and comes back, and a flood of sign-ups for one address does nothing.
 */
import { NEWSLETTER_MESSAGES } from "@vastra/contracts";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { buildTestApp, createTestClock } from "../../test/helpers.ts";
import { emailOutbox, newsletterSubscribers } from "../db/schema.ts";

const clock = createTestClock("2026-11-21T10:00:00Z");
const { app, database } = await buildTestApp({ clock });
const db = database.db;

let ipCounter = 0;
const subscribe = (payload: object) =>
  app.inject({
    method: "POST",
    url: "/api/newsletter/subscribe",
    payload,
    remoteAddress: `203.0.113.${++ipCounter}`,
  });

const welcomesTo = (email: string) =>
  db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.kind, "newsletter-welcome")));

const statusOf = async (email: string) => {
  const [row] = await db
    .select({ status: newsletterSubscribers.status })
    .from(newsletterSubscribers)
    .where(sql`lower(${newsletterSubscribers.email}) = ${email}`);
  return row?.status;
};

describe("the welcome e-mail", () => {
  it("carries the subscriber's own unsubscribe link, which works, and the RFC 8058 headers", async () => {
    expect((await subscribe({ email: "Nisha@Example.in", source: "home" })).statusCode).toBe(200);
    const [mail, ...more] = await welcomesTo("nisha@example.in");
    expect(more).toEqual([]);
    expect(mail!.subject).toBe("Welcome to the Vastra newsletter");
    expect(mail!.text).toContain("Welcome to the Vastra family!");

    const link = /http:\/\/localhost:3000\/unsubscribe\?[^\s"<]+/.exec(mail!.text)?.[0];
    expect(link, mail!.text).toBeDefined();
    expect(mail!.html).toContain(link!.replaceAll("&", "&amp;"));
    const url = new URL(link!);
    expect(url.searchParams.get("email")).toBe("nisha@example.in");

    const oneClick = mail!.headers["List-Unsubscribe"];
    expect(oneClick).toBe(
      `<http://localhost:3000/api/newsletter/unsubscribe?${url.searchParams.toString()}>`,
    );
    expect(mail!.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");

    const res = await app.inject({
      method: "POST",
      url: "/api/newsletter/unsubscribe",
      payload: { email: url.searchParams.get("email"), token: url.searchParams.get("token") },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(NEWSLETTER_MESSAGES.unsubscribed);
  });

  it("is sent once per subscription: not again for an address already subscribed", async () => {
    await subscribe({ email: "kabir@example.in" });
    await subscribe({ email: "kabir@example.in" });
    await subscribe({ email: "KABIR@example.in", source: "footer" });
    expect(await welcomesTo("kabir@example.in")).toHaveLength(1);
  });

  it("is sent again when an unsubscribed address comes back a day later, not sooner", async () => {
    await subscribe({ email: "tara@example.in" });
    const [first] = await welcomesTo("tara@example.in");
    const link = new URL(/http:\/\/localhost:3000\/unsubscribe\?\S+/.exec(first!.text)![0]);
    const unsubscribe = () =>
      app.inject({
        method: "POST",
        url: "/api/newsletter/unsubscribe",
        payload: { email: "tara@example.in", token: link.searchParams.get("token") },
      });
    await unsubscribe();
    expect(await welcomesTo("tara@example.in")).toHaveLength(1);
    // Back within the day: on the list again, but no second welcome.
    clock.advance(23 * 60 * 60 * 1000);
    expect((await subscribe({ email: "tara@example.in" })).statusCode).toBe(200);
    expect(await statusOf("tara@example.in")).toBe("subscribed");
    expect(await welcomesTo("tara@example.in")).toHaveLength(1);
    await unsubscribe();
    clock.advance(60 * 60 * 1000 + 1);
    await subscribe({ email: "tara@example.in", source: "unsubscribe-page" });
    expect(await welcomesTo("tara@example.in")).toHaveLength(2);
  });

  it("cannot be sent to one address over and over by unsubscribe-subscribe loops", async () => {
    await subscribe({ email: "target@example.in" });
    const [first] = await welcomesTo("target@example.in");
    const token = new URL(
      /http:\/\/localhost:3000\/unsubscribe\?\S+/.exec(first!.text)![0],
    ).searchParams.get("token");
    for (let i = 0; i < 5; i++) {
      await app.inject({
        method: "POST",
        url: "/api/newsletter/unsubscribe",
        payload: { email: "target@example.in", token },
      });
      expect((await subscribe({ email: "target@example.in" })).statusCode).toBe(200);
    }
    expect(await welcomesTo("target@example.in")).toHaveLength(1);
  });

  it("ignores, without saying so, more than 3 sign-ups of one address an hour", async () => {
    await subscribe({ email: "flood@example.in" });
    await db
      .update(newsletterSubscribers)
      .set({ status: "unsubscribed" })
      .where(sql`lower(${newsletterSubscribers.email}) = 'flood@example.in'`);
    await subscribe({ email: "flood@example.in" });
    await db
      .update(newsletterSubscribers)
      .set({ status: "unsubscribed" })
      .where(sql`lower(${newsletterSubscribers.email}) = 'flood@example.in'`);
    await subscribe({ email: "FLOOD@example.in" });
    await db
      .update(newsletterSubscribers)
      .set({ status: "unsubscribed" })
      .where(sql`lower(${newsletterSubscribers.email}) = 'flood@example.in'`);
    // The fourth call within the hour (from yet another IP) answers as usual and changes nothing.
    const fourth = await subscribe({ email: "flood@example.in" });
    expect(fourth.statusCode).toBe(200);
    expect(fourth.json().message).toBe(NEWSLETTER_MESSAGES.subscribed);
    expect(await statusOf("flood@example.in")).toBe("unsubscribed");
  });

  it("is not sent for a refused address", async () => {
    expect((await subscribe({ email: "not-an-email" })).statusCode).toBe(400);
    expect(await welcomesTo("not-an-email")).toEqual([]);
  });
});
