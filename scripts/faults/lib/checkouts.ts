/**
 * Checkout load as shoppers make it: each lane takes the next shopper and places their cart with
 * POST /api/orders (their session cookie, their Idempotency-Key), one request at a time, until the
 * shoppers run out or the load is stopped. Every answer is kept: which process was asked, the
 * status (0: no answer at all, the connection refused or dropped), the order's id and number
 * when it was placed, and when.
 */
import type { Shopper } from "./fixture.ts";

export type Attempt = {
  shopper: Shopper;
  /** The base URL asked. */
  server: string;
  /** HTTP status; 0 when nothing answered (refused, reset, timed out). */
  status: number;
  /** The network error when status is 0. */
  error?: string;
  orderId?: string;
  orderNumber?: string;
  /** The order's createdAt as answered (a retry may answer an order placed earlier). */
  orderCreatedAt?: string;
  /** Wall-clock time the request was sent (ms since the epoch). */
  sentWall: number;
  /** ms since the load started. */
  sentAt: number;
  answeredAt: number;
};

/** Places the shopper's cart once on `url` (with their Idempotency-Key). */
export async function placeOrder(
  url: string,
  shopper: Shopper,
  origin = performance.now(),
): Promise<Attempt> {
  const sentAt = performance.now() - origin;
  const sentWall = Date.now();
  try {
    const res = await fetch(`${url}/api/orders`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json",
        cookie: shopper.cookie,
        "idempotency-key": shopper.idempotencyKey,
      },
      body: shopper.order,
      signal: AbortSignal.timeout(30_000),
    });
    const body = (await res.json().catch(() => ({}))) as {
      order?: { _id?: string; orderNumber?: string; createdAt?: string };
    };
    return {
      shopper,
      server: url,
      status: res.status,
      ...(res.status === 201
        ? {
            orderId: body.order?._id,
            orderNumber: body.order?.orderNumber,
            orderCreatedAt: body.order?.createdAt,
          }
        : {}),
      sentAt,
      sentWall,
      answeredAt: performance.now() - origin,
    };
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    return {
      shopper,
      server: url,
      status: 0,
      error: cause?.code ?? (error as Error).name,
      sentAt,
      sentWall,
      answeredAt: performance.now() - origin,
    };
  }
}

export type CheckoutLoad = {
  attempts: Attempt[];
  /** No lane takes another shopper; resolves when the requests in flight are answered. */
  stop(): Promise<Attempt[]>;
  /** Resolves when the shoppers ran out (or stop was called) and every lane is idle. */
  done: Promise<Attempt[]>;
  /** ms since the load started. */
  elapsed(): number;
};

/**
 * Starts `lanes` lanes over `shoppers`; `target(lane)` says which process a lane's next request
 * goes to (asked before each request, so a scenario can move lanes elsewhere).
 */
export function startCheckouts(options: {
  shoppers: Shopper[];
  lanes: number;
  target: (lane: number) => string;
  onAnswer?: (attempt: Attempt, lane: number) => void;
}): CheckoutLoad {
  const origin = performance.now();
  const attempts: Attempt[] = [];
  let next = 0;
  let stopped = false;
  const lane = async (index: number) => {
    while (!stopped && next < options.shoppers.length) {
      const shopper = options.shoppers[next++]!;
      const attempt = await placeOrder(options.target(index), shopper, origin);
      attempts.push(attempt);
      options.onAnswer?.(attempt, index);
    }
  };
  const done = Promise.all(Array.from({ length: options.lanes }, (_, i) => lane(i))).then(
    () => attempts,
  );
  return {
    attempts,
    done,
    elapsed: () => performance.now() - origin,
    stop() {
      stopped = true;
      return done;
    },
  };
}

/** "201 ×540, 503 ×12, no answer (ECONNREFUSED) ×3" */
export function statusSummary(attempts: Attempt[]): string {
  const kinds = new Map<string, number>();
  for (const a of attempts) {
    const key = a.status === 0 ? `no answer (${a.error})` : String(a.status);
    kinds.set(key, (kinds.get(key) ?? 0) + 1);
  }
  return (
    [...kinds.entries()]
      .sort((a, b) => b[1] - a[1])
      .map(([k, n]) => `${k} ×${n}`)
      .join(", ") || "none"
  );
}
