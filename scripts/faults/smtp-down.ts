/**
 * Fault drill 2 (issue #13 "Must show"): the mail server is down during 200 checkouts.
 *
 * One store process (`node apps/server/src/main.ts`) with SMTP_URL at an SMTP sink. The first 20
 * orders are placed with the sink up (and their e-mails received); then it is stopped (it stops listening: "connection
 * refused", open sessions ended with 421) and the other 180 are placed; it stays down
 * FAULTS_SMTP_DOWN_SECONDS (default 40, from the stop) so every order e-mail fails at least once
 * and the first ones twice (the worker's back-off doubles: 30 s, then 60 s, … up to an hour;
 * mail/worker.ts). Then the sink is started again on the same port.
 * Checks: every order answered 201 and in the database, whole; within a wait bounded by the outbox
 * itself (the latest next_attempt_at of an order e-mail when the sink came back, plus two polls
 * and 10 s), every order e-mail (the shopper's "order placed" and the store's "new order") arrives
 * at the sink exactly once, counted by Message-ID (one per outbox row) and by recipient.
 * Usage: node scripts/faults/smtp-down.ts
 */
import { sql } from "drizzle-orm";
import { type Database, rowsOf } from "../../apps/server/src/db/client.ts";
import type { BenchDatabase } from "../bench/lib/database.ts";
import { type Attempt, startCheckouts, statusSummary } from "./lib/checkouts.ts";
import { auditOrders, reportAudit } from "./lib/checks.ts";
import {
  addShoppers,
  scenarioDatabase,
  scenarioRedis,
  stockedCatalogue,
  stockNow,
} from "./lib/fixture.ts";
import { createReport, log, waitFor } from "./lib/report.ts";
import { createSmtpSink, outboxIdOf } from "./lib/smtp-sink.ts";
import { freePort, type StoreProcess, startStoreProcess } from "./lib/store-process.ts";

const ORDERS = 200;
const BEFORE_STOP = 20;
const PRODUCTS = 200;
const STOCK = 1_000;
const DOWN_SECONDS = Number(process.env.FAULTS_SMTP_DOWN_SECONDS ?? 40);
const REDIS_INDEX = 12;
const ORDER_KINDS = ["order-placed", "order-new-store"];

const report = createReport("SMTP down during 200 checkouts");

type OutboxRow = {
  id: string;
  kind: string;
  to: string;
  status: string;
  attempts: number;
  nextAttemptAt: string;
};

async function scenario(): Promise<void> {
  const redis = await scenarioRedis(REDIS_INDEX);
  let bench: BenchDatabase | undefined;
  let store: StoreProcess | undefined;
  let after: Database | undefined;
  const sink = createSmtpSink(await freePort());
  try {
    log(`database: ${PRODUCTS} products, ${ORDERS} shoppers with two-line carts…`);
    bench = await scenarioDatabase();
    const setup = await bench.open();
    let shoppers: Awaited<ReturnType<typeof addShoppers>>;
    let initialStock: Map<string, number>;
    try {
      const skus = await stockedCatalogue(setup.db, PRODUCTS, STOCK);
      shoppers = await addShoppers(setup.db, "smtp", ORDERS, skus);
      initialStock = await stockNow(setup.db);
    } finally {
      await setup.close();
    }
    await sink.start();
    store = await startStoreProcess(
      "store",
      {
        DATABASE_URL: bench.env.DATABASE_URL,
        DATA_DIR: bench.env.DATA_DIR,
        REDIS_URL: redis.url,
        SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
      },
      { scenario: "smtp-down" },
    );
    const url = store.url;

    log(`${BEFORE_STOP} checkouts with the sink up…`);
    const first = await startCheckouts({
      shoppers: shoppers.slice(0, BEFORE_STOP),
      lanes: 5,
      target: () => url,
    }).done;
    // Their e-mails go out first: the sink is shown working before it goes down.
    await waitFor(() => sink.received.length >= 2 * BEFORE_STOP, 30_000);
    log("stopping the SMTP sink");
    const stoppedAt = performance.now();
    await sink.stop();
    const receivedBeforeStop = sink.received.length;
    log(`${ORDERS - BEFORE_STOP} checkouts with the sink down…`);
    const second = await startCheckouts({
      shoppers: shoppers.slice(BEFORE_STOP),
      lanes: 10,
      target: () => url,
    }).done;
    const attempts: Attempt[] = [...first, ...second];
    const checkoutSeconds = (performance.now() - stoppedAt) / 1000;
    report.count("checkouts", `${attempts.length}: ${statusSummary(attempts)}`);
    report.count("e-mails received before the sink stopped", receivedBeforeStop);
    report.count(
      `checkouts placed while the sink was down (in ${checkoutSeconds.toFixed(1)} s)`,
      second.length,
    );

    after = await bench.open();
    const { db } = after;
    const outbox = async () =>
      rowsOf<OutboxRow>(
        await db.execute(sql`select id, kind, lower(to_address) as "to", status, attempts,
          next_attempt_at as "nextAttemptAt" from email_outbox
          where kind in ('order-placed', 'order-new-store') order by created_at`),
      );
    // Down long enough that every order e-mail waiting has failed at least once.
    const failedOnce = await waitFor(
      async () => {
        const rows = await outbox();
        return (
          (performance.now() - stoppedAt) / 1000 >= DOWN_SECONDS &&
          rows.every((r) => r.status === "sent" || r.attempts >= 1)
        );
      },
      DOWN_SECONDS * 1000 + 60_000,
      1_000,
    );
    const downRows = await outbox();
    const failedSends = downRows.filter((r) => r.status === "pending");
    const attemptsSeen = new Map<number, number>();
    for (const r of failedSends)
      attemptsSeen.set(r.attempts, (attemptsSeen.get(r.attempts) ?? 0) + 1);
    const downSeconds = (performance.now() - stoppedAt) / 1000;
    report.count(
      `order e-mails waiting when the sink came back (down ${downSeconds.toFixed(0)} s), by failed tries`,
      `${failedSends.length}: ${[...attemptsSeen.entries()]
        .sort()
        .map(([n, c]) => `${n} tr${n === 1 ? "y" : "ies"} ×${c}`)
        .join(", ")}`,
    );
    report.check(
      "every waiting order e-mail had failed at least once while the sink was down",
      failedOnce && failedSends.every((r) => r.attempts >= 1),
    );

    await sink.start();
    const cameBack = performance.now();
    const latest = Math.max(
      ...failedSends.map((r) => new Date(r.nextAttemptAt).getTime()),
      Date.now(),
    );
    // The worker polls every second; its round drains whatever is due.
    const boundMs = latest - Date.now() + 2_000 + 10_000;
    log(
      `sink started again; waiting at most ${(boundMs / 1000).toFixed(0)} s (the latest retry is due in ${((latest - Date.now()) / 1000).toFixed(0)} s)`,
    );
    const delivered = await waitFor(
      async () => (await outbox()).every((r) => r.status === "sent"),
      boundMs,
      1_000,
    );
    const tookSeconds = (performance.now() - cameBack) / 1000;
    await new Promise((r) => setTimeout(r, 3_000));
    const rows = await outbox();
    const { byId, byRecipient } = sink.tally();
    const missing = rows.filter((r) => !byId.has(`<${r.id}@outbox.vastra>`)).length;
    const twice = rows.filter((r) => (byId.get(`<${r.id}@outbox.vastra>`) ?? 0) > 1).length;
    const unknown = [...byId.keys()].filter(
      (id) => !rows.some((r) => r.id === outboxIdOf(id)),
    ).length;
    const placed = attempts.filter((a) => a.status === 201);
    const shopperMails = placed.filter((a) => byRecipient.get(a.shopper.email) === 1).length;
    const storeAddress = rows.find((r) => r.kind === "order-new-store")?.to ?? "";
    const byKind = (kind: string) => rows.filter((r) => r.kind === kind).length;
    report.count(
      "order e-mails in the outbox: shopper's / store's / sent",
      `${byKind("order-placed")} / ${byKind("order-new-store")} / ${rows.filter((r) => r.status === "sent").length}`,
    );
    report.count(
      `all delivered after the sink came back (bound ${(boundMs / 1000).toFixed(0)} s)`,
      delivered ? `in ${tookSeconds.toFixed(1)} s` : "no",
    );
    report.count("messages at the sink in all", sink.received.length);
    report.count(
      "order e-mails received once / missing / more than once",
      `${rows.length - missing - twice} / ${missing} / ${twice}`,
    );
    report.count(
      `shoppers with exactly one e-mail; the store address (${storeAddress})`,
      `${shopperMails} of ${placed.length}; ${byRecipient.get(storeAddress) ?? 0}`,
    );
    report.check(
      "within the bounded wait every order e-mail arrived exactly once",
      delivered &&
        rows.length === ORDER_KINDS.length * placed.length &&
        missing === 0 &&
        twice === 0 &&
        unknown === 0 &&
        shopperMails === placed.length &&
        byRecipient.get(storeAddress) === placed.length,
      `${rows.length} order e-mails for ${placed.length} orders, ${missing} missing, ${twice} twice, ${unknown} unknown at the sink`,
    );

    report.check(
      "every checkout was answered 201",
      placed.length === ORDERS,
      statusSummary(attempts),
    );
    const audit = await auditOrders(db, { shoppers, attempts, initialStock });
    reportAudit(report, audit, placed.length);
    report.check("every order is in the database", audit.ordersInDatabase === ORDERS);
    const problems = store.problems();
    report.count("store log: errors / warnings", `${problems.errors} / ${problems.warnings}`);
    report.check(
      "the store kept running and logged no error",
      store.alive() && problems.errors === 0,
      [store.exit() ? `exited: ${store.exit()}` : "", ...problems.samples]
        .filter(Boolean)
        .join(" | "),
    );
  } finally {
    await after?.close();
    await store?.stop();
    await sink.stop();
    await bench?.drop();
    await redis.clear();
  }
}

await report.run(scenario);
