/**
 * Advertisements' windows and link picker (issue #16, record 0042): an ad shows only from its first
 * day (00:00 IST) through its last (23:59 IST); the cached home answer changes when a window opens
 * or closes, without any edit (the sweeper's write); the button links to a category or a product
 * picked by id, each checked; bad dates are refused with a clear message and change nothing.
 */
import { AD_MESSAGES, type Advertisement } from "@vastra/contracts";
import { describe, expect, it } from "vitest";
import { createCategory, createProduct, createUser } from "../../test/factories.ts";
import { buildTestApp, createTestClock } from "../../test/helpers.ts";
import { advertisements } from "../db/schema.ts";
import { syncAdWindows } from "../services/ads/index.ts";

// 26 Nov 2026, 12:00 IST.
const clock = createTestClock("2026-11-26T06:30:00Z");
const { app, database } = await buildTestApp({ clock });
const db = database.db;
const admin = await createUser(db, { isAdmin: true, now: clock() });
const lehengas = await createCategory(db, "Lehengas");
const lehenga = await createProduct(db, { title: "Zari Lehenga", categories: [lehengas.id] });

const call = (method: "GET" | "POST" | "PUT", url: string, body?: object, cookie = admin.cookie) =>
  app.inject({
    method,
    url,
    headers: cookie ? { cookie } : {},
    ...(body ? { payload: body } : {}),
  });
const image = "/images/a1b2c3000000000000000000-w1280.webp";
const ad = (over: Record<string, unknown>) => ({ title: "Ad", imageUrl: image, ...over });
async function create(over: Record<string, unknown>): Promise<Advertisement> {
  const res = await call("POST", "/api/admin/advertisements", ad(over));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ advertisement: Advertisement }>().advertisement;
}
const shown = async () =>
  (await call("GET", "/api/admin/advertisements/active", undefined, ""))
    .json<Advertisement[]>()
    .map((a) => a.title)
    .sort();
const count = async () => (await db.select().from(advertisements)).length;

describe("an ad's window", () => {
  it("shows an ad only within its India-time days, and the cached answer follows each edge", async () => {
    await create({ title: "Always" });
    const wedding = await create({
      title: "Winter Wedding Edit",
      startDate: "2026-11-27",
      endDate: "2026-11-28",
    });
    expect(wedding).toMatchObject({ startDate: "2026-11-27", endDate: "2026-11-28" });
    await create({ title: "Past", startDate: "2026-11-01", endDate: "2026-11-25" });
    await expect.poll(shown, { timeout: 3000 }).toEqual(["Always"]);

    // 23:59 IST on the 26th: not yet.
    clock.set("2026-11-26T18:29:00Z");
    await syncAdWindows(db, clock());
    await expect.poll(shown, { timeout: 3000 }).toEqual(["Always"]);

    // 00:00 IST on the 27th: no edit happened, the sweep's write retires the cached answer (on
    // PostgreSQL its notice arrives a moment later: polled).
    clock.set("2026-11-26T18:30:00Z");
    expect(await syncAdWindows(db, clock())).toBe(1);
    await expect.poll(shown, { timeout: 3000 }).toEqual(["Always", "Winter Wedding Edit"]);
    // A second sweep (another server) writes nothing.
    expect(await syncAdWindows(db, clock())).toBe(0);

    // 23:59 IST on the 28th, the last day: still shown; 00:00 IST on the 29th: gone.
    clock.set("2026-11-28T18:29:59Z");
    await syncAdWindows(db, clock());
    await expect.poll(shown, { timeout: 3000 }).toEqual(["Always", "Winter Wedding Edit"]);
    clock.set("2026-11-28T18:30:00Z");
    expect(await syncAdWindows(db, clock())).toBe(1);
    await expect.poll(shown, { timeout: 3000 }).toEqual(["Always"]);

    // The admin still lists every ad, with its days.
    const all = (await call("GET", "/api/admin/advertisements")).json<Advertisement[]>();
    expect(all.map((a) => [a.title, a.startDate, a.endDate]).sort()).toEqual([
      ["Always", null, null],
      ["Past", "2026-11-01", "2026-11-25"],
      ["Winter Wedding Edit", "2026-11-27", "2026-11-28"],
    ]);
  });

  it("refuses a date that is not a day, or a last day before the first, and saves nothing", async () => {
    const before = await count();
    const bad = await call(
      "POST",
      "/api/admin/advertisements",
      ad({ startDate: "2026-02-30", endDate: "next week" }),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({
      startDate: AD_MESSAGES.dateInvalid,
      endDate: AD_MESSAGES.dateInvalid,
    });
    const reversed = await call(
      "POST",
      "/api/admin/advertisements",
      ad({ startDate: "2026-12-10", endDate: "2026-12-01" }),
    );
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json()).toMatchObject({
      message: AD_MESSAGES.endBeforeStart,
      errors: { endDate: AD_MESSAGES.endBeforeStart },
    });
    expect(await count()).toBe(before);
  });

  it("clears a window when the dates are emptied", async () => {
    const edited = await create({ title: "Clearable", startDate: "2027-01-01" });
    const res = await call(
      "PUT",
      `/api/admin/advertisements/${edited._id}`,
      ad({ title: "Clearable", startDate: "", endDate: "" }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().advertisement).toMatchObject({ startDate: null, endDate: null });
    expect(await shown()).toContain("Clearable");
  });
});

describe("the link picker's targets", () => {
  it("links a category by its id and a product to its page", async () => {
    const toCategory = await create({
      targetPage: "category",
      shopFilters: { category: lehengas.id, gender: "Women" },
    });
    expect(toCategory.buttonLink).toBe(`/products?category=${lehengas.id}`);
    expect(toCategory.shopFilters).toEqual({ category: lehengas.id });
    const toProduct = await create({ targetPage: "product", shopFilters: { product: lehenga.id } });
    expect(toProduct.buttonLink).toBe(`/products/${lehenga.id}`);
    expect(toProduct.shopFilters).toEqual({ product: lehenga.id });
    const toContact = await create({ targetPage: "contact" });
    expect(toContact.buttonLink).toBe("/contact");
  });

  it("refuses a missing or unknown category or product, saving nothing", async () => {
    const before = await count();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ targetPage: "category" }, "shopFilters.category", AD_MESSAGES.categoryRequired],
      [
        {
          targetPage: "category",
          shopFilters: { category: "00000000-0000-4000-8000-000000000000" },
        },
        "shopFilters.category",
        AD_MESSAGES.categoryUnknown,
      ],
      [{ targetPage: "product" }, "shopFilters.product", AD_MESSAGES.productRequired],
      [
        { targetPage: "product", shopFilters: { product: "not-a-product" } },
        "shopFilters.product",
        AD_MESSAGES.productUnknown,
      ],
    ];
    for (const [over, field, message] of cases) {
      const res = await call("POST", "/api/admin/advertisements", ad(over));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().errors[field]).toBe(message);
    }
    expect(await count()).toBe(before);
  });
});
