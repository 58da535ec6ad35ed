/**
 * postgres.js 3.4.9 throws from a timer when a connection closes with a write still buffered
 * (porsager/postgres#1154, #1208: unfixed upstream), which kills the process on a database restart,
 * and leaves the connection unable to write again. patches/postgres+3.4.9.patch fixes both, applied
 * by `npm ci`/`npm install` (postinstall: patch-package). This fails when the patch was not applied.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";

it("the database driver in use carries the fix for writes after a closed connection", () => {
  const esm = fileURLToPath(import.meta.resolve("postgres"));
  const cjs = createRequire(import.meta.url).resolve("postgres");
  for (const entry of new Set([esm, cjs])) {
    const connection = readFileSync(entry.replace(/index\.js$/, "connection.js"), "utf8");
    expect(connection, entry).toMatch(/function nextWrite\(fn\) \{\n\s+if \(!socket\) \{/);
    expect(connection.match(/chunk = nextWriteTimer = null \/\/ Vastra patch/g)).toHaveLength(2);
  }
});
