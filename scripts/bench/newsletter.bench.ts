/**
 * A newsletter to BENCH_NEWSLETTER_SUBSCRIBERS (default 100,000) active subscribers, sent the way
 * the store sends it: POST-equivalent campaign creation (createCampaigns), the campaign runner
 * queueing it into the e-mail outbox in batches of 500, and the mail worker delivering it over SMTP
 * (nodemailer, MAIL_CONCURRENCY pooled connections per worker; BENCH_NEWSLETTER_WORKERS workers,
 * default 4, as that many server processes would run) into an SMTP sink (smtp-server, in its own process so its
 * parsing does not count against the sender). Reports the time to queue, the total time until the
 * campaign is closed, e-mails per second and the sending process's peak memory (RSS high-water,
 * sampled every 100 ms), and checks that the sink received every address exactly once.
 *
 * Databases: BENCH_NEWSLETTER_DATABASES ("postgres" by default when TEST_DATABASE_URL's server
 * answers, else "pglite"; "pglite,postgres" for both). Usage: node scripts/bench/newsletter.bench.ts
 */
import { type ChildProcess, fork } from "node:child_process";
import { newsletterTemplateSchema } from "@vastra/contracts";
import { sql } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { MAIL_CONCURRENCY, smtpTransport } from "../../apps/server/src/mail/transports.ts";
import { createMailWorker } from "../../apps/server/src/mail/worker.ts";
import {
  createCampaignRunner,
  createCampaigns,
} from "../../apps/server/src/services/newsletter/campaigns.ts";
import { ensureStoreSettings } from "../../apps/server/src/services/store-settings.ts";
import { createBenchDatabase, type DatabaseKind, postgresAvailable } from "./lib/database.ts";
import { envCount, load1, log, num, table } from "./lib/harness.ts";

// ---------------------------------------------------------------- the sink (child process)

type SinkReport = { received: number; distinct: number; duplicates: number };

function ask<T>(child: ChildProcess, message: string): Promise<T> {
  return new Promise((resolve) => {
    child.once("message", (m) => resolve(m as T));
    child.send(message);
  });
}

async function startSink(): Promise<{ port: number; child: ChildProcess }> {
  const child = fork(import.meta.filename, ["--sink"], {
    stdio: ["ignore", "ignore", "inherit", "ipc"],
  });
  const { port } = await new Promise<{ port: number }>((resolve, reject) => {
    child.once("message", (m) => resolve(m as { port: number }));
    child.once("error", reject);
  });
  return { port, child };
}

// ---------------------------------------------------------------- the run

type Result = {
  kind: DatabaseKind;
  subscribers: number;
  loadSeconds: number;
  queueSeconds: number;
  totalSeconds: number;
  perSecond: number;
  peakRssMb: number;
  baseRssMb: number;
  outboxMb: number;
  sink: SinkReport;
  status: string;
  delivered: number;
  load: string;
};

const NAMES: Record<DatabaseKind, string> = { pglite: "PGlite", postgres: "PostgreSQL" };

async function runOne(kind: DatabaseKind, subscribers: number): Promise<Result> {
  log(`${NAMES[kind]}: creating the database and ${num(subscribers)} subscribers…`);
  const bench = await createBenchDatabase(kind);
  const database = await bench.open();
  const sink = await startSink();
  try {
    const db = database.db;
    await ensureStoreSettings(db);
    const loadStarted = performance.now();
    const CHUNK = 20_000;
    for (let from = 0; from < subscribers; from += CHUNK) {
      const to = Math.min(subscribers, from + CHUNK) - 1;
      await db.execute(sql`
        insert into newsletter_subscribers (email, source, subscribed_at)
        select 'reader' || g || '@bench.example', 'bench', now() - (g || ' seconds')::interval
        from generate_series(${from}::int, ${to}::int) g`);
    }
    // A few who left before the send: they must get nothing.
    await db.execute(sql`
      insert into newsletter_subscribers (email, status, source)
      select 'gone' || g || '@bench.example', 'unsubscribed', 'bench' from generate_series(1, 100) g`);
    const loadSeconds = (performance.now() - loadStarted) / 1000;

    const publicUrl = "https://vastra.example";
    const appSecret = "bench-secret-0123456789-abcdefghijklmnopqrstuvwxyz";
    const template = newsletterTemplateSchema.parse({
      subject: "The season sale is on",
      mainTitle: "Up to 40% off our favourite kurtas",
      description:
        "From everyday cotton kurtas to statement lehengas, the season's best pieces are now up to 40% off.\n\nThe best sizes go quickly, so take your pick today.",
      headerImage: "/images/0123456789abcdef01234567-w1280.webp",
      buttonText: "SHOP THE SALE",
      buttonUrl: "/products?sort=price-low",
      footerMessage: "Offer valid while stocks last.",
    });

    global.gc?.();
    const baseRss = process.memoryUsage().rss;
    let peakRss = baseRss;
    const sampler = setInterval(() => {
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
    }, 100);

    const started = performance.now();
    const campaigns = createCampaigns({ db });
    const campaign = await campaigns.create(template, null);
    let queuedAt = 0;
    const runner = createCampaignRunner({ db, appSecret, publicUrl, pollMs: 50 });
    const workers = Array.from({ length: WORKERS }, () =>
      createMailWorker({
        db,
        transport: smtpTransport(`smtp://127.0.0.1:${sink.port}/?pool=true&maxMessages=Infinity`),
        from: "Vastra <hello@vastra.example>",
        batchSize: 100,
        pollMs: 50,
      }),
    );
    runner.start();
    for (const w of workers) w.start();
    let lastLog = 0;
    let progress = await campaigns.get(campaign._id);
    while (progress.status === "queued" || progress.status === "sending") {
      await new Promise((r) => setTimeout(r, 500));
      progress = await campaigns.get(campaign._id);
      if (!queuedAt && progress.queued >= progress.total) queuedAt = performance.now();
      if (performance.now() - lastLog > 10_000) {
        lastLog = performance.now();
        log(
          `  ${((performance.now() - started) / 1000).toFixed(0)} s: queued ${num(progress.queued)}, sent ${num(progress.sent)} of ${num(progress.total)} (load ${load1()})`,
        );
      }
    }
    const totalSeconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
    await runner.stop();
    for (const w of workers) await w.stop();
    const report = await ask<SinkReport>(sink.child, "report");
    const size = await db.execute(sql`
      select coalesce(sum(octet_length(html) + octet_length(text)), 0)::bigint as bytes
      from email_outbox where campaign_id = ${campaign._id}::uuid`);
    const rows = (Array.isArray(size) ? size : (size as { rows: unknown[] }).rows) as Array<{
      bytes: string | number;
    }>;
    return {
      kind,
      subscribers,
      loadSeconds,
      queueSeconds: ((queuedAt || performance.now()) - started) / 1000,
      totalSeconds,
      perSecond: progress.sent / totalSeconds,
      peakRssMb: peakRss / 2 ** 20,
      baseRssMb: baseRss / 2 ** 20,
      outboxMb: Number(rows[0]?.bytes ?? 0) / 2 ** 20,
      sink: report,
      status: progress.status,
      delivered: progress.sent,
      load: load1(),
    };
  } finally {
    sink.child.send("stop");
    await database.close();
    await bench.drop();
  }
}

/** Mail workers draining the outbox at once, as that many server processes would. */
const WORKERS = envCount("BENCH_NEWSLETTER_WORKERS", 4);

async function main(): Promise<void> {
  const subscribers = envCount("BENCH_NEWSLETTER_SUBSCRIBERS", 100_000);
  const hasPostgres = await postgresAvailable();
  const kinds = (process.env.BENCH_NEWSLETTER_DATABASES ?? (hasPostgres ? "postgres" : "pglite"))
    .split(",")
    .map((k) => k.trim())
    .filter((k): k is DatabaseKind => k === "pglite" || k === "postgres")
    .filter((k) => k !== "postgres" || hasPostgres);

  const results: Result[] = [];
  for (const kind of kinds) results.push(await runOne(kind, subscribers));

  const ok = results.every(
    (r) =>
      r.status === "sent" &&
      r.delivered === r.subscribers &&
      r.sink.distinct === r.subscribers &&
      r.sink.duplicates === 0,
  );
  const out = [
    "## Newsletter send",
    "",
    `One campaign to ${num(subscribers)} active subscribers (plus 100 unsubscribed, who must get nothing): created as \`POST /api/newsletter/send-modern\` does, queued into the e-mail outbox by the campaign runner (500 per transaction, each e-mail with its own unsubscribe link and RFC 8058 headers), delivered by ${WORKERS} mail worker${WORKERS === 1 ? "" : "s"} (as ${WORKERS === 1 ? "one server" : `${WORKERS} server processes`} would run them, each sending ${MAIL_CONCURRENCY} messages at a time) over SMTP (nodemailer, ${MAIL_CONCURRENCY} pooled connections each) into an SMTP sink (smtp-server, its own process). Time runs from the campaign's creation until it is closed as sent; peak memory is the sending process's RSS high-water (runner, workers and database driver${results.some((r) => r.kind === "pglite") ? "; with PGlite the database itself runs in this process too" : ""}).`,
    "",
    table(
      [
        "database",
        "subscribers",
        "queued after",
        "total time",
        "e-mails / s",
        "peak RSS",
        "RSS before",
        "outbox bytes",
        "received / distinct / twice",
        "load (1 min)",
      ],
      results.map((r) => [
        NAMES[r.kind],
        num(r.subscribers),
        `${r.queueSeconds.toFixed(1)} s`,
        `${r.totalSeconds.toFixed(1)} s`,
        num(r.perSecond),
        `${num(r.peakRssMb)} MB`,
        `${num(r.baseRssMb)} MB`,
        `${num(r.outboxMb)} MB`,
        `${num(r.sink.received)} / ${num(r.sink.distinct)} / ${num(r.sink.duplicates)}`,
        r.load,
      ]),
    ),
    "",
    ok
      ? "Every subscriber received the newsletter exactly once; no unsubscribed address received it."
      : `**Check failed**: ${results.map((r) => `${NAMES[r.kind]} status ${r.status}, delivered ${r.delivered}, sink ${r.sink.distinct} distinct / ${r.sink.duplicates} twice`).join("; ")}.`,
    "",
    `Subscribers written in ${results.map((r) => `${r.loadSeconds.toFixed(1)} s (${NAMES[r.kind]})`).join(", ")}, not counted above.`,
  ];
  process.stdout.write(`${out.join("\n")}\n`);
  process.exit(ok ? 0 : 1);
}

function runSink(): void {
  const seen = new Set<string>();
  let received = 0;
  let duplicates = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    disableReverseLookup: true,
    logger: false,
    size: 1024 * 1024,
    onData(stream, session, callback) {
      stream.on("data", () => {});
      stream.on("end", () => {
        for (const rcpt of session.envelope.rcptTo) {
          received++;
          const address = rcpt.address.toLowerCase();
          if (seen.has(address)) duplicates++;
          else seen.add(address);
        }
        callback();
      });
    },
  });
  server.listen(0, "127.0.0.1", () => {
    const address = server.server.address();
    process.send?.({ port: typeof address === "object" && address ? address.port : 0 });
  });
  process.on("message", (m) => {
    if (m === "report") {
      process.send?.({ received, distinct: seen.size, duplicates } satisfies SinkReport);
    }
    if (m === "stop") server.close(() => process.exit(0));
  });
}

if (process.argv[2] === "--sink") runSink();
else await main();
