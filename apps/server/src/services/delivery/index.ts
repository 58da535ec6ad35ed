/**
 * Delivery by PIN code (issue #14, record 0034): where a PIN is (the directory), whether the store
 * serves it (its own row in the list, else its longest listed prefix, else the settings' default),
 * with or without cash on delivery, and by which day (calendar.ts).
 *
 * A PIN the directory does not know is not served unless the list names it whole (the admin's
 * answer to a PIN newer than the data). Until a directory is loaded (a store started by
 * server.ts always has one) no PIN counts as unknown.
 *
 * The public check is cached per PIN in each process; the cache is dropped when the delivery
 * settings' version moves (every change of the settings or the list bumps it, in the same
 * transaction): at once in the process that made the change, within VERSION_CHECK_MS in the
 * others. The promised day is worked out per call, so it moves with the clock and the cut-off.
 */

import {
  DEFAULT_DELIVERY_SETTINGS,
  DELIVERY_CHECK_RATE_LIMIT,
  DELIVERY_MESSAGES,
  type DeliveryCheck,
  type DeliverySettings,
  type DeliveryZone,
  deliveryByText,
  deliverySettingsSchema,
  gstStateByCode,
  PIN_MESSAGES,
  PIN_PATTERN,
  type ShippingRules,
  type ZoneImportReply,
} from "@vastra/contracts";
import { asc, count, desc, eq, inArray, like, sql } from "drizzle-orm";
import { LRUCache } from "lru-cache";
import { type Db, type DbOrTx, rowsOf } from "../../db/client.ts";
import { prepared } from "../../db/prepared.ts";
import { deliverySettings, deliveryZones, pincodes } from "../../db/schema.ts";
import { withActivityContext } from "../activity/context.ts";
import { type Clock, systemClock } from "../clock.ts";
import { ValidationError } from "../errors.ts";
import type { RateLimits } from "../rate-limit.ts";
import { deliveryDate } from "./calendar.ts";
import type { DirectoryEntry } from "./directory.ts";
import { parseZoneCsv, type ZoneRow } from "./zones.ts";

/** How stale another process's change may be in this one's cache. */
export const VERSION_CHECK_MS = 1_000;
/** Rows of the zone list per page (admin). */
export const ZONE_PAGE_SIZE = 50;

// ---------------------------------------------------------------- settings

/** The delivery settings; unknown or broken stored values fall back to the defaults key by key. */
function settingsFrom(data: unknown): DeliverySettings {
  const stored = (
    typeof data === "object" && data !== null && !Array.isArray(data) ? data : {}
  ) as Record<string, unknown>;
  const settings: Record<string, unknown> = { ...DEFAULT_DELIVERY_SETTINGS };
  for (const [key, field] of Object.entries(deliverySettingsSchema.shape)) {
    if (!(key in stored)) continue;
    const parsed = field.safeParse(stored[key]);
    if (parsed.success) settings[key] = parsed.data;
  }
  return settings as DeliverySettings;
}

/** The delivery settings' one row. */
const SETTINGS_ROW = 1;

/** What every PIN answer depends on: the settings, their version, whether a directory is loaded. */
export type DeliveryState = { settings: DeliverySettings; version: number; directory: boolean };

/**
 * The settings, their version (0 before the first change) and whether a directory is loaded. The
 * row's id goes in as a value, so on PostgreSQL the statement is a named one, parsed once per
 * connection (record 0061), where a statement without values is parsed and planned on every call.
 */
export async function readDeliveryState(db: DbOrTx): Promise<DeliveryState> {
  const [row] = rowsOf<{ data: unknown; version: number | null; directory: boolean }>(
    await db.execute(sql`
      select (select data from delivery_settings where id = ${SETTINGS_ROW}) as data,
             (select version from delivery_settings where id = ${SETTINGS_ROW}) as version,
             exists (select 1 from pincode_directory) as directory`),
  );
  return {
    settings: settingsFrom(row?.data),
    version: Number(row?.version ?? 0),
    directory: row?.directory === true,
  };
}

export async function getDeliverySettings(db: DbOrTx): Promise<DeliverySettings> {
  return (await readDeliveryState(db)).settings;
}

/** Writes the settings (or, without `data`, keeps them) and moves the version on. */
async function bumpVersion(tx: DbOrTx, data?: DeliverySettings): Promise<void> {
  const now = new Date();
  await tx
    .insert(deliverySettings)
    .values({ id: 1, data: data ?? DEFAULT_DELIVERY_SETTINGS, version: 1, updatedAt: now })
    .onConflictDoUpdate({
      target: deliverySettings.id,
      set: {
        ...(data ? { data } : {}),
        version: sql`${deliverySettings.version} + 1`,
        updatedAt: now,
      },
    });
}

// ---------------------------------------------------------------- the rules

type Resolution = {
  entry: DirectoryEntry | null;
  /** The list's row that covers the PIN: its own, else its longest prefix. */
  rule: ZoneRow | null;
};

// Every order and delivery check asks these: built once (db/prepared.ts, record 0064).
const pincodeEntry = prepared<{ pin: string }, (typeof pincodes.$inferSelect)[]>(
  "pincode_entry",
  (db) =>
    db
      .select()
      .from(pincodes)
      .where(eq(pincodes.pin, sql.placeholder("pin"))),
);
/** The zone row of the longest of the PIN's six prefixes `p1`…`p6` that has one. */
const longestZone = prepared<Record<string, string>, (typeof deliveryZones.$inferSelect)[]>(
  "delivery_zone_longest",
  (db) =>
    db
      .select()
      .from(deliveryZones)
      .where(
        inArray(
          deliveryZones.pattern,
          Array.from({ length: 6 }, (_, i) => sql.placeholder(`p${i + 1}`)),
        ),
      )
      .orderBy(desc(sql`char_length(${deliveryZones.pattern})`))
      .limit(1),
);

/** The PIN's directory entry and the list's row that covers it. */
async function resolvePin(db: DbOrTx, pin: string): Promise<Resolution> {
  const prefixes = Object.fromEntries(
    Array.from({ length: 6 }, (_, i) => [`p${i + 1}`, pin.slice(0, i + 1)]),
  );
  const [entries, rules] = await Promise.all([
    pincodeEntry(db, { pin }),
    longestZone(db, prefixes),
  ]);
  const entry = entries[0];
  const rule = rules[0];
  return {
    entry: entry
      ? {
          pin: entry.pin,
          areas: entry.areas,
          district: entry.district,
          stateCode: entry.stateCode as DirectoryEntry["stateCode"],
        }
      : null,
    rule: rule
      ? {
          pattern: rule.pattern,
          zone: rule.zone,
          transitDays: rule.transitDays,
          codAllowed: rule.codAllowed,
          serviceable: rule.serviceable,
        }
      : null,
  };
}

/**
 * The answer for a PIN, from what is known about it, the settings and the time of the order:
 * - unknown to a loaded directory and not named whole by the list: not served;
 * - else the covering row decides (served or not, COD, transit days), or without one the
 *   settings' defaults;
 * - cash on delivery only where delivered at all.
 */
export function decideDelivery(
  pin: string,
  { entry, rule }: Resolution,
  settings: DeliverySettings,
  directoryLoaded: boolean,
  now: Date,
): DeliveryCheck {
  const unknown = directoryLoaded && !entry && rule?.pattern.length !== 6;
  const serviceable = !unknown && (rule ? rule.serviceable : settings.serveUnlistedPins);
  const codAvailable = serviceable && (rule ? rule.codAllowed : settings.codForUnlistedPins);
  const transitDays = serviceable ? (rule ? rule.transitDays : settings.defaultTransitDays) : null;
  const deliveryBy =
    transitDays === null
      ? null
      : deliveryDate(
          now,
          {
            cutoffHour: settings.cutoffHour,
            handlingDays: settings.handlingDays,
            holidays: settings.holidays.map((h) => h.date),
          },
          transitDays,
        );
  const state = entry ? gstStateByCode(entry.stateCode) : undefined;
  return {
    pin,
    known: entry !== null,
    areas: entry?.areas ?? [],
    district: entry?.district ?? null,
    state: state ? { code: state.code, name: state.name } : null,
    serviceable,
    codAvailable,
    zone: rule?.zone ?? null,
    transitDays,
    deliveryBy,
    message: deliveryBy
      ? deliveryByText(deliveryBy)
      : unknown
        ? PIN_MESSAGES.unknown(pin)
        : PIN_MESSAGES.notServed(pin),
  };
}

/**
 * The answer for a PIN read straight from the database (inside a caller's transaction, too); the
 * delivery state as the caller already read it in the same transaction, if given.
 */
export async function checkDelivery(
  db: DbOrTx,
  pin: string,
  now: Date,
  known?: DeliveryState,
): Promise<DeliveryCheck> {
  const [state, resolution] = await Promise.all([
    known ?? readDeliveryState(db),
    resolvePin(db, pin),
  ]);
  return decideDelivery(pin, resolution, state.settings, state.directory, now);
}

/**
 * For the checkout: throws a ValidationError on `field` when the store does not deliver to the
 * PIN (its message says why: not served, or not a PIN India Post knows).
 */
export async function assertDeliverable(
  db: DbOrTx,
  pin: string | undefined,
  field: string,
  now: Date,
  known?: DeliveryState,
): Promise<DeliveryCheck> {
  if (!pin || !PIN_PATTERN.test(pin)) throw ValidationError.field(field, PIN_MESSAGES.invalid);
  const answer = await checkDelivery(db, pin, now, known);
  if (!answer.serviceable) throw ValidationError.field(field, answer.message);
  return answer;
}

/** The public part of the settings: charges and the UPI payee (record 0036). */
export function shippingRulesOf(settings: DeliverySettings): ShippingRules {
  return {
    freeShippingFromRupees: settings.freeShippingFromRupees,
    shippingFeeRupees: settings.shippingFeeRupees,
    codFeeRupees: settings.codFeeRupees,
    codMaxOrderRupees: settings.codMaxOrderRupees,
    upi: settings.upiVpa ? { vpa: settings.upiVpa, payeeName: settings.upiPayeeName } : null,
  };
}

// ---------------------------------------------------------------- the service

export type DeliveryDeps = { db: Db; clock?: Clock; rateLimits?: RateLimits };

export function createDeliveryService(deps: DeliveryDeps) {
  const { db } = deps;
  const clock = deps.clock ?? systemClock;
  const perIp = deps.rateLimits?.limiter("delivery-ip", DELIVERY_CHECK_RATE_LIMIT);
  // Every PIN of India fits (~19,200); an entry is a few hundred bytes.
  const byPin = new LRUCache<string, Resolution>({ max: 25_000 });
  let state:
    | { settings: DeliverySettings; version: number; directory: boolean; checkedAt: number }
    | undefined;
  /** Moves with every change made in this process: a read begun before it is not kept. */
  let generation = 0;

  /** The settings as of at most VERSION_CHECK_MS ago; a new version empties the PIN cache. */
  async function current() {
    if (state && performance.now() - state.checkedAt < VERSION_CHECK_MS) {
      return { ...state, generation };
    }
    const began = generation;
    const fresh = { ...(await readDeliveryState(db)), checkedAt: performance.now() };
    if (began === generation) {
      if (!state || state.version !== fresh.version || state.directory !== fresh.directory) {
        byPin.clear();
      }
      state = fresh;
    }
    return { ...fresh, generation: began };
  }

  /** After a change in this process: nothing old is served, from now. */
  function forget(): void {
    generation++;
    state = undefined;
    byPin.clear();
  }

  return {
    /** GET /api/delivery/:pin: counted per IP (DELIVERY_CHECK_RATE_LIMIT). */
    async check(pin: string, ip?: string): Promise<DeliveryCheck> {
      if (perIp && ip) {
        await perIp.consume(
          ip,
          "You have checked many PIN codes in a short time. Please wait a few minutes and try again.",
        );
      }
      const { settings, directory, version, generation: began } = await current();
      let resolution = byPin.get(pin);
      if (!resolution) {
        resolution = await resolvePin(db, pin);
        // Kept only if no change was seen while it was read.
        if (began === generation && state?.version === version) byPin.set(pin, resolution);
      }
      return decideDelivery(pin, resolution, settings, directory, clock());
    },

    getSettings: () => getDeliverySettings(db),

    /** GET /api/delivery/charges: the cart's and checkout's figures (cached as the PIN answers). */
    async shippingRules(): Promise<ShippingRules> {
      return shippingRulesOf((await current()).settings);
    },

    async updateSettings(settings: DeliverySettings, actorId?: string): Promise<DeliverySettings> {
      await db.transaction(async (tx) => {
        await withActivityContext(tx, { actorId, reason: "admin edit" });
        await bumpVersion(tx, settings);
      });
      forget();
      return getDeliverySettings(db);
    },

    /** A page of the list, PINs and prefixes in order, optionally those starting with `prefix`. */
    async listZones(query: { prefix?: string | undefined; page: number }) {
      const where = query.prefix ? like(deliveryZones.pattern, `${query.prefix}%`) : undefined;
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(deliveryZones)
          .where(where)
          .orderBy(asc(deliveryZones.pattern))
          .limit(ZONE_PAGE_SIZE)
          .offset((query.page - 1) * ZONE_PAGE_SIZE),
        db.select({ n: count() }).from(deliveryZones).where(where),
      ]);
      return {
        total: total?.n ?? 0,
        page: query.page,
        items: rows.map(
          (r): DeliveryZone => ({
            pattern: r.pattern,
            zone: r.zone,
            transitDays: r.transitDays,
            codAllowed: r.codAllowed,
            serviceable: r.serviceable,
          }),
        ),
      };
    },

    /**
     * Imports a CSV of rows (zones.ts checks every one first). "replace": the file becomes the
     * whole list; "merge": its rows are added or replace the rows of the same PIN or prefix.
     */
    async importZones(csv: string, mode: "replace" | "merge"): Promise<ZoneImportReply> {
      const rows = await parseZoneCsv(csv);
      const total = await db.transaction(async (tx) => {
        if (mode === "replace") await tx.delete(deliveryZones);
        const json = JSON.stringify(
          rows.map((r) => ({
            pattern: r.pattern,
            zone: r.zone,
            transit_days: r.transitDays,
            cod_allowed: r.codAllowed,
            serviceable: r.serviceable,
          })),
        );
        await tx.execute(sql`
          insert into ${deliveryZones} (pattern, zone, transit_days, cod_allowed, serviceable, updated_at)
          select pattern, zone, transit_days, cod_allowed, serviceable, now()
          from jsonb_to_recordset(${json}::jsonb)
            as x(pattern text, zone text, transit_days smallint, cod_allowed boolean, serviceable boolean)
          on conflict (pattern) do update set
            zone = excluded.zone, transit_days = excluded.transit_days,
            cod_allowed = excluded.cod_allowed, serviceable = excluded.serviceable,
            updated_at = excluded.updated_at`);
        await bumpVersion(tx);
        const [counted] = await tx.select({ n: count() }).from(deliveryZones);
        return counted?.n ?? 0;
      });
      forget();
      return {
        message: DELIVERY_MESSAGES.imported(rows.length, mode),
        imported: rows.length,
        total,
      };
    },
  };
}
export type DeliveryService = ReturnType<typeof createDeliveryService>;
