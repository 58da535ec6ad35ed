/**
 * "bulk import 10k products" (issue #15, record 0049): the admin's CSV import of
 * BENCH_BULK_ROWS (default 10,000) new products through the bulk catalogue service (the same
 * code the POST /api/admin/products/import route runs: CSV parsing, the form's checks per row,
 * the set-based write, the search-document refresh), then the same file again (10,000 updates
 * by SKU), and the export of them all. Target: ≥ 1,000 products/s on PostgreSQL.
 *
 * Databases: BENCH_BULK_DATABASES ("postgres" when TEST_DATABASE_URL's server answers, else
 * "pglite"; "pglite,postgres" for both). Usage: node scripts/bench/bulk-import.bench.ts
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PRODUCT_CSV_COLUMNS } from "@vastra/contracts";
import { stringify } from "csv-stringify/sync";
import { sql } from "drizzle-orm";
import { rowsOf } from "../../apps/server/src/db/client.ts";
import { categories } from "../../apps/server/src/db/schema.ts";
import { createBulkCatalogueService } from "../../apps/server/src/services/bulk/index.ts";
import { imageServiceForDataDir } from "../../apps/server/src/services/images/index.ts";
import { createUploadService } from "../../apps/server/src/services/uploads/index.ts";
import { createBenchDatabase, type DatabaseKind, postgresAvailable } from "./lib/database.ts";
import { envCount, load1, log, num, table } from "./lib/harness.ts";

const ROWS = envCount("BENCH_BULK_ROWS", 10_000);
const TARGET = 1000;
const SIZE = ROWS % 1000 === 0 ? `${ROWS / 1000}k` : num(ROWS);

function csvFor(rows: number): Buffer {
  const sizes = ["S", "M", "L", "XL"];
  const lines = [[...PRODUCT_CSV_COLUMNS]];
  for (let i = 0; i < rows; i += 1) {
    const sku = `BENCH-${i}`;
    const row: Record<string, string> = {
      sku,
      title: `Bench Cotton Kurta ${i}`,
      description: "Soft handloom cotton with a mandarin collar, for every day.",
      price: String(499 + (i % 2000)),
      mrp: String(2999 + (i % 2000)),
      gender: ["Men", "Women", "Unisex"][i % 3]!,
      categories: i % 2 ? "Kurtas|Festive" : "Kurtas",
      colours: "Indigo|White",
      default_colour: "Indigo",
      sizes: sizes.map((s, k) => `${s}:${(i + k) % 9}`).join("|"),
      size_skus: sizes.map((s) => `${s}:${sku}-${s}`).join("|"),
      fabric: "Cotton",
      care: "Machine wash cold",
      low_stock_threshold: "5",
      image: `/images/${(i % 997).toString(16).padStart(24, "0")}-w1280.webp`,
      additional_images: "",
      colour_images: "",
      hero: "no",
      hero_image: "",
      hero_tagline: "",
      hsn_code: "6211",
      tax_class: "apparel",
    };
    lines.push(PRODUCT_CSV_COLUMNS.map((c) => row[c] ?? ""));
  }
  return Buffer.from(stringify(lines));
}

type Result = {
  kind: DatabaseKind;
  label: string;
  seconds: number;
  perSecond: number;
  load: string;
};

async function runOn(kind: DatabaseKind, csv: Buffer): Promise<Result[]> {
  const bench = await createBenchDatabase(kind);
  const dataDir = mkdtempSync(path.join(tmpdir(), "vastra-bench-bulk-"));
  const database = await bench.open();
  try {
    const db = database.db;
    await db.insert(categories).values([{ name: "Kurtas" }, { name: "Festive" }]);
    const clock = () => new Date();
    const images = imageServiceForDataDir(dataDir);
    const uploads = createUploadService({ db, images, clock });
    const bulk = createBulkCatalogueService({ db, clock, uploads });
    const results: Result[] = [];
    const time = async (label: string, count: number, run: () => Promise<void>) => {
      const load = load1();
      const started = performance.now();
      await run();
      const seconds = (performance.now() - started) / 1000;
      log(`${kind}: ${label}: ${seconds.toFixed(2)} s`);
      results.push({ kind, label, seconds, perSecond: count / seconds, load });
    };
    await time(`bulk import ${SIZE} products`, ROWS, async () => {
      const r = await bulk.importProducts({ csv, dryRun: false, userId: null });
      if (r.created !== ROWS || r.failed !== 0) {
        throw new Error(
          `import: ${JSON.stringify({ ...r, errorReport: undefined, errors: r.errors.slice(0, 3) })}`,
        );
      }
    });
    await time(`bulk import ${SIZE} products again (update by SKU)`, ROWS, async () => {
      const r = await bulk.importProducts({ csv, dryRun: false, userId: null });
      if (r.updated !== ROWS || r.failed !== 0)
        throw new Error("re-import did not update every row");
    });
    await time(`preview (dry run) of ${num(ROWS)} rows`, ROWS, async () => {
      await bulk.importProducts({ csv, dryRun: true, userId: null });
    });
    await time(`export ${num(ROWS)} products`, ROWS, async () => {
      let n = 0;
      for await (const _ of bulk.exportProducts({ page: 1, limit: 24 })) n += 1;
      if (n !== ROWS + 1) throw new Error(`export gave ${n - 1} rows`);
    });
    const [count] = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from product_sizes`),
    );
    if (count!.n !== ROWS * 4) throw new Error(`expected ${ROWS * 4} sizes, found ${count!.n}`);
    return results;
  } finally {
    await database.close();
    await bench.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const wanted = (process.env.BENCH_BULK_DATABASES ?? "")
  .split(",")
  .map((s) => s.trim())
  .filter(Boolean) as DatabaseKind[];
const kinds: DatabaseKind[] =
  wanted.length > 0 ? wanted : (await postgresAvailable()) ? ["postgres"] : ["pglite"];

const csv = csvFor(ROWS);
const all: Result[] = [];
for (const kind of kinds) all.push(...(await runOn(kind, csv)));

console.log("## Bulk catalogue import (issue #15)\n");
console.log(
  `The admin's CSV import through the bulk catalogue service (CSV parse, the product form's checks per row, set-based write, one search refresh); CSV of ${(csv.length / 1024 / 1024).toFixed(1)} MB, 4 sizes per product. Target: ≥ ${num(TARGET)} products/s on PostgreSQL.\n`,
);
console.log(
  table(
    ["row", "database", "seconds", "products/s", "load (1 min)", "target"],
    all.map((r) => [
      r.label,
      r.kind,
      r.seconds.toFixed(2),
      num(Math.round(r.perSecond)),
      r.load,
      r.label.startsWith("bulk import") && r.kind === "postgres"
        ? r.perSecond >= TARGET
          ? `≥ ${num(TARGET)}/s: met`
          : `≥ ${num(TARGET)}/s: NOT met`
        : "",
    ]),
  ),
);
