/**
 * Throwaway benchmark databases, created and migrated with the app's own code (db/client.ts):
 * PGlite in a temporary DATA_DIR, or a new database on the PostgreSQL server of TEST_DATABASE_URL
 * (default postgres://postgres@127.0.0.1:5432/test), dropped again by `drop()`.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import postgres from "postgres";
import { type Database, openDatabase } from "../../../apps/server/src/db/client.ts";

export type DatabaseKind = "pglite" | "postgres";

export type BenchDatabase = {
  kind: DatabaseKind;
  /** The environment a server process needs to open the same database. */
  env: { DATA_DIR: string; DATABASE_URL: string };
  /** Opens it in this process (PGlite: only while no server has it open). */
  open(): Promise<Database>;
  /** Removes the data directory and (PostgreSQL) drops the database. */
  drop(): Promise<void>;
};

export const serverUrl = () =>
  process.env.TEST_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/test";

/** Creates an empty, migrated database of this kind. */
export async function createBenchDatabase(kind: DatabaseKind): Promise<BenchDatabase> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `vastra-bench-${kind}-`));
  let url = "";
  let name = "";
  if (kind === "postgres") {
    name = `vastra_bench_${process.pid}_${randomBytes(3).toString("hex")}`;
    const admin = postgres(serverUrl(), { max: 1, onnotice: () => {} });
    try {
      await admin.unsafe(`create database "${name}"`);
    } finally {
      await admin.end({ timeout: 5 });
    }
    const parsed = new URL(serverUrl());
    parsed.pathname = `/${name}`;
    url = parsed.toString();
  }
  const open = () =>
    kind === "postgres"
      ? openDatabase({ kind: "postgres", url })
      : openDatabase({ kind: "pglite", dataDir });
  const database = await open();
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  return {
    kind,
    env: { DATA_DIR: dataDir, DATABASE_URL: url },
    open,
    async drop() {
      rmSync(dataDir, { recursive: true, force: true });
      if (kind !== "postgres") return;
      const admin = postgres(serverUrl(), { max: 1, onnotice: () => {} });
      try {
        await admin.unsafe(`drop database if exists "${name}" with (force)`);
      } finally {
        await admin.end({ timeout: 5 });
      }
    },
  };
}

/** Whether the PostgreSQL server answers (the PostgreSQL half is skipped, and said so, if not). */
export async function postgresAvailable(): Promise<boolean> {
  const sql = postgres(serverUrl(), { max: 1, connect_timeout: 3, onnotice: () => {} });
  try {
    await sql`select 1`;
    return true;
  } catch {
    return false;
  } finally {
    await sql.end({ timeout: 2 });
  }
}
