/**
 * Advertisements, read side: the active ones the home page's hero shows (priority ascending, then
 * newest, at most MAX_HERO_ADS), kept by the catalogue read model.
 */
import { type Advertisement, MAX_HERO_ADS } from "@vastra/contracts";
import { asc, desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { advertisements } from "../../db/schema.ts";
import { CatalogueReadModel, type ReadyBody } from "../catalogue/read-model.ts";

type AdRow = typeof advertisements.$inferSelect;
const SHOP_FILTER_KEYS = ["category", "gender", "priceRange", "sortBy"] as const;

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
  };
}

export function createAdService(deps: { db: Db; readModel?: CatalogueReadModel }) {
  const { db } = deps;
  const model = deps.readModel ?? new CatalogueReadModel(false);
  const service = {
    /** What the home page's hero shows. */
    async listActive(): Promise<Advertisement[]> {
      const rows = await db
        .select()
        .from(advertisements)
        .where(eq(advertisements.isActive, true))
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
