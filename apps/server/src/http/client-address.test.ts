import { describe, expect, it } from "vitest";
import { buildTestApp, testConfig } from "../../test/helpers.ts";
import { ConfigError, loadConfig } from "../config.ts";

/** The sign-in limit per address: 10 a minute (services/auth/accounts.ts). */
const LOGIN_IP_POINTS = 10;

type App = Awaited<ReturnType<typeof buildTestApp>>["app"];

let attempt = 0;
/** A failed sign-in (a new e-mail each time, so only the per-address limit can refuse it). */
function login(app: App, remoteAddress: string, forwardedFor?: string) {
  attempt++;
  return app.inject({
    method: "POST",
    url: "/api/auth/login",
    remoteAddress,
    headers: forwardedFor ? { "x-forwarded-for": forwardedFor } : {},
    payload: { email: `nobody${attempt}@example.in`, password: "wrong-password" },
  });
}

// A dozen sign-ins per test: generous time on a busy machine.
describe("the caller's address for rate limits", { timeout: 120_000 }, () => {
  it("by default (production too) ignores X-Forwarded-For: spoofing it does not reset the limit", async () => {
    const { app } = await buildTestApp({ config: { isProduction: true } });
    for (let i = 0; i < LOGIN_IP_POINTS; i++) {
      const res = await login(app, "203.0.113.7", `198.51.100.${i}`);
      expect(res.statusCode, res.body).toBe(401);
    }
    const refused = await login(app, "203.0.113.7", "198.51.100.200");
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/Too many sign-in attempts/);
  });

  it("with TRUST_PROXY=1 counts the last hop the proxy added, not what the caller wrote before it", async () => {
    const { app } = await buildTestApp({ config: { trustProxy: 1 } });
    for (let i = 0; i < LOGIN_IP_POINTS; i++) {
      const res = await login(app, "10.0.0.1", `198.51.100.${i}, 203.0.113.9`);
      expect(res.statusCode, res.body).toBe(401);
    }
    expect((await login(app, "10.0.0.1", "198.51.100.99, 203.0.113.9")).statusCode).toBe(429);
    // Another shopper behind the same proxy is not refused.
    expect((await login(app, "10.0.0.1", "203.0.113.10")).statusCode).toBe(401);
  });

  it("counts IPv6 callers per /64, and IPv4 seen as IPv6 as the IPv4 address", async () => {
    const { app } = await buildTestApp();
    for (let i = 0; i < LOGIN_IP_POINTS; i++) {
      // Hopping between addresses of one /64 (any host there can) does not help.
      const res = await login(app, `2001:db8:1:2::${(i + 1).toString(16)}`);
      expect(res.statusCode, res.body).toBe(401);
    }
    expect((await login(app, "2001:db8:1:2:ffff:ffff:ffff:ffff")).statusCode).toBe(429);
    expect((await login(app, "2001:db8:1:3::1")).statusCode).toBe(401);

    for (let i = 0; i < LOGIN_IP_POINTS; i++) {
      expect((await login(app, "192.0.2.5")).statusCode).toBe(401);
    }
    expect((await login(app, "::ffff:192.0.2.5")).statusCode).toBe(429);
  });
});

describe("the TRUST_PROXY setting", () => {
  const env = (value?: string) => ({
    NODE_ENV: "test",
    APP_SECRET: "x".repeat(32),
    DATA_DIR: testConfig().dataDir,
    ...(value === undefined ? {} : { TRUST_PROXY: value }),
  });

  it("is off unless set", () => {
    expect(loadConfig(env()).trustProxy).toBe(false);
    expect(loadConfig(env("")).trustProxy).toBe(false);
    expect(loadConfig(env("0")).trustProxy).toBe(false);
  });

  it("takes a hop count or a list of proxy addresses and CIDR ranges", () => {
    expect(loadConfig(env("1")).trustProxy).toBe(1);
    expect(loadConfig(env(" 10.0.0.1, 192.168.0.0/16 ,fd00::/8,loopback")).trustProxy).toEqual([
      "10.0.0.1",
      "192.168.0.0/16",
      "fd00::/8",
      "loopback",
    ]);
  });

  it("refuses anything else with one line naming the setting", () => {
    for (const bad of ["true", "yes", "10.0.0.300", "10.0.0.0/33", "1.5", "99"]) {
      expect(() => loadConfig(env(bad))).toThrow(ConfigError);
      expect(() => loadConfig(env(bad))).toThrow(
        new RegExp(`^Setting TRUST_PROXY is invalid \\("${bad.replace(".", "\\.")}`),
      );
    }
  });
});
