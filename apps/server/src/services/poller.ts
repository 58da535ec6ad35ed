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
