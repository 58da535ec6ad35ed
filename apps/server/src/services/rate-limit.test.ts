import { afterAll, describe, expect, it } from "vitest";
import { TooManyRequestsError } from "./errors.ts";
import { createRateLimits } from "./rate-limit.ts";

const rule = { points: 3, windowSeconds: 60 };

async function refusedAfter(consume: () => Promise<void>): Promise<number> {
  for (let i = 1; i <= 10; i++) {
    try {
      await consume();
    } catch (error) {
      expect(error).toBeInstanceOf(TooManyRequestsError);
      expect((error as TooManyRequestsError).retryAfterSeconds).toBeGreaterThan(0);
      return i;
    }
  }
  return Number.POSITIVE_INFINITY;
}

describe("rate limits in memory", () => {
  it("needs no connection", async () => {
    await expect(createRateLimits().ready()).resolves.toBeUndefined();
  });

  it("refuses the call after the points are used, per key, with the caller's message", async () => {
    const limits = createRateLimits();
    const limiter = limits.limiter("test-memory", rule);
    expect(await refusedAfter(() => limiter.consume("a", "Slow down"))).toBe(4);
    await expect(limiter.consume("a", "Slow down")).rejects.toThrow("Slow down");
    expect(await refusedAfter(() => limiter.consume("b", "Slow down"))).toBe(4);
    await limiter.reset("a");
    await expect(limiter.consume("a", "Slow down")).resolves.toBeUndefined();
    await limits.close();
  });

  it("check refuses without counting", async () => {
    const limiter = createRateLimits().limiter("test-check", rule);
    for (let i = 0; i < 5; i++) await limiter.check("k", "No");
    for (let i = 0; i < 3; i++) await limiter.consume("k", "No");
    await expect(limiter.check("k", "No")).rejects.toBeInstanceOf(TooManyRequestsError);
  });
});

// Several server processes share their counts through Redis (REDIS_URL). CI sets TEST_REDIS_URL to
// the machine's Redis; without it these tests do not apply and are reported as skipped.
const redisUrl = process.env.TEST_REDIS_URL;

describe("rate limits with an unreachable Redis", () => {
  it("stop start-up with a clear message", async () => {
    const limits = createRateLimits("redis://127.0.0.1:1");
    await expect(limits.ready()).rejects.toThrow(/Redis at REDIS_URL is not reachable/);
    await limits.close();
  });
});

describe.runIf(redisUrl)("rate limits in Redis", () => {
  const a = createRateLimits(redisUrl);
  const b = createRateLimits(redisUrl);
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  it("two servers share one count", async () => {
    await a.ready();
    await b.ready();
    const name = `test-shared-${Date.now()}-${Math.random().toString(36).slice(2)}`;
    const first = a.limiter(name, rule);
    const second = b.limiter(name, rule);
    await first.consume("shopper", "Too many");
    await second.consume("shopper", "Too many");
    await first.consume("shopper", "Too many");
    await expect(second.consume("shopper", "Too many")).rejects.toBeInstanceOf(
      TooManyRequestsError,
    );
  });
});
