/**
 * The store's list of served PINs and PIN prefixes, as the admin imports it (CSV, read with
 * csv-parse): every row is checked, and one bad row stops the whole import with each problem
 * named by its line, so the list is never left half-changed.
 */
import { DELIVERY_MESSAGES, TRANSIT_DAYS_MAX, ZONE_IMPORT_MAX_ROWS } from "@vastra/contracts";
import { ValidationError } from "../errors.ts";

export type ZoneRow = {
  pattern: string;
  zone: string;
  transitDays: number;
  codAllowed: boolean;
  serviceable: boolean;
};

/** The columns, as the file's first line names them (any order, any case). */
const COLUMNS = {
  pin: ["pin", "pincode", "pin code", "prefix", "pin or prefix"],
  zone: ["zone"],
  transit_days: ["transit_days", "transit days", "transit"],
  cod: ["cod", "cod_allowed", "cod allowed", "cash on delivery"],
  serviceable: ["serviceable", "served"],
} as const;
type Column = keyof typeof COLUMNS;

const YES = new Set(["y", "yes", "true", "1"]);
const NO = new Set(["n", "no", "false", "0"]);
/** The most problems named in one answer (the admin fixes these, imports again, sees the next). */
const MAX_LISTED = 50;

function yesNo(value: string | undefined): boolean | undefined {
  const v = (value ?? "").trim().toLowerCase();
  if (YES.has(v)) return true;
  if (NO.has(v)) return false;
  return undefined;
}

/**
 * The rows of a CSV whose first line names the columns `pin,zone,transit_days,cod` and
 * optionally `serviceable` (y when absent). `pin` is a whole PIN or a prefix of 1-5 digits;
 * `transit_days` working days (0-30); `cod` and `serviceable` y/n. A row not served may leave
 * transit_days and cod empty. Throws a ValidationError whose `errors` name each bad line
 * ("line 7": what is wrong) when any row is wrong.
 */
export async function parseZoneCsv(csv: string): Promise<ZoneRow[]> {
  // Loaded on the first import (an admin's occasional act), not on every start of the server.
  const { CsvError, parse } = await import("csv-parse/sync");
  let records: Array<{ record: string[]; info: { lines: number } }>;
  try {
    records = parse(csv, {
      bom: true,
      trim: true,
      skip_empty_lines: true,
      relax_column_count: true,
      info: true,
    }) as unknown as Array<{ record: string[]; info: { lines: number } }>;
  } catch (error) {
    if (error instanceof CsvError) {
      const line = (error as { lines?: number }).lines;
      throw new ValidationError(DELIVERY_MESSAGES.csvUnreadable, {
        [line ? `line ${line}` : "csv"]: error.message,
      });
    }
    throw error;
  }
  const [header, ...body] = records;
  if (!header || body.length === 0) throw ValidationError.field("csv", DELIVERY_MESSAGES.csvEmpty);
  const index: Partial<Record<Column, number>> = {};
  header.record.forEach((name, i) => {
    const key = name.trim().toLowerCase();
    for (const [column, names] of Object.entries(COLUMNS) as Array<[Column, readonly string[]]>) {
      if (names.includes(key) && index[column] === undefined) index[column] = i;
    }
  });
  if (
    index.pin === undefined ||
    index.zone === undefined ||
    index.transit_days === undefined ||
    index.cod === undefined
  ) {
    throw ValidationError.field("csv", DELIVERY_MESSAGES.csvColumns);
  }
  if (body.length > ZONE_IMPORT_MAX_ROWS) {
    throw ValidationError.field(
      "csv",
      `The file has ${body.length} rows; at most ${ZONE_IMPORT_MAX_ROWS.toLocaleString("en-IN")} can be imported at once`,
    );
  }

  const problems: Record<string, string> = {};
  let problemCount = 0;
  const note = (line: number, message: string) => {
    problemCount++;
    if (Object.keys(problems).length < MAX_LISTED) problems[`line ${line}`] = message;
  };
  const seen = new Map<string, number>();
  const rows: ZoneRow[] = [];
  for (const { record, info } of body) {
    const line = info.lines;
    if (record.length !== header.record.length) {
      note(line, `Expected ${header.record.length} values, found ${record.length}`);
      continue;
    }
    const cell = (column: Column) => {
      const i = index[column];
      return i === undefined ? "" : (record[i] ?? "").trim();
    };
    const pattern = cell("pin");
    const zone = cell("zone");
    const served = index.serviceable === undefined ? true : yesNo(cell("serviceable"));
    const wrong: string[] = [];
    if (!/^[1-9]\d{0,5}$/.test(pattern)) {
      wrong.push("the PIN must be 6 digits, or a prefix of 1-5 digits, not starting with 0");
    }
    if (zone === "" || zone.length > 40) wrong.push("the zone needs a name of 1 to 40 characters");
    if (served === undefined) wrong.push("serviceable must be y or n");
    const transitText = cell("transit_days");
    const codText = cell("cod");
    // A row that is not served may leave transit days and COD empty.
    const blankAllowed = served === false;
    let transitDays = 0;
    if (!(blankAllowed && transitText === "")) {
      transitDays = /^\d{1,2}$/.test(transitText) ? Number(transitText) : Number.NaN;
      if (!(transitDays >= 0 && transitDays <= TRANSIT_DAYS_MAX)) {
        wrong.push(`transit days must be a whole number from 0 to ${TRANSIT_DAYS_MAX}`);
      }
    }
    let cod = blankAllowed && codText === "" ? false : yesNo(codText);
    if (cod === undefined) {
      wrong.push("COD must be y or n");
      cod = false;
    }
    const earlier = seen.get(pattern);
    if (earlier !== undefined && /^[1-9]\d{0,5}$/.test(pattern)) {
      wrong.push(`${pattern} is already listed on line ${earlier}`);
    }
    if (wrong.length > 0) {
      note(line, `${wrong[0]!.charAt(0).toUpperCase()}${wrong.join("; ").slice(1)}`);
      continue;
    }
    seen.set(pattern, line);
    rows.push({
      pattern,
      zone,
      transitDays,
      codAllowed: served === false ? false : cod,
      serviceable: served !== false,
    });
  }
  if (problemCount > 0)
    throw new ValidationError(DELIVERY_MESSAGES.csvRows(problemCount), problems);
  return rows;
}
