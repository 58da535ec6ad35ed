/**
 * Vitest global setup of the server projects: the page tests (http/page-cache.test.ts,
 * http/page-form.test.ts) render the real web app, so its build must exist. `npm test` builds it
 * fresh before Vitest (scripts/test.ts); a direct `vitest run` in a clean checkout builds it here
 * once when it is missing. A build left from earlier is used as it is.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../../..");

export default function setup(): void {
  if (existsSync(path.join(root, "apps/web/build/server/index.js"))) return;
  console.log("vitest: the web app is not built; building it for the page tests (npm run build)");
  const result = spawnSync("npm", ["run", "build"], {
    cwd: root,
    stdio: "inherit",
    env: {
      ...process.env,
      // Vitest sets NODE_ENV=test, which would make a development build of React (larger, and
      // with hydration checks the browser tests treat as errors when they reuse this build).
      NODE_ENV: "production",
      PATH: [path.dirname(process.execPath), process.env.PATH].join(path.delimiter),
    },
  });
  if (result.status !== 0) throw new Error("npm run build failed: the page tests cannot run");
}
