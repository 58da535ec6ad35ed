/**
 * Advertisements, read side: the active ones in their window the home page's hero shows (priority
 * ascending, then newest, at most MAX_HERO_ADS), kept by the catalogue read model.
 *
 * An ad's window starts and ends without a write, so the read model would keep showing (or not
 * showing) it: the window sweeper (createAdWindowSweeper) turns each start or end into a write of
 * `in_window`, whose trigger bumps the 'ads' version like any edit does (record 0042).
 */
import { type Advertisement, istDayOf, MAX_HERO_ADS } from "@vastra/contracts";
import { and, asc, desc, eq, gt, isNull, lte, or, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client.ts";
import { rowsOf } from "../../db/client.ts";
import { advertisements } from "../../db/schema.ts";
import { CatalogueReadModel, type ReadyBody } from "../catalogue/read-model.ts";
import { type Clock, systemClock } from "../clock.ts";
import { createPoller, type Poller } from "../poller.ts";

type AdRow = typeof advertisements.$inferSelect;
const SHOP_FILTER_KEYS = ["category", "gender", "priceRange", "sortBy", "product"] as const;

/** The stored shop filters, keeping only the known keys with text values. */
function shopFiltersOf(value: unknown): Advertisement["shopFilters"] {
  const filters: Advertisement["shopFilters"] = {};
  if (!value || typeof value !== "object") return filters;
  for (const key of SHOP_FILTER_KEYS) {
    const v = (value as Record<string, unknown>)[key];
    if (typeof v === "string" && v !== "") filters[key] = v;
  }
  return filters;
}

export function toAdvertisement(row: AdRow): Advertisement {
  return {
    _id: row.id,
    title: row.title,
    description: row.description,
    imageUrl: row.imageUrl,
    buttonText: row.buttonText,
    buttonLink: row.buttonLink,
    targetPage: row.targetPage,
    shopFilters: shopFiltersOf(row.shopFilters),
    isActive: row.isActive,
    priority: row.priority,
    createdAt: row.createdAt.toISOString(),
    startDate: row.startsAt ? istDayOf(row.startsAt) : null,
    // ends_at is 00:00 IST after the last day.
    endDate: row.endsAt ? istDayOf(new Date(row.endsAt.getTime() - 1)) : null,
  };
}

/** Whether an ad's window holds at `now` (SQL): from starts_at, until before ends_at. */
export function inWindowAt(now: Date) {
  return and(
    or(isNull(advertisements.startsAt), lte(advertisements.startsAt, now)),
    or(isNull(advertisements.endsAt), gt(advertisements.endsAt, now)),
  )!;
}

/**
 * Marks the ads whose window opened or closed since the last sweep; returns how many changed. Only
 * a change writes (and so bumps the 'ads' version): any number of servers may sweep at once.
 */
export async function syncAdWindows(db: DbOrTx, now: Date): Promise<number> {
  const result = await db.execute(sql`
    update ${advertisements} set in_window = (${inWindowAt(now)})
     where in_window is distinct from (${inWindowAt(now)})
    returning 1`);
  return rowsOf(result).length;
}

/** How often the window sweeper looks: an ad starts or ends on the home page within this long. */
export const AD_WINDOW_SWEEP_MS = 5_000;

export function createAdWindowSweeper(options: {
  db: DbOrTx;
  clock?: Clock;
  pollMs?: number;
  log?: { warn(obj: object, msg: string): void };
}): Poller {
  const clock = options.clock ?? systemClock;
  return createPoller(() => syncAdWindows(options.db, clock()), {
    pollMs: options.pollMs ?? AD_WINDOW_SWEEP_MS,
    onError: (error) => options.log?.warn({ err: String(error) }, "the ad window sweep failed"),
  });
}

export function createAdService(deps: { db: Db; readModel?: CatalogueReadModel; clock?: Clock }) {
  const { db } = deps;
  const clock = deps.clock ?? systemClock;
  const model = deps.readModel ?? new CatalogueReadModel(false);
  const service = {
    /** What the home page's hero shows. */
    async listActive(): Promise<Advertisement[]> {
      const rows = await db
        .select()
        .from(advertisements)
        .where(and(eq(advertisements.isActive, true), inWindowAt(clock())))
        .orderBy(
          asc(advertisements.priority),
          desc(advertisements.createdAt),
          asc(advertisements.id),
        )
        .limit(MAX_HERO_ADS);
      return rows.map(toAdvertisement);
    },

    /** The same as ready bytes, kept by the read model until an ad changes. */
    activeBody(): Promise<ReadyBody> {
      return model.single("ads", ["ads"], () => service.listActive());
    },
  };
  return service;
}
export type AdService = ReturnType<typeof createAdService>;
