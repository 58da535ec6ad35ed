/**
 * The background sweep that deletes guest carts idle for GUEST_CART_DAYS (record 0044), with their
 * lines, every hour while the store runs. Safe to overlap: a delete of a row already gone is a
 * no-op, and a guest writing to a cart the sweep just took simply starts it again.
 */
import { createSweeper, type Poller, type SweeperOptions } from "../poller.ts";
import { sweepGuestCarts } from "./index.ts";

/** How often the sweep looks: a cart goes at most this long after its 30 idle days. */
export const GUEST_CART_SWEEP_MS = 60 * 60 * 1000;

export function createGuestCartSweeper(options: SweeperOptions): Poller {
  return createSweeper({
    ...options,
    sweep: sweepGuestCarts,
    everyMs: GUEST_CART_SWEEP_MS,
    deleted: "deleted idle guest carts",
    failed: "the guest-cart sweep failed",
  });
}
