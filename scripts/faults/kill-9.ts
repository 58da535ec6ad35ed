/**
 * Fault drill 4 (issue #13 "Must show"): `kill -9` of a server process during checkouts.
 *
 * Two store processes on one database; 16 lanes of checkouts spread over both; after
 * FAULTS_LOAD_BEFORE_SECONDS (default 5) process B gets SIGKILL (no graceful stop: its open
 * transactions die with its connections); from then on every lane goes to A, as a load balancer
 * would after the first refused connection. The load goes on FAULTS_LOAD_AFTER_SECONDS (default 8).
 * Checks: A keeps serving (every checkout sent to it after the kill answered 201, /healthz and
 * /readyz 200 after); every order answered 201 is in the database; no order without items and no
 * partial order; after the placements whose outcome was unknown (B's requests in flight, answered
 * by nothing) are retried on A with their Idempotency-Key, no shopper has two orders; and every
 * size's stock = initial - ordered units (no stock taken without its order).
 * Usage: node scripts/faults/kill-9.ts
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
import { createReport, log } from "./lib/report.ts";
import { pidAlive, statusOf } from "./lib/store-process.ts";

const SHOPPERS = Number(process.env.FAULTS_SHOPPERS ?? 3_000);
const BEFORE_MS = Number(process.env.FAULTS_LOAD_BEFORE_SECONDS ?? 5) * 1000;
const AFTER_MS = Number(process.env.FAULTS_LOAD_AFTER_SECONDS ?? 8) * 1000;
const LANES = 16;
const REDIS_INDEX = 14;

const report = createReport("kill -9 of a server process during checkouts");

async function scenario(): Promise<void> {
  let setup: CheckoutScenario | undefined;
  let after: Database | undefined;
  try {
    setup = await setUpCheckoutScenario({
      scenario: "kill-9",
      redisIndex: REDIS_INDEX,
      shoppers: SHOPPERS,
    });
    const { a, b, shoppers } = setup;
    let bGone = false;
    const load = startCheckouts({
      shoppers,
      lanes: LANES,
      target: (lane) => (bGone || lane % 2 === 0 ? a.url : b.url),
    });
    await new Promise((r) => setTimeout(r, BEFORE_MS));
    const inFlightOnB = LANES / 2;
    log(`kill -9 ${b.pid} (B) after ${load.attempts.length} answers…`);
    const killedAt = load.elapsed();
    await b.kill("SIGKILL");
    bGone = true;
    await new Promise((r) => setTimeout(r, AFTER_MS));
    const attempts = await load.stop();
    const ranOut = attempts.length >= shoppers.length;

    const toA = (x: Attempt) => x.server === a.url;
    const toB = (x: Attempt) => x.server === b.url;
    const aAfter = attempts.filter((x) => toA(x) && x.sentAt > killedAt);
    const bBefore = attempts.filter((x) => toB(x) && x.answeredAt <= killedAt);
    const bAtKill = attempts.filter((x) => toB(x) && x.answeredAt > killedAt);
    report.note(
      `B (pid ${b.pid}) killed with SIGKILL ${(killedAt / 1000).toFixed(1)} s into the load (${inFlightOnB} of ${LANES} lanes were on it); ` +
        `the load ran ${(load.elapsed() / 1000).toFixed(1)} s in all.`,
    );
    report.count("checkouts answered", `${attempts.length}: ${statusSummary(attempts)}`);
    report.count("B before the kill", `${bBefore.length}: ${statusSummary(bBefore)}`);
    report.count(
      "B's requests answered after the kill (in flight, or sent before the lanes moved)",
      `${bAtKill.length}: ${statusSummary(bAtKill)}`,
    );
    report.count(
      "A before the kill",
      statusSummary(attempts.filter((x) => toA(x) && x.sentAt <= killedAt)),
    );
    report.count("A after the kill (all lanes)", `${aAfter.length}: ${statusSummary(aAfter)}`);
    report.check("B is gone (killed)", !b.alive() && !pidAlive(b.pid), b.exit() ?? "still running");
    const healthz = await statusOf(`${a.url}/healthz`);
    const readyz = await statusOf(`${a.url}/readyz`);
    report.check(
      "the survivor keeps serving: every checkout sent to A after the kill answered 201",
      aAfter.length > 0 && aAfter.every((x) => x.status === 201),
      `${aAfter.length} sent, ${aAfter.filter((x) => x.status === 201).length} placed`,
    );
    report.check(
      `A is alive (pid ${a.pid}), /healthz ${healthz}, /readyz ${readyz}`,
      a.alive() && pidAlive(a.pid) && healthz === 200 && readyz === 200,
    );
    report.check("the load outlasted the kill (shoppers did not run out)", !ranOut);

    const retries = await retryUnknownOutcomes(attempts, a.url);
    report.count(
      "unknown outcomes retried on A with their Idempotency-Key",
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
      retries.every((x) => x.status === 201),
    );

    after = await setup.bench.open();
    const all = [...attempts, ...retries];
    const audit = await auditOrders(after.db, {
      shoppers,
      attempts: all,
      initialStock: setup.initialStock,
    });
    reportAudit(report, audit, all.filter((x) => x.status === 201).length);
    const problems = a.problems();
    report.count("A's log: errors / warnings", `${problems.errors} / ${problems.warnings}`);
    report.check("A logged no error", problems.errors === 0, problems.samples.join(" | "));
  } finally {
    await after?.close();
    await setup?.cleanup();
  }
}

await report.run(scenario);
