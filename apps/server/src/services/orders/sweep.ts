/**
 * The background sweep that cancels orders left pending past ORDER_PENDING_EXPIRY_HOURS
 * (cancelExpiredOrders) and orders their shoppers did not confirm in time
 * (cancelUnconfirmedOrders, record 0038), every few minutes while the store runs.
 */
import type { DbOrTx } from "../../db/client.ts";
import type { Clock } from "../clock.ts";
import type { JobLock } from "../job-lock.ts";
import { createPoller, type Poller } from "../poller.ts";
import { cancelUnconfirmedOrders } from "./confirmation.ts";
import { cancelExpiredOrders } from "./index.ts";
import type { OrderLog } from "./limits.ts";

/** How often the sweep looks: an order is cancelled at most this long after its time is up. */
export const PENDING_SWEEP_MS = 5 * 60 * 1000;

export function createPendingOrderSweeper(options: {
  db: DbOrTx;
  publicUrl: string;
  expiryHours: number;
  mailsPerHour: number;
  clock?: Clock;
  pollMs?: number;
  log?: OrderLog & { info(obj: object, msg: string): void };
  /**
   * The job's lock across processes: a round is skipped while another server sweeps (each order
   * is re-checked under its row lock anyway, so two sweeps never cancel one order twice).
   */
  lock?: JobLock;
}): Poller {
  const { log, lock } = options;
  const round = async () => {
    const cancelled = await cancelExpiredOrders({
      db: options.db,
      publicUrl: options.publicUrl,
      expiryHours: options.expiryHours,
      mailsPerHour: options.mailsPerHour,
      clock: options.clock,
      log,
    });
    if (cancelled > 0) {
      log?.info({ cancelled }, "cancelled orders not confirmed in time");
    }
    // Record 0038: orders the shopper did not confirm by their confirm-by time.
    const unconfirmed = await cancelUnconfirmedOrders({
      db: options.db,
      publicUrl: options.publicUrl,
      mailsPerHour: options.mailsPerHour,
      clock: options.clock,
      log,
    });
    if (unconfirmed > 0) {
      log?.info({ cancelled: unconfirmed }, "cancelled orders their shoppers did not confirm");
    }
  };
  return createPoller(() => (lock ? lock(round) : round()), {
    pollMs: options.pollMs ?? PENDING_SWEEP_MS,
    onError: (error) => log?.warn({ err: String(error) }, "the pending-order sweep failed"),
  });
}
