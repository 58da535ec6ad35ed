/**
 * Fault drill 1 (issue #13 "Must show"): two server processes on one PostgreSQL and one Redis.
 *
 * Two `node apps/server/src/main.ts` on two ports, same DATABASE_URL, REDIS_URL (a database index of
 * this scenario's own), APP_SECRET and SMTP sink; each with its own MAIL_FROM address, so the sink
 * can tell which process sent a message. Shows:
 *   - a shopper signed in on A is signed in on B with the same cookie, and signed out on both by
 *     signing out on B;
 *   - the sign-in limit (10 a minute per address) is shared: 9 failures on A and 1 on B, then the
 *     next try is refused on B and on A (each process alone had seen fewer than 10). The caller's
 *     address is an X-Forwarded-For one (TRUST_PROXY=127.0.0.1), so earlier sign-ins from this
 *     machine do not count towards it;
 *   - a newsletter campaign to 5,000 subscribers (inserted directly), created and followed through
 *     the admin API while both processes' mail workers drain the outbox into one SMTP sink: every
 *     subscriber receives exactly one e-mail (counted by recipient at the sink), no other address
 *     receives one, both processes sent some, and the outbox agrees.
 * Usage: node scripts/faults/two-processes.ts (needs PostgreSQL at TEST_DATABASE_URL's server and
 * Redis at FAULTS_REDIS_URL, default 127.0.0.1:6379).
 */
import { sql } from "drizzle-orm";
import { rowsOf } from "../../apps/server/src/db/client.ts";
import { users } from "../../apps/server/src/db/schema.ts";
import { createOrPromoteAdmin } from "../../apps/server/src/services/admins.ts";
import { hashPassword } from "../../apps/server/src/services/passwords.ts";
import type { BenchDatabase } from "../bench/lib/database.ts";
import { scenarioDatabase, scenarioRedis } from "./lib/fixture.ts";
import { createReport, log, num, waitFor } from "./lib/report.ts";
import { createSmtpSink } from "./lib/smtp-sink.ts";
import { freePort, type StoreProcess, startStoreProcess } from "./lib/store-process.ts";

const SUBSCRIBERS = Number(process.env.FAULTS_SUBSCRIBERS ?? 5_000);
const REDIS_INDEX = 11;
const SHOPPER = { email: "meera@faults.example", password: "Kurta-Monsoon-2931" };
const ADMIN = { email: "admin@faults.example", password: "Admin-Faults-7716" };
/** Documentation addresses (RFC 5737), only ever a header value here. */
const LIMITED_IP = "198.51.100.23";
const ADMIN_IP = "198.51.100.50";
const LOGIN_LIMIT = 10;

const report = createReport("Two server processes: shared sessions, rate limits, outbox");

type Answer = { status: number; body: Record<string, unknown>; cookie?: string };

async function call(
  url: string,
  method: "GET" | "POST",
  path: string,
  options: { cookie?: string; body?: unknown; ip?: string } = {},
): Promise<Answer> {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: {
      accept: "application/json",
      ...(options.body !== undefined ? { "content-type": "application/json" } : {}),
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...(options.ip ? { "x-forwarded-for": options.ip } : {}),
    },
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
    signal: AbortSignal.timeout(30_000),
  });
  const body = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  const cookie = res.headers.getSetCookie().map((c) => c.split(";")[0]!)[0];
  return { status: res.status, body, ...(cookie ? { cookie } : {}) };
}

async function scenario(): Promise<void> {
  const redis = await scenarioRedis(REDIS_INDEX);
  let bench: BenchDatabase | undefined;
  const processes: StoreProcess[] = [];
  const sink = createSmtpSink(await freePort());
  try {
    log(`database, ${num(SUBSCRIBERS)} subscribers, an admin and a shopper…`);
    bench = await scenarioDatabase();
    const database = await bench.open();
    try {
      const { db } = database;
      await createOrPromoteAdmin(db, { ...ADMIN, name: "Fault Drill Admin" });
      await db.insert(users).values({
        name: "Meera Shopper",
        email: SHOPPER.email,
        passwordHash: await hashPassword(SHOPPER.password),
        affiliateCode: "FLTMEERA1",
        emailVerifiedAt: new Date(),
      });
      await db.execute(sql`
        insert into newsletter_subscribers (email, source)
        select 'reader' || g || '@faults.example', 'faults' from generate_series(1, ${SUBSCRIBERS}::int) g`);
    } finally {
      await database.close();
    }
    await sink.start();
    const shared = {
      DATABASE_URL: bench.env.DATABASE_URL,
      REDIS_URL: redis.url,
      SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
      TRUST_PROXY: "127.0.0.1",
      DATA_DIR: bench.env.DATA_DIR,
    };
    log("starting A and B…");
    const [a, b] = await Promise.all([
      startStoreProcess(
        "A",
        { ...shared, MAIL_FROM: "Vastra <store-a@faults.example>" },
        { scenario: "two-processes" },
      ),
      startStoreProcess(
        "B",
        { ...shared, MAIL_FROM: "Vastra <store-b@faults.example>" },
        { scenario: "two-processes" },
      ),
    ]);
    processes.push(a, b);

    // ------------------------------------------------------------ one session, two processes
    const signIn = await call(a.url, "POST", "/api/auth/login", { body: SHOPPER });
    const cookie = signIn.cookie;
    const meOnA = await call(a.url, "GET", "/api/auth/me", { cookie });
    const meOnB = await call(b.url, "GET", "/api/auth/me", { cookie });
    report.count("sign-in on A", signIn.status);
    report.count("GET /api/auth/me with that cookie: A / B", `${meOnA.status} / ${meOnB.status}`);
    report.check(
      "a shopper signed in on A is signed in on B (same cookie)",
      signIn.status === 200 &&
        cookie !== undefined &&
        meOnB.status === 200 &&
        meOnB.body.email === SHOPPER.email &&
        meOnA.body.email === SHOPPER.email,
      `B answered ${meOnB.status} for ${String(meOnB.body.email ?? "nobody")}`,
    );

    // ------------------------------------------------------------ one rate limit, two processes
    const wrong = { email: SHOPPER.email, password: "not-the-password" };
    const onA: number[] = [];
    for (let i = 0; i < LOGIN_LIMIT - 1; i++) {
      onA.push(
        (await call(a.url, "POST", "/api/auth/login", { body: wrong, ip: LIMITED_IP })).status,
      );
    }
    const lastAllowed = (
      await call(b.url, "POST", "/api/auth/login", { body: wrong, ip: LIMITED_IP })
    ).status;
    const refusedOnB = await call(b.url, "POST", "/api/auth/login", {
      body: wrong,
      ip: LIMITED_IP,
    });
    const refusedOnA = await call(a.url, "POST", "/api/auth/login", {
      body: wrong,
      ip: LIMITED_IP,
    });
    report.count(
      `sign-in limit (${LOGIN_LIMIT}/min per address): ${LOGIN_LIMIT - 1} wrong on A, then B, B, A`,
      `${onA.join(" ")} | ${lastAllowed} ${refusedOnB.status} ${refusedOnA.status}`,
    );
    report.check(
      "the sign-in limit is shared: refused on B (and A) after 9 failures on A and 1 on B",
      onA.every((s) => s === 401) &&
        lastAllowed === 401 &&
        refusedOnB.status === 429 &&
        refusedOnA.status === 429,
      `B's second try answered ${refusedOnB.status} (B alone had seen 2 tries), A's next ${refusedOnA.status}`,
    );

    // ------------------------------------------------------------ a campaign drained by both
    const admin = await call(a.url, "POST", "/api/auth/login", { body: ADMIN, ip: ADMIN_IP });
    if (admin.status !== 200 || !admin.cookie) throw new Error(`admin sign-in: ${admin.status}`);
    const started = performance.now();
    const send = await call(a.url, "POST", "/api/newsletter/send-modern", {
      cookie: admin.cookie,
      body: {
        subject: "The monsoon edit is here",
        mainTitle: "Cotton kurtas for the rains",
        description: "Light cotton kurtas and quick-dry dupattas, picked for the monsoon.",
        buttonText: "SHOP THE EDIT",
        buttonUrl: "/products",
        footerMessage: "A fault drill: two processes, one outbox.",
      },
    });
    const campaignId = String(send.body.campaignId ?? "");
    report.count(
      "POST /api/newsletter/send-modern on A",
      `${send.status}, total ${num(Number((send.body.campaign as { total?: number })?.total ?? 0))}`,
    );
    if (send.status !== 202 || !campaignId) throw new Error(`campaign not created: ${send.status}`);
    let progress: Record<string, unknown> = {};
    let lastLog = 0;
    const finished = await waitFor(
      async () => {
        progress = (
          await call(b.url, "GET", `/api/newsletter/campaigns/${campaignId}`, {
            cookie: admin.cookie,
          })
        ).body;
        if (performance.now() - lastLog > 10_000) {
          lastLog = performance.now();
          log(
            `  campaign: queued ${progress.queued}, sent ${progress.sent} of ${progress.total}; sink ${sink.received.length}`,
          );
        }
        return progress.status === "sent" || progress.status === "failed";
      },
      150_000,
      500,
    );
    const seconds = (performance.now() - started) / 1000;
    // Any late or second delivery would show within a few of the workers' polls.
    await new Promise((r) => setTimeout(r, 3_000));
    report.count(
      "campaign (read through B)",
      `${String(progress.status)}: sent ${num(Number(progress.sent))} of ${num(Number(progress.total))}, failed ${num(Number(progress.failed))}, in ${seconds.toFixed(1)} s`,
    );
    report.check(
      "the campaign closed as sent within 150 s",
      finished && progress.status === "sent",
    );

    const { byRecipient } = sink.tally();
    const readers = Array.from({ length: SUBSCRIBERS }, (_, i) => `reader${i + 1}@faults.example`);
    const missing = readers.filter((r) => !byRecipient.has(r)).length;
    const twice = readers.filter((r) => (byRecipient.get(r) ?? 0) > 1).length;
    const strangers = [...byRecipient.keys()].filter((r) => !r.startsWith("reader")).length;
    const fromA = sink.received.filter((m) => m.from === "store-a@faults.example").length;
    const fromB = sink.received.filter((m) => m.from === "store-b@faults.example").length;
    report.count("messages at the sink", sink.received.length);
    report.count(
      "subscribers receiving exactly one / none / more than one",
      `${num(SUBSCRIBERS - missing - twice)} / ${num(missing)} / ${num(twice)}`,
    );
    report.count("sent by A / by B", `${num(fromA)} / ${num(fromB)}`);
    report.check(
      `every one of the ${num(SUBSCRIBERS)} subscribers received exactly one e-mail`,
      missing === 0 && twice === 0 && sink.received.length === SUBSCRIBERS && strangers === 0,
      `${num(missing)} missing, ${num(twice)} twice, ${strangers} other recipients`,
    );
    report.check(
      "both processes drained the outbox",
      fromA > 0 && fromB > 0,
      `A ${fromA}, B ${fromB}`,
    );

    const after = await bench.open();
    try {
      const [outbox] = rowsOf<{ rows: number; sent: number; distinct: number; attempts: number }>(
        await after.db.execute(sql`select count(*)::int as rows, count(*) filter (where status = 'sent')::int as sent,
          count(distinct lower(to_address))::int as distinct, coalesce(max(attempts), 0)::int as attempts
          from email_outbox where campaign_id = ${campaignId}::uuid`),
      );
      report.count(
        "outbox rows of the campaign: rows / sent / distinct addresses / most attempts",
        `${num(outbox!.rows)} / ${num(outbox!.sent)} / ${num(outbox!.distinct)} / ${outbox!.attempts}`,
      );
      report.check(
        "the outbox holds one sent row per subscriber",
        outbox!.rows === SUBSCRIBERS &&
          outbox!.sent === SUBSCRIBERS &&
          outbox!.distinct === SUBSCRIBERS,
      );
    } finally {
      await after.close();
    }

    // ------------------------------------------------------------ signing out reaches both
    const out = await call(b.url, "POST", "/api/auth/logout", { cookie });
    const meAfter = await call(a.url, "GET", "/api/auth/me", { cookie });
    report.count("sign-out on B, then /api/auth/me on A", `${out.status}, ${meAfter.status}`);
    report.check("signing out on B signs out on A", out.status === 200 && meAfter.status === 401);

    for (const p of processes) {
      const problems = p.problems();
      report.count(
        `${p.name}'s log: errors / warnings`,
        `${problems.errors} / ${problems.warnings}`,
      );
      report.check(
        `${p.name} kept running and logged no error`,
        p.alive() && problems.errors === 0,
        problems.samples.join(" | "),
      );
    }
  } finally {
    await Promise.all(processes.map((p) => p.stop()));
    await sink.stop();
    await bench?.drop();
    await redis.clear();
  }
}

await report.run(scenario);
