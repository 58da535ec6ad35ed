/**
 * The background sweep that deletes activity entries older than ACTIVITY_RETENTION_DAYS (400,
 * record 0050), every hour while the store runs, one process at a time (job-lock.ts). Safe to
 * overlap: deleting rows already gone is a no-op.
 */
import { createSweeper, type Poller, type SweeperOptions } from "../poller.ts";
import { sweepActivity } from "./index.ts";

export const ACTIVITY_SWEEP_MS = 60 * 60 * 1000;

export function createActivitySweeper(options: SweeperOptions): Poller {
  return createSweeper({
    ...options,
    sweep: sweepActivity,
    everyMs: ACTIVITY_SWEEP_MS,
    deleted: "deleted old activity entries",
    failed: "the activity sweep failed",
  });
}
