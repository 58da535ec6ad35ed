/**
 * `npm run bundle-sizes [-- options] [route ids…]`: the JavaScript a browser loads for a first visit
 * of each storefront page, gzipped, from the built client (run `npm run build` first). Issue #11
 * and record 0029: each of home, product list and product page at most 140 KB.
 *
 * A page loads entry.client, the root route's module and its own route module, and every module
 * those import statically, transitively (followed here in the built files themselves, and checked
 * against the client manifest's `imports`). Chunks loaded later (`import()`: a dialog's code on
 * first open, the admin's charts) are not counted. The route manifest (manifest-*.js) is counted
 * only when the build loads it as a script: with lazy route discovery (the default, and ours) a
 * page carries its part of the manifest inline in its HTML instead, and fetches more as needed.
 *
 * Options: --budget KB (or env BUNDLE_BUDGET_KB): exit 1 when a page is over it; --build DIR (the
 * web build directory, default apps/web/build); --quiet: totals only.
 * Default pages: routes/home, routes/products, routes/product.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    budget: { type: "string", default: process.env.BUNDLE_BUDGET_KB },
    build: { type: "string", default: path.resolve(import.meta.dirname, "../apps/web/build") },
    quiet: { type: "boolean", default: false },
  },
});

type Entry = { module: string; imports?: string[] };
type Manifest = { url?: string; entry: Entry; routes: Record<string, Entry> };

export type PageSize = {
  route: string;
  bytes: number;
  files: Array<[file: string, bytes: number]>;
};

/** The client manifest, and whether pages load it as a script (not with lazy route discovery). */
function readManifest(buildDir: string): { manifest: Manifest; file: string; loaded: boolean } {
  const assets = path.join(buildDir, "client/assets");
  const file = existsSync(assets)
    ? readdirSync(assets).find((f) => /^manifest-[\w-]+\.js$/.test(f))
    : undefined;
  if (!file) throw new Error(`No client manifest in ${assets}: run npm run build first.`);
  const source = readFileSync(path.join(assets, file), "utf8");
  const manifest = JSON.parse(
    source.slice(source.indexOf("{"), source.lastIndexOf("}") + 1),
  ) as Manifest;
  const server = readFileSync(path.join(buildDir, "server/index.js"), "utf8");
  const lazy = /routeDiscovery\s*=\s*\{\s*"mode":\s*"lazy"/.test(server);
  return { manifest, file: `/assets/${file}`, loaded: !lazy };
}

/** Static imports of a built module (`import…from"./x.js"`, `import"./x.js"`, `export…from`). */
function staticImports(code: string, url: string): string[] {
  const found: string[] = [];
  // At a statement's start, of a built file (./x.js): not `import(…)`, not the word in a string.
  const statement =
    /(?<=^|[;\n}])\s*(?:import|export)\s*(?:[\w$*{}\s,]*?\bfrom\s*)?["'](\.{0,2}\/[^"']+\.js)["']/g;
  for (const m of code.matchAll(statement)) {
    found.push(new URL(m[1]!, `http://x${url}`).pathname);
  }
  return found;
}

export function pageSizes(buildDir: string, routes: string[]): PageSize[] {
  const client = path.join(buildDir, "client");
  const { manifest, file: manifestFile, loaded } = readManifest(buildDir);
  const code = (url: string) => readFileSync(path.join(client, url));
  return routes.map((route) => {
    const own = manifest.routes[route];
    if (!own) throw new Error(`No route ${route} in the manifest`);
    const roots = [manifest.entry, manifest.routes.root!, own];
    const files = new Set<string>(loaded ? [manifestFile] : []);
    const queue = roots.map((e) => e.module);
    // The manifest's own list of each root's static imports: the walk must find at least those.
    const listed = new Set(roots.flatMap((e) => e.imports ?? []));
    while (queue.length > 0) {
      const url = queue.pop()!;
      if (files.has(url)) continue;
      files.add(url);
      queue.push(...staticImports(code(url).toString("utf8"), url));
    }
    const missed = [...listed].filter((u) => !files.has(u));
    if (missed.length > 0) throw new Error(`${route}: imports not followed: ${missed.join(", ")}`);
    const sizes = [...files].map(
      (f) => [f.replace("/assets/", ""), gzipSync(code(f)).length] as [string, number],
    );
    sizes.sort((a, b) => b[1] - a[1]);
    return { route, bytes: sizes.reduce((sum, [, n]) => sum + n, 0), files: sizes };
  });
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

if (import.meta.main) {
  const routes =
    positionals.length > 0 ? positionals : ["routes/home", "routes/products", "routes/product"];
  const budget = values.budget ? Number(values.budget) : undefined;
  if (budget !== undefined && !(budget > 0)) throw new Error("--budget must be a number of KB");
  let over = false;
  for (const page of pageSizes(values.build, routes)) {
    const fails = budget !== undefined && page.bytes > budget * 1024;
    over ||= fails;
    const verdict =
      budget === undefined
        ? ""
        : fails
          ? `  OVER the ${budget} KB budget`
          : `  (budget ${budget} KB)`;
    console.log(`${page.route}: ${kb(page.bytes)} gzipped in ${page.files.length} files${verdict}`);
    if (values.quiet) continue;
    for (const [file, bytes] of page.files) console.log(`  ${kb(bytes).padStart(9)}  ${file}`);
  }
  if (over) process.exit(1);
}
