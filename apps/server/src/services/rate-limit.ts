/**
 * The one limiter module: in memory by default, in Redis when REDIS_URL is set (several servers
 * then share their counts). A refused call becomes a 429 with a clear message.
 */
import { createRequire } from "node:module";
import { isIP } from "node:net";
import type * as IORedis from "ioredis";
import ipaddr from "ipaddr.js";
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from "rate-limiter-flexible";
import { TooManyRequestsError } from "./errors.ts";

/**
 * The key a limit counts under. A caller's IPv6 address counts for its whole /64 (one household or
 * server gets a /64 and can pick any address in it); an IPv4 address seen as IPv6 (::ffff:a.b.c.d
 * on a dual-stack socket) counts as that IPv4 address. Any other key is used as it is.
 */
export function limitKey(key: string): string {
  if (isIP(key) !== 6) return key;
  const address = ipaddr.IPv6.parse(key);
  if (address.isIPv4MappedAddress()) return address.toIPv4Address().toString();
  return `${new ipaddr.IPv6([...address.parts.slice(0, 4), 0, 0, 0, 0]).toString()}/64`;
}

/**
 * The network an address belongs to, for limits that must not punish one shared address: an IPv4
 * address counts for its /24, an IPv6 one for its /56 (a customer's usual delegation), an IPv4
 * address seen as IPv6 as its IPv4 /24 (record 0042). Any other key is used as it is.
 */
export function networkKey(key: string): string {
  const kind = isIP(key);
  if (kind === 0) return key;
  let address = ipaddr.parse(key);
  if (address instanceof ipaddr.IPv6 && address.isIPv4MappedAddress()) {
    address = address.toIPv4Address();
  }
  if (address instanceof ipaddr.IPv4) {
    const [a, b, c] = address.octets;
    return `${a}.${b}.${c}.0/24`;
  }
  const parts = (address as ipaddr.IPv6).parts;
  return `${new ipaddr.IPv6([parts[0]!, parts[1]!, parts[2]!, parts[3]! & 0xff00, 0, 0, 0, 0]).toString()}/56`;
}

export type LimitRule = { points: number; windowSeconds: number };

export type Limiter = {
  /** Counts one call for key; throws TooManyRequestsError with `message` when over the limit. */
  consume(key: string, message: string): Promise<void>;
  /** Throws like consume when key has used up its points, without counting a call. */
  check(key: string, message: string): Promise<void>;
  /** Forgets key (for example after a successful sign-in). */
  reset(key: string): Promise<void>;
};

export type RateLimits = {
  /** Connects to Redis when REDIS_URL is set (start-up fails clearly when it cannot). */
  ready(): Promise<void>;
  limiter(name: string, rule: LimitRule): Limiter;
  close(): Promise<void>;
};

export function createRateLimits(redisUrl?: string): RateLimits {
  // No offline queue: while Redis is away, calls fail fast to the in-memory insurance limiter.
  // ioredis is loaded only when REDIS_URL is set (~45 modules; issue #11, record 0054).
  const redis = redisUrl
    ? new (createRequire(import.meta.url)("ioredis") as typeof IORedis).Redis(redisUrl, {
        enableOfflineQueue: false,
        lazyConnect: true,
        maxRetriesPerRequest: 1,
      })
    : undefined;
  redis?.on("error", () => {
    // The insurance limiter covers the gap; ioredis reconnects by itself.
  });
  let connecting: Promise<void> | undefined;
  const made = new Map<string, Limiter>();
  return {
    ready() {
      if (!redis) return Promise.resolve();
      connecting ??= redis.connect().catch((error: Error) => {
        throw new Error(`Redis at REDIS_URL is not reachable: ${error.message}`);
      });
      return connecting;
    },
    limiter(name, rule) {
      const existing = made.get(name);
      if (existing) return existing;
      const options = {
        keyPrefix: `vastra:rl:${name}`,
        points: rule.points,
        duration: rule.windowSeconds,
      };
      const backend: RateLimiterAbstract = redis
        ? new RateLimiterRedis({
            ...options,
            storeClient: redis,
            insuranceLimiter: new RateLimiterMemory(options),
          })
        : new RateLimiterMemory(options);
      const limiter: Limiter = {
        async consume(key, message) {
          try {
            await backend.consume(limitKey(key));
          } catch (error) {
            if (error instanceof RateLimiterRes) {
              throw new TooManyRequestsError(message, error.msBeforeNext / 1000);
            }
            throw error;
          }
        },
        async check(key, message) {
          const res = await backend.get(limitKey(key));
          if (res && res.consumedPoints >= rule.points) {
            throw new TooManyRequestsError(message, res.msBeforeNext / 1000);
          }
        },
        async reset(key) {
          await backend.delete(limitKey(key));
        },
      };
      made.set(name, limiter);
      return limiter;
    },
    async close() {
      redis?.disconnect();
    },
  };
}
