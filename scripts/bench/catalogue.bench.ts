/**
 * The catalogue's read path, beside a raw node:http hello-world measured the same way in the same
 * run (issue #11's "Must show"). For each database (PGlite and/or PostgreSQL): a throwaway database
 * with BENCH_PRODUCTS generated products (default 100,000), then the real app in its own process,
 * API only, at CONNECTIONS:
 *   - GET /healthz (the per-request overhead every answer pays),
 *   - GET /api/products (the first page, newest first, 24 products),
 *   - GET /api/products with filters and sorts that a shopper clicks (rotating),
 *   - GET /api/products?search=… over SEARCH_QUERIES (rotating; typos included),
 *   - GET /api/products/{id} over DETAIL_IDS products picked at random from the whole catalogue,
 *     and over the first page's products (the ones most shoppers open),
 * then at UNSEEN_CONNECTIONS a filter combination never asked before on every request (category,
 * gender, size, colour, price band, order and page drawn from a counter, so none repeats: a read
 * model cannot help, the database answers), and each search alone when cold (see coldSearches).
 * Then, when a web build exists (npm run build; WEB_BUILD_DIRECTORY to use another), the app again
 * with the server-rendered web app as the store runs it: /healthz, and the guest pages `/`,
 * `/products` and `/products/{id}` (the first page's products), each warmed up first.
 * Every load row says its share of the hello-world baseline and issue #11's target for it.
 * Prints a markdown section on stdout; progress on stderr. Usage: node scripts/bench/catalogue.bench.ts
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { ListIndex } from "../../apps/server/src/services/catalogue/list-index.ts";
import { listenCatalogue } from "../../apps/server/src/services/catalogue/read-model.ts";
import { BENCH_CATEGORIES, BENCH_COLOURS, SEARCH_QUERIES } from "./lib/catalogue-data.ts";
import { createBenchDatabase, type DatabaseKind } from "./lib/database.ts";
import {
  baselineThenDatabases,
  envCount,
  type LoadResult,
  load1,
  log,
  measure,
  num,
  percentile,
  RESULT_HEADERS,
  type RunningServer,
  resultCells,
  settings,
  startServer,
  type Target,
  table,
  verdict,
} from "./lib/harness.ts";
import { loadCatalogue } from "./lib/load-catalogue.ts";

const PRODUCTS = envCount("BENCH_PRODUCTS", 100_000);
const CONNECTIONS = 100;
const UNSEEN_CONNECTIONS = 20;
const DETAIL_IDS = envCount("BENCH_DETAIL_IDS", 2_000);
/** Rounds of cold searches: each round makes every search cold once. */
const COLD_ROUNDS = envCount("BENCH_COLD_ROUNDS", 5);
/**
 * BENCH_UNSEEN_ONLY=1: only the unseen-queries row, with the list filter index (record 0052) and
 * again without it (LIST_INDEX=off), plus the index's build time and size.
 */
const UNSEEN_ONLY = process.env.BENCH_UNSEEN_ONLY === "1";
const NAMES: Record<DatabaseKind, string> = { pglite: "PGlite", postgres: "PostgreSQL 15" };
const root = path.resolve(import.meta.dirname, "../..");
const webBuild = process.env.WEB_BUILD_DIRECTORY ?? path.join(root, "apps/web/build");
const hasWebBuild = existsSync(path.join(webBuild, "server/index.js"));

/** Filter and sort combinations from the list page's sidebar, rotated per request. */
const LIST_QUERIES = [
  "category=Kurtas",
  "gender=Women&sort=price-low",
  "category=Sarees&priceRange=1000-2500&page=2",
  "size=M&color=Maroon",
  "gender=Men&inStock=true&sort=price-high",
  "category=Jeans&size=32",
  "sort=popular",
  "page=40",
];

/** Issue #11's target for each row (PostgreSQL, beside hello of the same run). */
const TARGETS = {
  healthz: { pct: 70 },
  list: { pct: 20, p99: 50 },
  filtered: { pct: 20, p99: 50 },
  search: { pct: 10, p99: 50 },
  detail: { pct: 30 },
  unseen: { p99: 100 },
  page: { pct: 10, p99: 100 },
} satisfies Record<string, Target>;
const COLD_P95 = 20;

type Cold = { query: string; times: number[]; total: number; first: string };
type Row = { label: string; result: LoadResult; target: Target };

type DatabaseResult = {
  kind: DatabaseKind;
  loadSeconds: number;
  sizes: number;
  reviews: number;
  rows: Row[];
  cold: Cold[];
  coldHow: string;
  pagesSkipped?: string;
  indexNote?: string;
};

function rotating(paths: string[]) {
  let next = 0;
  return (request: { path?: string }) => {
    request.path = paths[next++ % paths.length]!;
    return request as never;
  };
}

/** Every value of a filter, "" meaning the filter is left out. */
const DIMENSIONS: Array<[string, string[]]> = [
  ["category", ["", ...BENCH_CATEGORIES]],
  ["gender", ["", "Men", "Women", "Unisex"]],
  ["size", ["", "S", "M", "L", "XL", "30", "32", "34", "Free Size"]],
  ["color", ["", ...BENCH_COLOURS]],
  ["priceRange", ["", "0-500", "500-1000", "1000-2000", "2000-5000", "5000+"]],
  ["sort", ["", "price-low", "price-high", "newest", "popular"]],
  ["page", ["", "2", "3", "4", "5"]],
];
const COMBINATIONS = DIMENSIONS.reduce((n, [, values]) => n * values.length, 1);

/**
 * A list query not asked before, on every call (warm-up included): a counter, scrambled by a
 * multiplier coprime with the number of combinations (so consecutive calls differ in every filter
 * and none repeats within COMBINATIONS calls), read as one digit per filter.
 */
function unseenQueries() {
  let counter = 0;
  const stride = 1_000_003; // prime, larger than any dimension: coprime with COMBINATIONS
  return (request: { path?: string }) => {
    let n = (counter++ * stride) % COMBINATIONS;
    const query = new URLSearchParams();
    for (const [name, values] of DIMENSIONS) {
      const value = values[n % values.length]!;
      n = Math.floor(n / values.length);
      if (value) query.set(name, value);
    }
    request.path = `/api/products?${query}`;
    return request as never;
  };
}

async function timedSearch(url: string, query: string) {
  const started = performance.now();
  const res = await fetch(`${url}/api/products?search=${encodeURIComponent(query)}`, {
    headers: { "accept-encoding": "gzip, deflate, br, zstd" },
  });
  const body = (await res.json()) as Array<{ title: string }>;
  const ms = performance.now() - started;
  if (!res.ok) throw new Error(`search ${query}: ${res.status}`);
  return { ms, total: Number(res.headers.get("x-total-count")), first: body[0]?.title ?? "" };
}

/**
 * Each search when nothing about it is kept: COLD_ROUNDS rounds, every search once per round.
 * PostgreSQL: before each round a product is written behind the app's back (`update products set
 * title = title`, which the catalogue's triggers count as a change and announce), then 1.5 s given
 * for the notice to drop what the read model kept. PGlite is the app's own file (nothing else may
 * write it while it runs), so each round starts a fresh app process instead. Code without a read
 * model answers every search from the database anyway.
 */
async function coldSearches(
  kind: DatabaseKind,
  server: RunningServer,
  restart: () => Promise<RunningServer>,
  write: () => Promise<void>,
): Promise<{ cold: Cold[]; server: RunningServer }> {
  const cold: Cold[] = SEARCH_QUERIES.map((query) => ({ query, times: [], total: 0, first: "" }));
  for (let round = 0; round < COLD_ROUNDS; round++) {
    if (kind === "postgres") {
      await write();
      await new Promise((r) => setTimeout(r, 1_500));
    } else {
      await server.stop();
      server = await restart();
    }
    for (const entry of cold) {
      const { ms, total, first } = await timedSearch(server.url, entry.query);
      entry.times.push(ms);
      entry.total = total;
      entry.first = first;
    }
  }
  return { cold, server };
}

async function benchDatabase(kind: DatabaseKind): Promise<DatabaseResult> {
  log(`${NAMES[kind]}: creating and loading ${num(PRODUCTS)} products…`);
  const bench = await createBenchDatabase(kind);
  try {
    const database = await bench.open();
    let loaded: Awaited<ReturnType<typeof loadCatalogue>>;
    let ids: string[];
    let indexNote: string | undefined;
    try {
      loaded = await loadCatalogue(database.db, PRODUCTS, log);
      // The list filter index's build, as the app does it on its first list query.
      const listening = await listenCatalogue(database);
      try {
        const index = new ListIndex({ db: database.db, model: listening.model });
        const started = performance.now();
        await index.refresh();
        const ms = performance.now() - started;
        if (!index.current) throw new Error("the list filter index was not built");
        indexNote = `List filter index (record 0052): built in ${ms.toFixed(0)} ms (load ${load1()}), ${(index.bytes / 1024 / 1024).toFixed(1)} MB of arrays.`;
      } finally {
        await listening.close();
      }
      const picked = await database.db.execute(
        sql`select id::text as id from products order by md5(id::text) limit ${DETAIL_IDS}`,
      );
      ids = (Array.isArray(picked) ? picked : (picked as { rows: unknown[] }).rows).map(
        (r) => (r as { id: string }).id,
      );
    } finally {
      await database.close();
    }
    log(`${NAMES[kind]}: loaded in ${loaded.seconds.toFixed(0)} s; starting the app`);
    const rows: Row[] = [];
    const row = async (label: string, target: Target, run: () => Promise<LoadResult>) => {
      log(`${NAMES[kind]}: ${label}`);
      rows.push({ label, target, result: await run() });
    };
    let server = await startServer("app", bench.env);
    let cold: Cold[];
    let firstPage: Array<{ _id: string }>;
    try {
      const check = await fetch(`${server.url}/api/products`);
      if (Number(check.headers.get("x-total-count")) !== PRODUCTS) {
        throw new Error(
          `the app lists ${check.headers.get("x-total-count")} products, not ${PRODUCTS}`,
        );
      }
      firstPage = (await check.json()) as Array<{ _id: string }>;
      const url = server.url;
      if (!UNSEEN_ONLY)
        await row("`GET /healthz` (API only)", TARGETS.healthz, () =>
          measure({ url: `${url}/healthz`, connections: CONNECTIONS }),
        );
      if (!UNSEEN_ONLY)
        await row("`GET /api/products` (first page), warm", TARGETS.list, () =>
          measure({ url: `${url}/api/products`, connections: CONNECTIONS }),
        );
      if (!UNSEEN_ONLY)
        await row(
          `\`GET /api/products\` ${LIST_QUERIES.length} filters/sorts rotating, warm`,
          TARGETS.filtered,
          () =>
            measure({
              url: `${url}/api/products`,
              connections: CONNECTIONS,
              setupRequest: rotating(LIST_QUERIES.map((q) => `/api/products?${q}`)),
            }),
        );
      if (!UNSEEN_ONLY)
        await row(
          `\`GET /api/products?search=…\`, ${SEARCH_QUERIES.length} queries rotating, warm`,
          TARGETS.search,
          () =>
            measure({
              url: `${url}/api/products`,
              connections: CONNECTIONS,
              setupRequest: rotating(
                SEARCH_QUERIES.map((q) => `/api/products?search=${encodeURIComponent(q)}`),
              ),
            }),
        );
      if (!UNSEEN_ONLY)
        await row(
          `\`GET /api/products/{id}\`, ${num(ids.length)} random products`,
          TARGETS.detail,
          () =>
            measure({
              url: `${url}/api/products`,
              connections: CONNECTIONS,
              setupRequest: rotating(ids.map((id) => `/api/products/${id}`)),
            }),
        );
      if (!UNSEEN_ONLY)
        await row(
          `\`GET /api/products/{id}\`, the first page's ${firstPage.length} products`,
          TARGETS.detail,
          () =>
            measure({
              url: `${url}/api/products`,
              connections: CONNECTIONS,
              setupRequest: rotating(firstPage.map((p) => `/api/products/${p._id}`)),
            }),
        );
      await row(
        `\`GET /api/products\`, a filter combination never asked before each time (${UNSEEN_CONNECTIONS} connections)`,
        TARGETS.unseen,
        () => {
          const next = unseenQueries();
          return measure({
            url: `${url}/api/products`,
            connections: UNSEEN_CONNECTIONS,
            setupRequest: next,
          });
        },
      );
      if (UNSEEN_ONLY) {
        // The same row without the index: the SQL path of before (a fresh app process).
        await server.stop();
        server = await startServer("app", { ...bench.env, LIST_INDEX: "off" });
        const off = server.url;
        await row(
          `\`GET /api/products\`, a filter combination never asked before each time (${UNSEEN_CONNECTIONS} connections), list filter index off`,
          TARGETS.unseen,
          () =>
            measure({
              url: `${off}/api/products`,
              connections: UNSEEN_CONNECTIONS,
              setupRequest: unseenQueries(),
            }),
        );
        cold = SEARCH_QUERIES.map((query) => ({ query, times: [], total: 0, first: "" }));
      } else {
        log(`${NAMES[kind]}: each search alone, cold (${COLD_ROUNDS} rounds)`);
        const writer = kind === "postgres" ? await bench.open() : undefined;
        try {
          const result = await coldSearches(
            kind,
            server,
            () => startServer("app", bench.env),
            async () => {
              await writer!.db.execute(
                sql`update products set title = title where id = ${firstPage[0]!._id}`,
              );
            },
          );
          cold = result.cold;
          server = result.server;
        } finally {
          await writer?.close();
        }
      }
    } finally {
      await server.stop();
    }

    let pagesSkipped: string | undefined;
    if (UNSEEN_ONLY) {
      pagesSkipped = "BENCH_UNSEEN_ONLY";
    } else if (!hasWebBuild) {
      pagesSkipped = `no web build at ${path.relative(root, webBuild)} (npm run build)`;
    } else {
      log(`${NAMES[kind]}: starting the app with the web app (${path.relative(root, webBuild)})`);
      const web = await startServer("web", { ...bench.env, WEB_BUILD_DIRECTORY: webBuild });
      try {
        const page = { accept: "text/html,application/xhtml+xml,*/*;q=0.8" };
        for (const p of ["/", "/products", `/products/${firstPage[0]!._id}`]) {
          const res = await fetch(`${web.url}${p}`, { headers: page });
          if (res.status !== 200) throw new Error(`GET ${p} with the web app: ${res.status}`);
          await res.arrayBuffer();
        }
        await row("`GET /healthz` (with the web app)", TARGETS.healthz, () =>
          measure({ url: `${web.url}/healthz`, connections: CONNECTIONS }),
        );
        await row("SSR `/` (guest), warm", TARGETS.page, () =>
          measure({ url: `${web.url}/`, connections: CONNECTIONS, headers: page }),
        );
        await row("SSR `/products` (guest), warm", TARGETS.page, () =>
          measure({ url: `${web.url}/products`, connections: CONNECTIONS, headers: page }),
        );
        await row(
          `SSR \`/products/{id}\` (guest), the first page's ${firstPage.length} products, warm`,
          TARGETS.page,
          () =>
            measure({
              url: `${web.url}/products`,
              connections: CONNECTIONS,
              headers: page,
              setupRequest: rotating(firstPage.map((p) => `/products/${p._id}`)),
            }),
        );
      } finally {
        await web.stop();
      }
    }
    return {
      kind,
      loadSeconds: loaded.seconds,
      sizes: loaded.sizes,
      reviews: loaded.reviews,
      rows,
      cold,
      coldHow:
        kind === "postgres"
          ? "a product written behind the app's back before each round (its triggers announce it), 1.5 s later"
          : "a fresh app process for each round",
      pagesSkipped,
      indexNote,
    };
  } finally {
    await bench.drop();
  }
}

const { loadAtStart, baseline, baselineNote, results, skipped } = await baselineThenDatabases(
  CONNECTIONS,
  benchDatabase,
);

const rows: string[][] = [
  ["raw node:http hello-world (baseline)", "—", ...resultCells(baseline, baseline), "—"],
];
for (const r of results) {
  for (const { label, result, target } of r.rows) {
    rows.push([
      label,
      NAMES[r.kind],
      ...resultCells(result, baseline),
      verdict(result, baseline, target),
    ]);
  }
}

const coldSorted = (r: DatabaseResult) => r.cold.flatMap((c) => c.times).sort((a, b) => a - b);
const coldHeaders = [
  "query",
  ...results.flatMap((r) => [`${NAMES[r.kind]} median ms`, `${NAMES[r.kind]} max ms`]),
  "matches",
  "first result",
];
const coldRows = SEARCH_QUERIES.map((query, i) => [
  `\`${query}\``,
  ...results.flatMap((r) => {
    const times = [...r.cold[i]!.times].sort((a, b) => a - b);
    return [percentile(times, 50).toFixed(1), (times.at(-1) ?? 0).toFixed(1)];
  }),
  num(results[0]?.cold[i]?.total ?? 0),
  results[0]?.cold[i]?.first ?? "",
]);
const coldSummary = results.map((r) => {
  const all = coldSorted(r);
  const p95 = percentile(all, 95);
  return (
    `${NAMES[r.kind]} (${r.coldHow}): ${all.length} cold searches, p50 ${percentile(all, 50).toFixed(1)} ms, ` +
    `p95 ${p95.toFixed(1)} ms, p99 ${percentile(all, 99).toFixed(1)} ms, max ${(all.at(-1) ?? 0).toFixed(1)} ms — ` +
    `target p95 ≤ ${COLD_P95} ms: ${p95 <= COLD_P95 ? "**met**" : "missed"}.`
  );
});

const out = [
  `## Catalogue: API and guest pages (${num(PRODUCTS)} products)`,
  "",
  `${CONNECTIONS} connections unless the row says otherwise, ${settings.duration} s per run after a ${settings.warmup} s warm-up; ` +
    `API answers compressed as for a browser. Load average (1 min) at the start: ${loadAtStart}, at the end: ${load1()}.`,
  ...results.map(
    (r) =>
      `${NAMES[r.kind]}: ${num(PRODUCTS)} products, ${num(r.sizes)} sizes, ${num(r.reviews)} reviews written in ${r.loadSeconds.toFixed(0)} s.` +
      (r.pagesSkipped ? ` Guest pages skipped: ${r.pagesSkipped}.` : "") +
      (r.indexNote ? ` ${r.indexNote}` : ""),
  ),
  ...skipped.map((s) => `Skipped: ${s}.`),
  baselineNote,
  "",
  table(["row", "database", ...RESULT_HEADERS, "issue #11 target"], rows),
  "",
  `Filters/sorts rotated: ${LIST_QUERIES.map((q) => `\`${q}\``).join(", ")}. Unseen queries: ` +
    `${DIMENSIONS.map(([name, values]) => `${name} (${values.length - 1} values or none)`).join(", ")}; ` +
    `${num(COMBINATIONS)} combinations, none repeated.`,
  "",
  ...(UNSEEN_ONLY
    ? ["Cold searches not measured (BENCH_UNSEEN_ONLY).", ""]
    : [
        `Each search alone, cold (one request at a time, ${COLD_ROUNDS} rounds; matches = \`X-Total-Count\`, first result on ${results[0] ? NAMES[results[0].kind] : "—"}):`,
        "",
        ...coldSummary,
        "",
        table(coldHeaders, coldRows),
        "",
      ]),
];
process.stdout.write(`${out.join("\n")}\n`);
