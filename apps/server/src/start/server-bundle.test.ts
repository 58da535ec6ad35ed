import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildServerBundle, isExternal } from "./server-bundle.ts";

const repository = path.resolve(import.meta.dirname, "../../../..");

describe("isExternal", () => {
  it("leaves out the listed packages and their subpaths, and Node's built-ins", () => {
    expect(isExternal("@electric-sql/pglite")).toBe(true);
    expect(isExternal("@electric-sql/pglite/contrib/pg_trgm")).toBe(true);
    expect(isExternal("react-dom/server")).toBe(true);
    expect(isExternal("node:fs")).toBe(true);
  });

  it("bundles everything else, including names that only start like a listed one", () => {
    expect(isExternal("drizzle-orm/pglite")).toBe(false);
    expect(isExternal("fastify")).toBe(false);
    expect(isExternal("react-router-extra")).toBe(false);
    expect(isExternal("./server.ts")).toBe(false);
  });
});

describe("buildServerBundle", () => {
  let out: string;
  let code: string;

  beforeAll(async () => {
    out = mkdtempSync(path.join(tmpdir(), "vastra-bundle-"));
    // A file of the build before (listed) and one of an older build (not listed).
    writeFileSync(path.join(out, "server-previous.js"), "\n");
    writeFileSync(path.join(out, "server-older.js"), "\n");
    writeFileSync(path.join(out, ".files"), "main.js\nserver-previous.js");
    mkdirSync(out, { recursive: true });
    await buildServerBundle(repository, out);
    code = readdirSync(out)
      .filter((file) => file.endsWith(".js"))
      .map((file) => readFileSync(path.join(out, file), "utf8"))
      .join("\n");
  }, 60_000);

  afterAll(() => {
    rmSync(out, { recursive: true, force: true });
  });

  it("makes main.js and its chunks, and lists them", () => {
    const listed = readFileSync(path.join(out, ".files"), "utf8").split("\n");
    expect(listed).toContain("main.js");
    expect(listed.some((file) => /^server-.+\.js$/.test(file))).toBe(true);
    for (const file of listed) expect(existsSync(path.join(out, file))).toBe(true);
    expect(readdirSync(out).filter((file) => file.startsWith(".next-"))).toEqual([]);
  });

  it("keeps the files of the build before, for a store still running it, and removes older ones", () => {
    expect(existsSync(path.join(out, "server-previous.js"))).toBe(true);
    expect(existsSync(path.join(out, "server-older.js"))).toBe(false);
  });

  it("takes in drizzle and leaves PGlite and React Router outside", () => {
    expect(code).not.toMatch(/from "drizzle-orm/);
    expect(code).toMatch(/from "@electric-sql\/pglite"/);
    expect(code).toMatch(/from "react-router"/);
  });

  it("leaves out main.ts's resolve hook and cluster.ts's primary", () => {
    expect(readFileSync(path.join(out, "main.js"), "utf8")).not.toContain("registerHooks");
    expect(code).not.toContain("setupPrimary");
  });
});
