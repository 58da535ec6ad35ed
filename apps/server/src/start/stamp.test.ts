import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SERVER_BUNDLE_INPUTS } from "./server-bundle.ts";
import { checkBuild, newestInput, writeStamp } from "./stamp.ts";

/** A small repository: two inputs (a directory and a file) and an output with its stamp. */
let root: string;
const at = (seconds: number) => new Date(Date.UTC(2026, 10, 29, 12, 0, seconds));
const touch = (file: string, when: Date) => utimesSync(path.join(root, file), when, when);

function check() {
  return checkBuild({
    root,
    what: "server bundle",
    inputs: ["src", "package-lock.json"],
    skip: SERVER_BUNDLE_INPUTS.skip,
    output: path.join(root, "build/main.js"),
    stamp: path.join(root, "build/.start-stamp"),
  });
}

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), "vastra-stamp-"));
  mkdirSync(path.join(root, "src/db"), { recursive: true });
  writeFileSync(path.join(root, "src/db/client.ts"), "export {};\n");
  writeFileSync(path.join(root, "src/main.ts"), "export {};\n");
  writeFileSync(path.join(root, "package-lock.json"), "{}\n");
  // Every input dated before the build (directories too: creating a file dates its directory).
  for (const file of ["src/db/client.ts", "src/main.ts", "src/db", "src", "package-lock.json"]) {
    touch(file, at(0));
  }
});

afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

/** A build that started at `startedAt` and succeeded. */
function built(startedAt: Date) {
  mkdirSync(path.join(root, "build"), { recursive: true });
  writeFileSync(path.join(root, "build/main.js"), "\n");
  writeStamp(path.join(root, "build/.start-stamp"), startedAt);
}

describe("checkBuild", () => {
  it("is not current without an output", () => {
    expect(check()).toEqual({ current: false, why: "no server bundle yet" });
  });

  it("is not current when the output has no stamp (built otherwise)", () => {
    mkdirSync(path.join(root, "build"));
    writeFileSync(path.join(root, "build/main.js"), "\n");
    expect(check()).toEqual({
      current: false,
      why: "the server bundle was not made by npm start",
    });
  });

  it("is current when no input is newer than the stamp", () => {
    built(at(10));
    expect(check()).toEqual({ current: true });
  });

  it("is stale once a file changes, and names it", () => {
    built(at(10));
    touch("src/db/client.ts", at(20));
    expect(check()).toEqual({ current: false, why: "src/db/client.ts changed since" });
  });

  it("is stale once the lock file changes (dependencies installed or upgraded)", () => {
    built(at(10));
    touch("package-lock.json", at(20));
    expect(check()).toEqual({ current: false, why: "package-lock.json changed since" });
  });

  it("is stale when a file is added or removed (its directory's time changes)", () => {
    built(at(10));
    rmSync(path.join(root, "src/main.ts"));
    expect(check()).toMatchObject({ current: false, why: "src changed since" });
  });

  it("takes an edit made while the build ran as newer than the build", () => {
    touch("src/main.ts", at(15));
    // The build started at 10 and finished after 15: the stamp keeps 10.
    built(at(10));
    expect(check()).toEqual({ current: false, why: "src/main.ts changed since" });
  });

  it("does not look at skipped names (tests, node_modules)", () => {
    built(at(10));
    writeFileSync(path.join(root, "src/db/client.test.ts"), "\n");
    touch("src/db/client.test.ts", at(20));
    mkdirSync(path.join(root, "src/node_modules"));
    touch("src/node_modules", at(20));
    // Creating them dated their directories; those stay inputs.
    touch("src/db", at(0));
    touch("src", at(0));
    expect(check()).toEqual({ current: true });
  });
});

describe("newestInput", () => {
  it("finds the newest file or directory, and ignores missing inputs", () => {
    touch("src/db", at(5));
    touch("src/main.ts", at(7));
    const found = newestInput({ root, inputs: ["src", "package-lock.json", "missing"] });
    expect(found).toEqual({ ms: at(7).getTime(), file: path.join(root, "src/main.ts") });
  });
});
