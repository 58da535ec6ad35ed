/**
 * The background sweep that deletes guest carts idle for GUEST_CART_DAYS (record 0044), with their
 * lines, every hour while the store runs. Safe to overlap: a delete of a row already gone is a
 * no-op, and a guest writing to a cart the sweep just took simply starts it again.
 */
import type { DbOrTx } from "../../db/client.ts";
import { type Clock, systemClock } from "../clock.ts";
import type { JobLock } from "../job-lock.ts";
import { createPoller, type Poller } from "../poller.ts";
import { sweepGuestCarts } from "./index.ts";

/** How often the sweep looks: a cart goes at most this long after its 30 idle days. */
export const GUEST_CART_SWEEP_MS = 60 * 60 * 1000;

export function createGuestCartSweeper(options: {
  db: DbOrTx;
  clock?: Clock;
  pollMs?: number;
  log?: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
  /** The job's lock across processes: a round is skipped while another server sweeps. */
  lock?: JobLock;
}): Poller {
  const { log, lock } = options;
  const clock = options.clock ?? systemClock;
  const round = async () => {
    const deleted = await sweepGuestCarts(options.db, clock());
    if (deleted > 0) log?.info({ deleted }, "deleted idle guest carts");
  };
  return createPoller(() => (lock ? lock(round) : round()), {
    pollMs: options.pollMs ?? GUEST_CART_SWEEP_MS,
    onError: (error) => log?.warn({ err: String(error) }, "the guest-cart sweep failed"),
  });
}
