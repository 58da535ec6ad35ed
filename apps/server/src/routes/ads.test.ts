import { type Advertisement, MAX_HERO_ADS } from "@vastra/contracts";
import { describe, expect, it } from "vitest";
import { createUser } from "../../test/factories.ts";
import { buildTestApp } from "../../test/helpers.ts";
import { advertisements } from "../db/schema.ts";

const { app, database } = await buildTestApp();
const db = database.db;

const at = (minute: number) => new Date(Date.UTC(2026, 10, 1, 9, minute));

async function ad(title: string, values: Partial<typeof advertisements.$inferInsert> = {}) {
  const [row] = await db
    .insert(advertisements)
    .values({
      title,
      imageUrl: `/images/${title.toLowerCase().replace(/\W+/g, "-")}.webp`,
      ...values,
    })
    .returning();
  return row!;
}

const active = () => app.inject({ method: "GET", url: "/api/admin/advertisements/active" });

describe("GET /api/admin/advertisements/active", () => {
  it("is empty when there are no advertisements", async () => {
    const res = await active();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it("shows a guest the active ads, lowest priority number first, then the newest, at most 4", async () => {
    await ad("Diwali Sale", { priority: 3, createdAt: at(1) });
    const wedding = await ad("Wedding Edit", {
      priority: 1,
      createdAt: at(2),
      description: "Lehengas and sherwanis",
      buttonText: "Explore",
      buttonLink: "/products?category=Festive%20Wear&sort=popular",
      targetPage: "shop-filters",
      shopFilters: { category: "Festive Wear", sortBy: "popular", ignored: 42 },
    });
    await ad("Monsoon Picks", { priority: 2, createdAt: at(3) });
    await ad("New Arrivals", { priority: 1, createdAt: at(4) });
    await ad("Clearance", { priority: 5, createdAt: at(5) });
    await ad("Hidden Summer Ad", { priority: 1, createdAt: at(6), isActive: false });

    const res = await active();
    expect(res.statusCode).toBe(200);
    const list = res.json() as Advertisement[];
    expect(list).toHaveLength(MAX_HERO_ADS);
    expect(list.map((a) => a.title)).toEqual([
      "New Arrivals",
      "Wedding Edit",
      "Monsoon Picks",
      "Diwali Sale",
    ]);
    expect(list.every((a) => a.isActive)).toBe(true);
    expect(list[1]).toEqual({
      _id: wedding.id,
      title: "Wedding Edit",
      description: "Lehengas and sherwanis",
      imageUrl: "/images/wedding-edit.webp",
      buttonText: "Explore",
      buttonLink: "/products?category=Festive%20Wear&sort=popular",
      targetPage: "shop-filters",
      shopFilters: { category: "Festive Wear", sortBy: "popular" },
      isActive: true,
      priority: 1,
      createdAt: at(2).toISOString(),
      startDate: null,
      endDate: null,
    });
    // Defaults a new ad gets.
    expect(list[0]).toMatchObject({
      buttonText: "Shop Now",
      buttonLink: "/products",
      shopFilters: {},
    });
  });

  it("never shows an inactive ad, and answers signed-in shoppers the same", async () => {
    const shopper = await createUser(db);
    const res = await app.inject({
      method: "GET",
      url: "/api/admin/advertisements/active",
      headers: { cookie: shopper.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect((res.json() as Advertisement[]).map((a) => a.title)).not.toContain("Hidden Summer Ad");
    expect(res.json()).toEqual((await active()).json());
  });
});
