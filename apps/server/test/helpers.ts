/**
 * Test helpers for the server: a Config for tests, a fresh migrated database per test file (PGlite
 * in memory, or a new PostgreSQL database in the "server-pg" project), an app built around them whose
 * cleanup is registered with vitest, and a clock the test moves by hand.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import postgres from "postgres";
import { inject, onTestFinished, TestRunner } from "vitest";
import { buildApp } from "../src/app.ts";
import { type Config, loadConfig } from "../src/config.ts";
import { type Database, openDatabase } from "../src/db/client.ts";
import type { Clock } from "../src/services/clock.ts";
import type { RateLimits } from "../src/services/rate-limit.ts";

declare module "vitest" {
  interface ProvidedContext {
    /** Which database the project's tests run on (set per project in vitest.config.ts). */
    testDatabase: "pglite" | "postgres";
    /** The PostgreSQL server to create per-file databases on ("" in the PGlite project). */
    testDatabaseUrl: string;
  }
}

export const TEST_APP_SECRET = "test-secret-0123456789-abcdefghijklmnopqrstuvwxyz";

/** Registers a cleanup; `vitestHooks` is the default. Pass your own to control when it runs. */
export type Hooks = { after(fn: () => Promise<void> | void): void };

const cleanups: Array<() => Promise<void> | void> = [];

/**
 * Inside a running test: when that test finishes (onTestFinished). Anywhere else (the file's top
 * level, describe blocks, beforeAll): when the file is done, from the afterAll hook that
 * test/setup.ts registers for every file (a plain afterAll registered after collection, for
 * example from a beforeAll, would silently never run).
 */
export const vitestHooks: Hooks = {
  after(fn) {
    if (TestRunner.getCurrentTest()) onTestFinished(async () => fn());
    else cleanups.push(fn);
  },
};

/** Runs the file-level cleanups (newest first) and removes temporary directories. */
export async function runCleanups(): Promise<void> {
  const errors: unknown[] = [];
  for (let fn = cleanups.pop(); fn; fn = cleanups.pop()) {
    try {
      await fn();
    } catch (error) {
      errors.push(error);
    }
  }
  removeTempDirs();
  if (errors.length > 0) throw new AggregateError(errors, "Test cleanup failed");
}

// ---------------------------------------------------------------- temporary directories

const tempDirs = new Set<string>();

export function makeTempDir(prefix = "vastra-test-"): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  tempDirs.add(dir);
  return dir;
}

/** Removes every directory made by makeTempDir in this file. */
export function removeTempDirs(): void {
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
  tempDirs.clear();
}

// ---------------------------------------------------------------- config

/**
 * The settings a test server runs with: parsed by loadConfig like the real ones (test mode, a fresh
 * temporary DATA_DIR, a fixed APP_SECRET, no demo seed, silent logs), then `overrides` on top.
 */
export function testConfig(overrides: Partial<Config> = {}): Config {
  const base = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: overrides.dataDir ?? makeTempDir("vastra-data-"),
    APP_SECRET: TEST_APP_SECRET,
    SEED_DEMO: "0",
    LOG_LEVEL: "silent",
    PUBLIC_URL: "http://localhost:3000",
  });
  return { ...base, ...overrides };
}

// ---------------------------------------------------------------- database

export type TestDatabase = Database & {
  /** The database's name when it is a PostgreSQL database made for this file. */
  name?: string;
  /** Closes the database and, on PostgreSQL, drops it. */
  cleanup(): Promise<void>;
};

/** Which database this project's tests use: "pglite" unless the project says "postgres". */
export function testDatabaseKind(): "pglite" | "postgres" {
  return inject("testDatabase") === "postgres" ? "postgres" : "pglite";
}

/**
 * A fresh database for one test file: PGlite in memory, or (in the "server-pg" project) a new
 * PostgreSQL database `vastra_t_<random>` on TEST_DATABASE_URL's server. Migrated unless
 * `migrate: false`. Call cleanup() when done (buildTestApp and setupTestDatabase do it for you).
 */
export async function openTestDatabase(options: { migrate?: boolean } = {}): Promise<TestDatabase> {
  let database: Database;
  let name: string | undefined;
  let drop = async () => {};
  if (testDatabaseKind() === "postgres") {
    const serverUrl = inject("testDatabaseUrl");
    if (!serverUrl) throw new Error("The server-pg project needs TEST_DATABASE_URL");
    const dbName = `vastra_t_${randomBytes(6).toString("hex")}`;
    name = dbName;
    const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
    try {
      await admin.unsafe(`create database "${dbName}"`);
    } finally {
      await admin.end({ timeout: 5 });
    }
    const url = new URL(serverUrl);
    url.pathname = `/${dbName}`;
    database = await openDatabase({ kind: "postgres", url: url.href, max: 4 });
    drop = async () => {
      const dropper = postgres(serverUrl, { max: 1, onnotice: () => {} });
      try {
        await dropper.unsafe(`drop database if exists "${dbName}" with (force)`);
      } finally {
        await dropper.end({ timeout: 5 });
      }
    };
  } else {
    database = await openDatabase({ kind: "pglite" });
  }
  let cleaned = false;
  const cleanup = async () => {
    if (cleaned) return;
    cleaned = true;
    try {
      await database.close();
    } finally {
      await drop();
    }
  };
  try {
    if (options.migrate !== false) await database.migrate();
  } catch (error) {
    await cleanup();
    throw error;
  }
  return Object.assign(database, { name, cleanup });
}

/** openTestDatabase, with its cleanup registered for the end of the test file. */
export async function setupTestDatabase(
  options: { migrate?: boolean; hooks?: Hooks } = {},
): Promise<TestDatabase> {
  const database = await openTestDatabase(options);
  (options.hooks ?? vitestHooks).after(() => database.cleanup());
  return database;
}

// ---------------------------------------------------------------- app

export type TestAppOptions = {
  config?: Partial<Config>;
  /** A database to use (its owner closes it); by default a fresh one that is cleaned up after. */
  database?: Database;
  clock?: Clock;
  rateLimits?: RateLimits;
  /** Runs before the app is ready: the place to add test-only routes or hooks. */
  before?: (app: FastifyInstance) => void | Promise<void>;
  hooks?: Hooks;
};

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  config: Config;
};

/**
 * The whole API (no web app, no logs, no open port: use app.inject) on a fresh database. Called at
 * the top of a test file (or in beforeAll); closing the app and dropping the database are registered
 * with vitest (see vitestHooks), in the spirit of fastify's `build(t)`.
 */
export async function buildTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const hooks = options.hooks ?? vitestHooks;
  const database = options.database ?? (await setupTestDatabase({ hooks }));
  const config = testConfig(options.config);
  const app = await buildApp({
    config,
    database,
    web: false,
    logger: false,
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.rateLimits ? { rateLimits: options.rateLimits } : {}),
  });
  hooks.after(() => app.close());
  await options.before?.(app);
  await app.ready();
  return { app, database, config };
}

// ---------------------------------------------------------------- clock

export type TestClock = Clock & {
  /** Moves the clock forward by ms and returns the new time. */
  advance(ms: number): Date;
  set(time: Date | string | number): void;
};

/** A clock that stands still until the test moves it (starts at `start`, default the real now). */
export function createTestClock(start: Date | string | number = Date.now()): TestClock {
  let now = new Date(start).getTime();
  if (Number.isNaN(now)) throw new Error(`createTestClock: invalid start ${String(start)}`);
  const clock = (() => new Date(now)) as TestClock;
  clock.advance = (ms) => {
    now += ms;
    return new Date(now);
  };
  clock.set = (time) => {
    now = new Date(time).getTime();
  };
  return clock;
}

// ---------------------------------------------------------------- database errors

export type DbErrorInfo = { code: string; constraint: string; message: string };

/**
 * The PostgreSQL error a promise rejects with (drizzle wraps the driver's error in `cause`);
 * fails when it resolves. Works for PGlite's and postgres-js's error shapes.
 */
export async function dbError(promise: Promise<unknown>): Promise<DbErrorInfo> {
  try {
    await promise;
  } catch (error) {
    for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
      const x = e as { code?: unknown; constraint?: unknown; constraint_name?: unknown };
      if (typeof x.code === "string" && /^[0-9A-Z]{5}$/.test(x.code)) {
        return {
          code: x.code,
          constraint: String(x.constraint ?? x.constraint_name ?? ""),
          message: String((e as Error).message),
        };
      }
    }
    throw error;
  }
  throw new Error("Expected the database to refuse this statement, but it succeeded");
}
