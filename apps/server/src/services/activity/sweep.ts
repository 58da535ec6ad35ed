/**
 * The background sweep that deletes activity entries older than ACTIVITY_RETENTION_DAYS (400,
 * record 0050), every hour while the store runs, one process at a time (job-lock.ts). Safe to
 * overlap: deleting rows already gone is a no-op.
 */
import type { DbOrTx } from "../../db/client.ts";
import { type Clock, systemClock } from "../clock.ts";
import type { JobLock } from "../job-lock.ts";
import { createPoller, type Poller } from "../poller.ts";
import { sweepActivity } from "./index.ts";

export const ACTIVITY_SWEEP_MS = 60 * 60 * 1000;

export function createActivitySweeper(options: {
  db: DbOrTx;
  clock?: Clock;
  pollMs?: number;
  log?: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
  lock?: JobLock;
}): Poller {
  const { log, lock } = options;
  const clock = options.clock ?? systemClock;
  const round = async () => {
    const deleted = await sweepActivity(options.db, clock());
    if (deleted > 0) log?.info({ deleted }, "deleted old activity entries");
  };
  return createPoller(() => (lock ? lock(round) : round()), {
    pollMs: options.pollMs ?? ACTIVITY_SWEEP_MS,
    onError: (error) => log?.warn({ err: String(error) }, "the activity sweep failed"),
  });
}
