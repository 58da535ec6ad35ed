/**
 * Product list and search on a generated catalogue (BENCH_PRODUCTS, default 100,000), on PGlite and
 * on PostgreSQL, against a raw node:http hello-world measured in the same run.
 *
 * For each database: a throwaway database is created and migrated, the catalogue written through
 * the app's schema (lib/load-catalogue.ts), the real app started in its own process
 * (lib/serve.ts → buildApp, API only), and autocannon run at 100 connections against
 *   - GET /api/products (the first page, newest first, 24 products),
 *   - GET /api/products with filters and sorts that a shopper clicks (rotating),
 *   - GET /api/products?search=… over SEARCH_QUERIES (rotating; typos included),
 * then each search alone, one request at a time, for its own latency and result count.
 * Prints a markdown section on stdout; progress on stderr. Usage: node scripts/bench/catalogue.bench.ts
 */
import { SEARCH_QUERIES } from "./lib/catalogue-data.ts";
import { createBenchDatabase, type DatabaseKind } from "./lib/database.ts";
import {
  baselineThenDatabases,
  envCount,
  type LoadResult,
  log,
  measure,
  num,
  RESULT_HEADERS,
  resultCells,
  settings,
  startServer,
  table,
} from "./lib/harness.ts";
import { loadCatalogue } from "./lib/load-catalogue.ts";

const PRODUCTS = envCount("BENCH_PRODUCTS", 100_000);
const CONNECTIONS = 100;
const SOLO_RUNS = 7;

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

type Solo = { query: string; medianMs: number; total: number; first: string };

type DatabaseResult = {
  kind: DatabaseKind;
  loadSeconds: number;
  sizes: number;
  reviews: number;
  list: LoadResult;
  filtered: LoadResult;
  search: LoadResult;
  solo: Solo[];
};

const NAMES: Record<DatabaseKind, string> = { pglite: "PGlite", postgres: "PostgreSQL 15" };

function rotating(paths: string[]) {
  let next = Math.floor(Math.random() * paths.length);
  return (request: { path?: string }) => {
    request.path = paths[next++ % paths.length];
    return request as never;
  };
}

async function soloSearch(url: string, query: string): Promise<Solo> {
  const times: number[] = [];
  let total = 0;
  let first = "";
  for (let i = 0; i < SOLO_RUNS; i++) {
    const started = performance.now();
    const res = await fetch(`${url}/api/products?search=${encodeURIComponent(query)}`);
    const body = (await res.json()) as Array<{ title: string }>;
    times.push(performance.now() - started);
    if (!res.ok) throw new Error(`search ${query}: ${res.status}`);
    total = Number(res.headers.get("x-total-count"));
    first = body[0]?.title ?? "";
  }
  times.sort((a, b) => a - b);
  return { query, medianMs: times[Math.floor(times.length / 2)]!, total, first };
}

async function benchDatabase(kind: DatabaseKind): Promise<DatabaseResult> {
  log(`${NAMES[kind]}: creating and loading ${num(PRODUCTS)} products…`);
  const bench = await createBenchDatabase(kind);
  try {
    const database = await bench.open();
    const loaded = await loadCatalogue(database.db, PRODUCTS, log).finally(() => database.close());
    log(`${NAMES[kind]}: loaded in ${loaded.seconds.toFixed(0)} s; starting the app`);
    const server = await startServer("app", bench.env);
    try {
      const check = await fetch(`${server.url}/api/products`);
      if (Number(check.headers.get("x-total-count")) !== PRODUCTS) {
        throw new Error(
          `the app lists ${check.headers.get("x-total-count")} products, not ${PRODUCTS}`,
        );
      }
      log(`${NAMES[kind]}: GET /api/products`);
      const list = await measure({ url: `${server.url}/api/products`, connections: CONNECTIONS });
      log(`${NAMES[kind]}: filtered lists`);
      const filtered = await measure({
        url: `${server.url}/api/products`,
        connections: CONNECTIONS,
        setupRequest: rotating(LIST_QUERIES.map((q) => `/api/products?${q}`)),
      });
      log(`${NAMES[kind]}: searches`);
      const search = await measure({
        url: `${server.url}/api/products`,
        connections: CONNECTIONS,
        setupRequest: rotating(
          SEARCH_QUERIES.map((q) => `/api/products?search=${encodeURIComponent(q)}`),
        ),
      });
      log(`${NAMES[kind]}: each search alone`);
      const solo: Solo[] = [];
      for (const query of SEARCH_QUERIES) solo.push(await soloSearch(server.url, query));
      return {
        kind,
        loadSeconds: loaded.seconds,
        sizes: loaded.sizes,
        reviews: loaded.reviews,
        list,
        filtered,
        search,
        solo,
      };
    } finally {
      await server.stop();
    }
  } finally {
    await bench.drop();
  }
}

const { loadAtStart, baseline, results, skipped } = await baselineThenDatabases(
  CONNECTIONS,
  benchDatabase,
);

const rows: string[][] = [["raw node:http hello-world (baseline)", "—", ...resultCells(baseline)]];
for (const r of results) {
  rows.push(["`GET /api/products` (first page)", NAMES[r.kind], ...resultCells(r.list)]);
  rows.push([
    "`GET /api/products` filters/sorts, rotating",
    NAMES[r.kind],
    ...resultCells(r.filtered),
  ]);
  rows.push([
    `\`GET /api/products?search=…\`, ${SEARCH_QUERIES.length} queries rotating`,
    NAMES[r.kind],
    ...resultCells(r.search),
  ]);
}

const soloHeaders = [
  "query",
  ...results.map((r) => `${NAMES[r.kind]} ms`),
  "matches",
  "first result",
];
const soloRows = SEARCH_QUERIES.map((query, i) => [
  `\`${query}\``,
  ...results.map((r) => r.solo[i]!.medianMs.toFixed(0)),
  num(results[0]?.solo[i]?.total ?? 0),
  results[0]?.solo[i]?.first ?? "",
]);

const out = [
  `## Product list and search (${num(PRODUCTS)} products)`,
  "",
  `${CONNECTIONS} connections, ${settings.duration} s per run after a ${settings.warmup} s warm-up; ` +
    `API answers compressed as for a browser. Load average (1 min) at the start: ${loadAtStart}.`,
  ...results.map(
    (r) =>
      `${NAMES[r.kind]}: ${num(PRODUCTS)} products, ${num(r.sizes)} sizes, ${num(r.reviews)} reviews written in ${r.loadSeconds.toFixed(0)} s.`,
  ),
  ...skipped.map((s) => `Skipped: ${s}.`),
  "",
  table(["target", "database", ...RESULT_HEADERS], rows),
  "",
  `Filters/sorts rotated: ${LIST_QUERIES.map((q) => `\`${q}\``).join(", ")}.`,
  "",
  `Each search alone (one request at a time, median of ${SOLO_RUNS}; matches = \`X-Total-Count\`, first result on ${results[0] ? NAMES[results[0].kind] : "—"}):`,
  "",
  table(soloHeaders, soloRows),
  "",
];
process.stdout.write(`${out.join("\n")}\n`);
