/**
 * Fault drill 3 (issue #13 "Must show"): PostgreSQL restarted during checkout load.
 *
 * Two store processes on one database; 16 lanes of checkouts spread over both; after
 * FAULTS_LOAD_BEFORE_SECONDS (default 5) `pg_ctlcluster 15 main restart` runs (FAULTS_PG_CLUSTER,
 * default "15 main"; needs root, and breaks every other client of that server for a moment, which
 * is why this lives here and never in a vitest file); the load goes on FAULTS_LOAD_AFTER_SECONDS
 * (default 10) after the restart returned. /readyz of both processes is polled throughout.
 * Checks: no process exited (pids alive, /healthz 200 after); /readyz answered 503 while the
 * database was away and 200 again after; no 500s (a database outage is a 503); orders were placed
 * again on both after the restart; every order answered 201 is in the database; after the
 * placements whose outcome was unknown (503, no answer) are retried with their Idempotency-Key,
 * no shopper has two orders, no order is partial, and every size's stock = initial - ordered units.
 * Usage: node scripts/faults/pg-restart.ts (as root).
 */
import type { Database } from "../../apps/server/src/db/client.ts";
import {
  type CheckoutScenario,
  retryOutcomes,
  retryUnknownOutcomes,
  setUpCheckoutScenario,
} from "./lib/checkout-scenario.ts";
import { type Attempt, startCheckouts, statusSummary } from "./lib/checkouts.ts";
import { auditOrders, reportAudit } from "./lib/checks.ts";
import { runCommand, watchReadiness } from "./lib/probes.ts";
import { createReport, log, waitFor } from "./lib/report.ts";
import { pidAlive, statusOf } from "./lib/store-process.ts";

const SHOPPERS = Number(process.env.FAULTS_SHOPPERS ?? 4_000);
const BEFORE_MS = Number(process.env.FAULTS_LOAD_BEFORE_SECONDS ?? 5) * 1000;
const AFTER_MS = Number(process.env.FAULTS_LOAD_AFTER_SECONDS ?? 10) * 1000;
const CLUSTER = (process.env.FAULTS_PG_CLUSTER ?? "15 main").split(/\s+/);
const LANES = 16;
const REDIS_INDEX = 13;

const report = createReport("PostgreSQL restarted during checkouts");

async function scenario(): Promise<void> {
  let setup: CheckoutScenario | undefined;
  let after: Database | undefined;
  try {
    setup = await setUpCheckoutScenario({
      scenario: "pg-restart",
      redisIndex: REDIS_INDEX,
      shoppers: SHOPPERS,
    });
    const { a, b, shoppers } = setup;
    const servers = [a, b];
    const load = startCheckouts({
      shoppers,
      lanes: LANES,
      target: (lane) => servers[lane % 2]!.url,
    });
    const origin = performance.now();
    const readiness = watchReadiness([a.url, b.url], origin);
    await new Promise((r) => setTimeout(r, BEFORE_MS));
    const restartFrom = load.elapsed();
    log(`pg_ctlcluster ${CLUSTER.join(" ")} restart (after ${load.attempts.length} answers)…`);
    const restart = await runCommand("pg_ctlcluster", [...CLUSTER, "restart"]);
    const restartTo = load.elapsed();
    log(
      `restart returned ${restart.code} after ${(restart.ms / 1000).toFixed(1)} s ${restart.output}`,
    );
    await new Promise((r) => setTimeout(r, AFTER_MS));
    const attempts = await load.stop();
    const ranOut = attempts.length >= shoppers.length;
    // Ready again (bounded), then what a client would do with the unknown outcomes.
    const ready = await waitFor(
      async () =>
        (await statusOf(`${a.url}/readyz`)) === 200 && (await statusOf(`${b.url}/readyz`)) === 200,
      60_000,
    );
    const watched = await readiness.stop();

    report.note(
      `Restart: \`pg_ctlcluster ${CLUSTER.join(" ")} restart\` exited ${restart.code} after ${(restart.ms / 1000).toFixed(1)} s, ` +
        `from ${(restartFrom / 1000).toFixed(1)} s to ${(restartTo / 1000).toFixed(1)} s into the load; the load ran ${(load.elapsed() / 1000).toFixed(1)} s with ${LANES} lanes over A and B.`,
    );
    report.check(
      "pg_ctlcluster restart succeeded",
      restart.code === 0,
      restart.output.slice(0, 200),
    );
    const during = attempts.filter(
      (x) => x.answeredAt >= restartFrom && x.sentAt <= restartTo + 2_000,
    );
    const afterRestart = (server: string) =>
      attempts.filter((x) => x.server === server && x.sentAt > restartTo && x.status === 201)
        .length;
    report.count("checkouts answered", `${attempts.length}: ${statusSummary(attempts)}`);
    report.count(
      "answered around the restart (until 2 s after)",
      `${during.length}: ${statusSummary(during)}`,
    );
    report.count(
      "refused with 503 (fine during the restart)",
      attempts.filter((x) => x.status === 503).length,
    );
    report.count(
      "placed (201) after the restart on A / on B",
      `${afterRestart(a.url)} / ${afterRestart(b.url)}`,
    );
    report.check(
      "no answer was a 500 (a database outage answers 503)",
      attempts.every((x) => x.status < 500 || x.status === 503),
      `${attempts.filter((x) => x.status >= 500 && x.status !== 503).length} other 5xx`,
    );
    report.check(
      "checkouts succeeded on both processes after the restart",
      afterRestart(a.url) > 0 && afterRestart(b.url) > 0,
    );
    report.check("the load outlasted the restart (shoppers did not run out)", !ranOut);

    for (const p of servers) {
      const w = watched.get(p.url)!;
      report.count(
        `${p.name} (pid ${p.pid}) /readyz: polls / not ready / not ready from-to / ready again at`,
        `${w.polls} / ${w.notReady} / ${w.firstNotReady === undefined ? "—" : `${(w.firstNotReady / 1000).toFixed(1)}-${((w.lastNotReady ?? 0) / 1000).toFixed(1)} s`} / ${w.readyAgainAt === undefined ? "—" : `${(w.readyAgainAt / 1000).toFixed(1)} s`}`,
      );
      const healthz = await statusOf(`${p.url}/healthz`);
      report.check(
        `${p.name} did not exit: pid ${p.pid} alive, /healthz ${healthz}`,
        p.alive() && pidAlive(p.pid) && healthz === 200,
        p.exit() ?? "",
      );
    }
    report.check(
      "/readyz answered 503 while the database was away and 200 once it was back",
      ready && [...watched.values()].some((w) => w.notReady > 0),
      ready ? "" : "not ready again within 60 s",
    );

    const survivor = servers.find((p) => p.alive());
    const retries = survivor ? await retryUnknownOutcomes(attempts, survivor.url) : [];
    report.count(
      "unknown outcomes retried with their Idempotency-Key",
      `${retries.length}: ${statusSummary(retries)}`,
    );
    {
      const { committedBefore, placedNow } = retryOutcomes(retries);
      report.count(
        "retries answering an order committed by the first try / placed by the retry",
        `${committedBefore} / ${placedNow}`,
      );
    }
    report.check(
      "every retry was answered 201 (its first order, or placed now)",
      survivor !== undefined && retries.every((x) => x.status === 201),
      survivor ? "" : "no process left to retry on",
    );

    after = await setup.bench.open();
    const all: Attempt[] = [...attempts, ...retries];
    const audit = await auditOrders(after.db, {
      shoppers,
      attempts: all,
      initialStock: setup.initialStock,
    });
    reportAudit(report, audit, all.filter((x) => x.status === 201).length);
    for (const p of servers) {
      const problems = p.problems();
      report.count(
        `${p.name}'s log: errors / warnings`,
        `${problems.errors} / ${problems.warnings}`,
      );
      if (problems.errors > 0)
        report.note(`${p.name}'s first errors: ${problems.samples.join(" | ")}`);
    }
  } finally {
    await after?.close();
    await setup?.cleanup();
  }
}

await report.run(scenario);
