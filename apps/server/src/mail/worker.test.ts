import { DEFAULT_STORE_SETTINGS } from "@vastra/contracts";
import { eq, sql } from "drizzle-orm";
import QRCode from "qrcode";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildTestApp, createTestClock, setupTestDatabase } from "../../test/helpers.ts";
import { freePort, leafParts, type SmtpSink, startSmtpSink } from "../../test/mail.ts";
import { devMailbox, emailOutbox } from "../db/schema.ts";
import { UPI_QR_CID } from "./inline-images.ts";
import { enqueueEmail } from "./outbox.ts";
import { renderEmail } from "./templates.ts";
import {
  devMailboxTransport,
  type MailTransport,
  messageIdFor,
  smtpTransport,
} from "./transports.ts";
import { createMailWorker, MAX_ATTEMPTS, type MailWorker, retryDelayMs } from "./worker.ts";

const database = await setupTestDatabase();
const db = database.db;
const FROM = "Vastra <hello@vastra.example>";

function orderConfirmation(orderNumber: string) {
  return renderEmail(
    {
      subject: `Your Vastra order ${orderNumber} is confirmed`,
      preheader: "We have confirmed your order.",
      heading: `Order ${orderNumber} confirmed`,
      blocks: [
        { type: "paragraph", text: "Namaste Asha, thank you for shopping with Vastra." },
        { type: "rows", rows: [["Total", "₹1,299.00"]] },
      ],
    },
    DEFAULT_STORE_SETTINGS,
  );
}

async function enqueue(orderNumber: string, to = "asha@example.in"): Promise<string> {
  return enqueueEmail(db, { ...orderConfirmation(orderNumber), kind: "order", to });
}

async function outboxRow(id: string) {
  const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
  return row!;
}

/**
 * The test clock starts a second ahead of the real time, so rows queued a moment ago (their
 * next_attempt_at is the database's now()) are due at once.
 */
const newClock = () => createTestClock(Date.now() + 1000);

/** A transport that counts what it is given and fails while `failing` is true. */
function fakeTransport(options: { failing: boolean }) {
  const sent: string[] = [];
  const transport: MailTransport & { sent: string[]; failing: boolean } = {
    name: "smtp",
    sent,
    failing: options.failing,
    async send(message) {
      if (transport.failing) throw new Error("421 Service not available");
      sent.push(message.outboxId);
    },
    close() {},
  };
  return transport;
}

const workers: MailWorker[] = [];
const sinks: SmtpSink[] = [];
function worker(options: Omit<Parameters<typeof createMailWorker>[0], "db" | "from">) {
  const made = createMailWorker({ db, from: FROM, ...options });
  workers.push(made);
  return made;
}

beforeEach(async () => {
  await db.delete(emailOutbox);
  await db.delete(devMailbox);
});

afterEach(async () => {
  for (const w of workers.splice(0)) await w.stop();
  for (const s of sinks.splice(0)) await s.close();
});

describe("retryDelayMs", () => {
  it("doubles with each attempt, up to the maximum", () => {
    expect([1, 2, 3, 4, 5, 6].map((n) => retryDelayMs(n, 1000, 20_000))).toEqual([
      1000, 2000, 4000, 8000, 16_000, 20_000,
    ]);
  });
});

describe("the mail worker with an SMTP server", () => {
  it("keeps a message while the server is down and delivers it exactly once when it is up", async () => {
    const id = await enqueue("VST-100001");
    const port = await freePort();
    const clock = newClock();
    const mailer = worker({
      transport: smtpTransport(`smtp://127.0.0.1:${port}`),
      clock,
      baseDelayMs: 60_000,
    });

    // Nothing listens on the port: the attempt fails and is scheduled again a minute later.
    expect(await mailer.drainOnce()).toEqual({ sent: 0, failed: 1 });
    const failed = await outboxRow(id);
    expect(failed).toMatchObject({ status: "pending", attempts: 1, lockedUntil: null });
    expect(failed.nextAttemptAt.getTime()).toBe(clock().getTime() + 60_000);
    expect(failed.lastError).toMatch(/ECONNREFUSED|connect/i);

    // Not due yet: no new attempt.
    expect(await mailer.drainOnce()).toEqual({ sent: 0, failed: 0 });
    expect((await outboxRow(id)).attempts).toBe(1);

    const sink = await startSmtpSink(port);
    sinks.push(sink);
    clock.advance(60_000);
    expect(await mailer.drainOnce()).toEqual({ sent: 1, failed: 0 });
    const sent = await outboxRow(id);
    expect(sent).toMatchObject({ status: "sent", attempts: 2, lastError: null });
    expect(sent.sentAt?.getTime()).toBe(clock().getTime());

    // Later drains send nothing more.
    clock.advance(24 * 3600_000);
    expect(await mailer.drainOnce()).toEqual({ sent: 0, failed: 0 });
    expect(await mailer.drainOnce()).toEqual({ sent: 0, failed: 0 });

    expect(sink.received).toHaveLength(1);
    const mail = sink.received[0]!;
    expect(mail.envelope).toEqual({ from: "hello@vastra.example", to: ["asha@example.in"] });
    const headers = mail.message.headers;
    expect(headers.subject).toBe("Your Vastra order VST-100001 is confirmed");
    expect(headers.to).toBe("asha@example.in");
    expect(headers.from).toBe(FROM);
    expect(headers["message-id"]).toBe(messageIdFor(id));
    expect(mail.message.type).toBe("multipart/alternative");
    const parts = leafParts(mail.message);
    expect(parts.map((p) => p.type)).toEqual(["text/plain", "text/html"]);
    expect(parts[0]!.body).toContain("Order VST-100001 confirmed");
    expect(parts[0]!.body).toContain("Total: ₹1,299.00");
    expect(parts[1]!.body).toMatch(/^<!doctype html>/);
    expect(parts[1]!.body).toContain("Order VST-100001 confirmed</h1>");
  });

  it("makes a message's QR code when sending it and attaches it inline where the HTML shows it (record 0067)", async () => {
    const link = "upi://pay?pa=vastra.store@okaxis&pn=Vastra&am=1299.00&cu=INR&tn=VST-100010";
    const content = renderEmail(
      {
        subject: "Your Vastra order VST-100010 has been placed",
        preheader: "Pay by UPI.",
        heading: "Thank you for your order!",
        blocks: [
          { type: "paragraph", text: "Scan this code with any UPI app." },
          { type: "image", src: `cid:${UPI_QR_CID}`, alt: "UPI QR code", width: 200, link },
        ],
      },
      DEFAULT_STORE_SETTINGS,
    );
    const id = await enqueueEmail(db, {
      ...content,
      kind: "order-placed",
      to: "asha@example.in",
      inlineImages: [{ cid: UPI_QR_CID, qr: link }],
    });
    // What the outbox keeps is the link, not a picture.
    expect((await outboxRow(id)).inlineImages).toEqual([{ cid: UPI_QR_CID, qr: link }]);
    const expected = await QRCode.toBuffer(link, {
      type: "png",
      errorCorrectionLevel: "M",
      margin: 2,
      width: 200,
      color: { dark: "#1f1a17", light: "#ffffff" },
    });

    const port = await freePort();
    const sink = await startSmtpSink(port);
    sinks.push(sink);
    const mailer = worker({
      transport: smtpTransport(`smtp://127.0.0.1:${port}`),
      clock: newClock(),
    });
    expect(await mailer.drainOnce()).toEqual({ sent: 1, failed: 0 });
    const mail = sink.received[0]!;
    const parts = leafParts(mail.message);
    expect(parts.map((p) => p.type)).toEqual(["text/plain", "text/html", "image/png"]);
    expect(parts[1]!.body).toContain(`src="cid:${UPI_QR_CID}"`);
    const picture = parts[2]!;
    expect(picture.headers["content-id"]).toBe(`<${UPI_QR_CID}>`);
    expect(picture.headers["content-disposition"]).toMatch(/^inline/);
    // The order's own link, as a 200-pixel PNG.
    expect(picture.bytes?.equals(expected)).toBe(true);
    expect(await sharp(picture.bytes!).metadata()).toMatchObject({
      format: "png",
      width: 200,
      height: 200,
    });

    // The development mailbox page shows the HTML itself: the picture goes in as a data: URL.
    const again = await enqueueEmail(db, {
      ...content,
      kind: "order-placed",
      to: "ravi@example.in",
      inlineImages: [{ cid: UPI_QR_CID, qr: link }],
    });
    const local = worker({ transport: devMailboxTransport(db), clock: newClock() });
    expect(await local.drainOnce()).toEqual({ sent: 1, failed: 0 });
    const [stored] = await db.select().from(devMailbox).where(eq(devMailbox.outboxId, again));
    expect(stored!.html).not.toContain("cid:");
    expect(stored!.html).toContain(`src="data:image/png;base64,${expected.toString("base64")}"`);
  });

  it("gives a message up after MAX_ATTEMPTS failures, waiting twice as long each time", async () => {
    const id = await enqueue("VST-100002");
    const clock = newClock();
    const transport = fakeTransport({ failing: true });
    const mailer = worker({ transport, clock, baseDelayMs: 1000, maxDelayMs: 20_000 });

    const delays: number[] = [];
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      expect(await mailer.drainOnce()).toEqual({ sent: 0, failed: 1 });
      const row = await outboxRow(id);
      expect(row.attempts).toBe(attempt);
      expect(row.status).toBe(attempt < MAX_ATTEMPTS ? "pending" : "failed");
      const delay = row.nextAttemptAt.getTime() - clock().getTime();
      delays.push(delay);
      clock.advance(delay);
    }
    expect(delays.slice(0, 6)).toEqual([1000, 2000, 4000, 8000, 16_000, 20_000]);

    // A failed message is never tried again, even once the server works.
    transport.failing = false;
    clock.advance(7 * 24 * 3600_000);
    expect(await mailer.drainOnce()).toEqual({ sent: 0, failed: 0 });
    expect(await outboxRow(id)).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS });
  });

  it("never hands one message to two workers draining at the same time", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) ids.push(await enqueue(`VST-2000${i}`, `buyer${i}@example.in`));
    const clock = newClock();
    const a = fakeTransport({ failing: false });
    const b = fakeTransport({ failing: false });
    const results = await Promise.all([
      worker({ transport: a, clock, batchSize: 3 }).drainOnce(),
      worker({ transport: b, clock, batchSize: 3 }).drainOnce(),
    ]);
    expect(results[0]!.sent + results[1]!.sent).toBe(12);
    expect([...a.sent, ...b.sent].sort()).toEqual([...ids].sort());
    const statuses = await db.select({ status: emailOutbox.status }).from(emailOutbox);
    expect(statuses.every((r) => r.status === "sent")).toBe(true);
  });

  it("sends a few messages at once, and one refused address does not hold up the others", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) ids.push(await enqueue(`VST-3000${i}`, `reader${i}@example.in`));
    let inFlight = 0;
    let most = 0;
    const delivered: string[] = [];
    const slow: MailTransport = {
      name: "smtp",
      async send(message) {
        inFlight++;
        most = Math.max(most, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 20));
        inFlight--;
        if (message.to === "reader3@example.in") throw new Error("550 No such user");
        delivered.push(message.outboxId);
      },
      close() {},
    };
    const mailer = worker({ transport: slow, clock: newClock(), concurrency: 3 });
    expect(await mailer.drainOnce()).toEqual({ sent: 9, failed: 1 });
    expect(most).toBe(3);
    expect(delivered.sort()).toEqual(ids.filter((_, i) => i !== 3).sort());
    expect(await outboxRow(ids[3]!)).toMatchObject({ status: "pending", attempts: 1 });
    expect((await outboxRow(ids[3]!)).lastError).toContain("550 No such user");
    expect(await outboxRow(ids[0]!)).toMatchObject({ status: "sent" });
  });
});

describe("compacting sent e-mails", () => {
  const DAY = 24 * 3600_000;

  it("empties the bodies of messages sent more than 30 days ago, keeping the rows", async () => {
    const clock = newClock();
    const mailer = worker({ transport: fakeTransport({ failing: false }), clock });
    const old = await enqueueEmail(db, {
      ...orderConfirmation("VST-200001"),
      kind: "order",
      to: "asha@example.in",
      inlineImages: [{ cid: UPI_QR_CID, qr: "upi://pay?pa=vastra.store@okaxis&tn=VST-200001" }],
    });
    expect(await mailer.drainOnce()).toEqual({ sent: 1, failed: 0 });
    clock.advance(10 * DAY);
    const recent = await enqueue("VST-200002");
    expect(await mailer.drainOnce()).toEqual({ sent: 1, failed: 0 });
    // Never sent: kept whole however old it gets.
    const failing = worker({ transport: fakeTransport({ failing: true }), clock });
    const unsent = await enqueue("VST-200003", "ravi@example.in");
    await failing.drainOnce();

    clock.advance(19 * DAY); // the first was sent 29 days ago
    expect(await mailer.compactSent()).toBe(0);

    clock.advance(2 * DAY); // 31 days
    expect(await mailer.compactSent()).toBe(1);
    expect(await outboxRow(old)).toMatchObject({
      status: "sent",
      toAddress: "asha@example.in",
      subject: "Your Vastra order VST-200001 is confirmed",
      html: "",
      text: "",
      headers: {},
      inlineImages: [],
    });
    const kept = await outboxRow(recent);
    expect(kept.html).toContain("Order VST-200002 confirmed");
    expect(kept.text).toContain("Order VST-200002 confirmed");
    expect((await outboxRow(unsent)).html).toContain("Order VST-200003 confirmed");
    // Nothing left to do until the next one ages.
    expect(await mailer.compactSent()).toBe(0);
  });

  it("is done by the running worker, at most once an hour", async () => {
    const MINUTE = 60_000;
    const clock = newClock();
    const mailer = worker({
      transport: fakeTransport({ failing: false }),
      clock,
      pollMs: 10,
      sentRetentionMs: 30 * MINUTE,
    });
    const first = await enqueue("VST-200011");
    expect(await mailer.drainOnce()).toEqual({ sent: 1, failed: 0 });
    clock.advance(31 * MINUTE);
    mailer.start();
    await expect.poll(async () => (await outboxRow(first)).html).toBe("");

    // The next one ages past the retention half an hour after that compaction: left alone...
    const second = await enqueue("VST-200012");
    await expect.poll(async () => (await outboxRow(second)).status).toBe("sent");
    clock.advance(31 * MINUTE);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await outboxRow(second)).html).toContain("Order VST-200012 confirmed");
    // ...until an hour has passed since it.
    clock.advance(30 * MINUTE);
    await expect.poll(async () => (await outboxRow(second)).html).toBe("");
  });
});

describe("the development mailbox transport", () => {
  it("stores each outbox message once, even when a send is repeated", async () => {
    const first = await enqueue("VST-100003");
    const second = await enqueue("VST-100004", "ravi@example.in");
    const clock = newClock();
    const mailer = worker({ transport: devMailboxTransport(db), clock });

    expect(await mailer.drainOnce()).toEqual({ sent: 2, failed: 0 });
    expect(await mailer.drainOnce()).toEqual({ sent: 0, failed: 0 });

    // A worker that stopped after sending but before recording it sends the message again.
    await db
      .update(emailOutbox)
      .set({ status: "pending", sentAt: null, nextAttemptAt: sql`now() - interval '1 minute'` })
      .where(eq(emailOutbox.id, first));
    expect(await mailer.drainOnce()).toEqual({ sent: 1, failed: 0 });

    const stored = await db.select().from(devMailbox);
    expect(stored.map((m) => m.outboxId).sort()).toEqual([first, second].sort());
    const ravi = stored.find((m) => m.outboxId === second)!;
    expect(ravi).toMatchObject({
      fromAddress: FROM,
      toAddress: "ravi@example.in",
      subject: "Your Vastra order VST-100004 is confirmed",
    });
    expect(ravi.headers["Message-ID"]).toBe(messageIdFor(second));
    expect(ravi.text).toContain("Order VST-100004 confirmed");
    expect(ravi.html).toContain("Order VST-100004 confirmed</h1>");
  });

  it("shows the messages at /api/dev/mailbox, and nowhere in production", async () => {
    await enqueue("VST-100005", "meera@example.in");
    await enqueue("VST-100006", "ravi@example.in");
    await worker({ transport: devMailboxTransport(db), clock: newClock() }).drainOnce();

    const { app } = await buildTestApp({ database });
    const all = await app.inject({ method: "GET", url: "/api/dev/mailbox" });
    expect(all.statusCode).toBe(200);
    expect(
      all
        .json()
        .map((m: { to: string }) => m.to)
        .sort(),
    ).toEqual(["meera@example.in", "ravi@example.in"]);

    // Many newer e-mails to others (a newsletter, say) do not hide Meera's.
    await db.insert(devMailbox).values(
      Array.from({ length: 205 }, (_, i) => ({
        outboxId: crypto.randomUUID(),
        fromAddress: FROM,
        toAddress: `subscriber${i}@example.in`,
        subject: "Diwali edit",
        html: "<p>Diwali edit</p>",
        text: "Diwali edit",
      })),
    );
    const res = await app.inject({ method: "GET", url: "/api/dev/mailbox?to=Meera@example.in" });
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      to: "meera@example.in",
      subject: "Your Vastra order VST-100005 is confirmed",
    });

    const { app: production } = await buildTestApp({
      database,
      config: { isProduction: true, env: "production" },
    });
    const refused = await production.inject({ method: "GET", url: "/api/dev/mailbox" });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ message: "The development mailbox is off in production" });
  });
});
