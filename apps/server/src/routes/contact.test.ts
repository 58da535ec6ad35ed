import { CONTACT_MESSAGES, CONTACT_RATE_LIMIT, DEFAULT_STORE_SETTINGS } from "@vastra/contracts";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { buildTestApp } from "../../test/helpers.ts";
import type { Db } from "../db/client.ts";
import { contactMessages, emailOutbox } from "../db/schema.ts";

const { app, database } = await buildTestApp();
const db = database.db;

const valid = {
  name: "Asha Rao",
  email: "Asha.Rao@Example.in",
  phone: "+91 98200-12345",
  subject: "order",
  message: "My order VST-100001 has not arrived yet.\nCan you check?",
};

function post(payload: object, ip: string) {
  return app.inject({ method: "POST", url: "/api/contact", payload, remoteAddress: ip });
}

async function count(db: Db, table: typeof contactMessages | typeof emailOutbox) {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(table);
  return Number(row!.n);
}

describe("POST /api/contact", () => {
  it("puts each field's own message next to it", async () => {
    const missing = await post({ phone: "12345" }, "198.51.100.1");
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({
      name: CONTACT_MESSAGES.name,
      email: CONTACT_MESSAGES.email,
      phone: CONTACT_MESSAGES.phone,
      subject: CONTACT_MESSAGES.subject,
      message: CONTACT_MESSAGES.message,
    });

    const blank = await post(
      { name: "   ", email: " ", phone: "5820012345", subject: "complaints", message: "\n " },
      "198.51.100.1",
    );
    expect(blank.statusCode).toBe(400);
    const body = blank.json();
    expect(body.errors).toEqual({
      name: CONTACT_MESSAGES.name,
      email: CONTACT_MESSAGES.email,
      phone: CONTACT_MESSAGES.phone,
      subject: CONTACT_MESSAGES.subject,
      message: CONTACT_MESSAGES.message,
    });
    expect(Object.values(body.errors)).toContain(body.message);
  });

  it("stores nothing and e-mails nobody when the input is bad", async () => {
    const before = [await count(db, contactMessages), await count(db, emailOutbox)];
    for (const bad of [
      { ...valid, email: "asha@" },
      { ...valid, phone: "98200" },
      { ...valid, subject: "spam" },
      { ...valid, message: "" },
      { ...valid, name: "A".repeat(101) },
      { ...valid, extra: "field" },
    ]) {
      const res = await post(bad, "198.51.100.2");
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect([await count(db, contactMessages), await count(db, emailOutbox)]).toEqual(before);
  });

  it("stores a valid message and queues an e-mail to the store in the same request", async () => {
    const res = await post(valid, "198.51.100.3");
    expect(res.statusCode).toBe(201);
    const reply = res.json();
    expect(reply).toEqual({ message: CONTACT_MESSAGES.success, id: expect.any(String) });

    const [stored] = await db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.id, reply.id));
    expect(stored).toMatchObject({
      name: "Asha Rao",
      email: "asha.rao@example.in",
      phone: "9820012345",
      subject: "order",
      message: valid.message,
      ip: "198.51.100.3",
    });

    const mails = await db.select().from(emailOutbox).where(eq(emailOutbox.kind, "contact"));
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail).toMatchObject({
      toAddress: DEFAULT_STORE_SETTINGS.email,
      subject: "Contact form: Order Support from Asha Rao",
      status: "pending",
      headers: { "Reply-To": "asha.rao@example.in" },
    });
    expect(mail.text).toContain("My order VST-100001 has not arrived yet.");
    expect(mail.text).toContain("Phone: 9820012345");
    expect(mail.html).toContain("My order VST-100001 has not arrived yet.<br>Can you check?");
  });

  it("shows what a visitor typed as text in the store's e-mail, never as markup", async () => {
    const res = await post(
      { ...valid, name: "Eve <b>", message: '<img src=x onerror="alert(1)"> hi' },
      "198.51.100.4",
    );
    expect(res.statusCode).toBe(201);
    const [mail] = await db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.subject, "Contact form: Order Support from Eve <b>"));
    expect(mail!.html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt; hi");
    expect(mail!.html).not.toContain("<img");
    expect(mail!.html).not.toContain("Eve <b>");
  });

  it(`refuses the ${CONTACT_RATE_LIMIT.points + 1}th message from one address within 10 minutes`, async () => {
    const before = await count(db, contactMessages);
    for (let i = 1; i <= CONTACT_RATE_LIMIT.points; i++) {
      const res = await post({ ...valid, message: `Message ${i}` }, "203.0.113.7");
      expect(res.statusCode, `message ${i}`).toBe(201);
    }
    const refused = await post({ ...valid, message: "One more" }, "203.0.113.7");
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      message:
        "You have sent several messages in a short time. Please wait a few minutes, or write to us by e-mail.",
    });
    const retryAfter = Number(refused.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(CONTACT_RATE_LIMIT.windowSeconds);

    const other = await post({ ...valid, message: "From the office" }, "203.0.113.8");
    expect(other.statusCode).toBe(201);

    const stored = await db.select({ message: contactMessages.message }).from(contactMessages);
    expect(stored).toHaveLength(before + CONTACT_RATE_LIMIT.points + 1);
    expect(stored.map((r) => r.message)).not.toContain("One more");
  });
});

describe("POST /api/contact when the e-mail cannot be queued", () => {
  it("keeps no message and does not claim it was sent", async () => {
    const { app: broken, database: brokenDb } = await buildTestApp();
    await brokenDb.db.execute(sql`alter table email_outbox rename to email_outbox_gone`);
    const res = await broken.inject({
      method: "POST",
      url: "/api/contact",
      payload: valid,
      remoteAddress: "198.51.100.9",
    });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: "Something went wrong on our side. Please try again." });
    expect(await count(brokenDb.db, contactMessages)).toBe(0);
  });
});
