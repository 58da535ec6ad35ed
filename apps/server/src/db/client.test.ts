/**
 * PGlite's shared buffers (record 0069): 32 MB unless told otherwise, where PostgreSQL's own
 * default (128 MB) is memory PGlite zeroes on every start. A store keeps its data with either.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { type Database, openDatabase, PGLITE_SHARED_BUFFERS, rowsOf } from "./client.ts";

const opened: Database[] = [];
const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((d) => d.close()));
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function sharedBuffers(database: Database): Promise<string> {
  const [row] = rowsOf<{ size: string }>(
    await database.db.execute(sql`select current_setting('shared_buffers') as size`),
  );
  return row!.size;
}

describe("PGlite's shared buffers", () => {
  it("are 32 MB by default, and the size asked for when one is given", async () => {
    expect(PGLITE_SHARED_BUFFERS).toBe("32MB");
    const plain = await openDatabase({ kind: "pglite" });
    opened.push(plain);
    expect(await sharedBuffers(plain)).toBe("32MB");
    const asked = await openDatabase({ kind: "pglite", sharedBuffers: "16MB" });
    opened.push(asked);
    expect(await sharedBuffers(asked)).toBe("16MB");
  });

  it("keep a store's data across starts with another size", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "vastra-buffers-"));
    dirs.push(dir);
    const first = await openDatabase({ kind: "pglite", dataDir: dir, sharedBuffers: "128MB" });
    await first.db.execute(sql`create table kept (n int)`);
    await first.db.execute(sql`insert into kept select generate_series(1, 1000)`);
    await first.close();
    const again = await openDatabase({ kind: "pglite", dataDir: dir });
    opened.push(again);
    expect(await sharedBuffers(again)).toBe("32MB");
    const [row] = rowsOf<{ n: number }>(
      await again.db.execute(sql`select count(*)::int as n from kept`),
    );
    expect(row!.n).toBe(1000);
  });
});
