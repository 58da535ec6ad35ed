import type { DbOrTx } from "../db/client.ts";
import { type Clock, systemClock } from "./clock.ts";
import type { JobLock } from "./job-lock.ts";
/**
 * A background loop: runs `round` now and again, `pollMs` after the previous round ended, until
 * stopped. Used by the mail worker and the newsletter campaign runner.
 */
export type Poller = {
  /** Starts the loop: the first round after `pollMs`, or at once with `{ now: true }`. */
  start(options?: { now?: boolean }): void;
  /** No new round starts; resolves once the round in flight (if any) has ended. */
  stop(): Promise<void>;
  /** Whether stop() was called (a long round checks it between its steps). */
  readonly stopped: boolean;
};

export function createPoller(
  round: () => Promise<unknown>,
  options: { pollMs?: number; onError(error: unknown): void },
): Poller {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = false;

  function schedule(): void {
    if (stopped) return;
    timer = setTimeout(tick, options.pollMs ?? 1000);
    timer.unref();
  }

  function tick(): void {
    running = round()
      .catch(options.onError)
      .finally(() => {
        running = undefined;
        schedule();
      });
  }

  return {
    start(startOptions) {
      stopped = false;
      if (startOptions?.now) tick();
      else schedule();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
    get stopped() {
      return stopped;
    },
  };
}

/** What a background sweep of old rows takes (guest carts, activity entries…). */
export type SweeperOptions = {
  db: DbOrTx;
  clock?: Clock;
  pollMs?: number;
  log?: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
  /** The job's lock across processes: a round is skipped while another server sweeps. */
  lock?: JobLock;
};

/**
 * A sweep that deletes what `sweep` finds out of date, every `pollMs` (by default `everyMs`),
 * under the job's lock when given; logs how many rows went (`deleted`) and a failed round
 * (`failed`). Safe to overlap: deleting rows already gone is a no-op.
 */
export function createSweeper(
  options: SweeperOptions & {
    sweep: (db: DbOrTx, now: Date) => Promise<number>;
    everyMs: number;
    deleted: string;
    failed: string;
  },
): Poller {
  const { log, lock } = options;
  const clock = options.clock ?? systemClock;
  const round = async () => {
    const deleted = await options.sweep(options.db, clock());
    if (deleted > 0) log?.info({ deleted }, options.deleted);
  };
  return createPoller(() => (lock ? lock(round) : round()), {
    pollMs: options.pollMs ?? options.everyMs,
    onError: (error) => log?.warn({ err: String(error) }, options.failed),
  });
}
