import { DEFAULT_STORE_INFO, DEFAULT_STORE_SETTINGS } from "@vastra/contracts";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { buildTestApp } from "../../test/helpers.ts";
import { storeSettings } from "../db/schema.ts";
import { ensureStoreSettings } from "../services/store-settings.ts";

const { app, database } = await buildTestApp();
const db = database.db;

async function getStore() {
  const res = await app.inject({ method: "GET", url: "/api/store" });
  expect(res.statusCode).toBe(200);
  return res.json();
}

describe("GET /api/store", () => {
  it("answers the default settings on a new database", async () => {
    expect(await getStore()).toEqual(DEFAULT_STORE_INFO);
    await ensureStoreSettings(db);
    await ensureStoreSettings(db);
    expect(await db.select().from(storeSettings)).toHaveLength(1);
    expect(await getStore()).toEqual(DEFAULT_STORE_INFO);
  });

  it("has the defaults the spec asks for: Mumbai address, vastra.example e-mail, ₹100 reward", async () => {
    const store = await getStore();
    expect(store.name).toBe("Vastra");
    expect(store.address.city).toBe("Mumbai");
    expect(store.address.pincode).toMatch(/^[1-9]\d{5}$/);
    expect(store.email).toMatch(/@vastra\.example$/);
    expect(store.phone).toMatch(/^\+91 [6-9]\d{4} \d{5}$/);
    expect(store.referralRewardRupees).toBe(100);
  });

  it("shows a stored change without a code change, keeping defaults for the rest", async () => {
    await ensureStoreSettings(db);
    await db
      .update(storeSettings)
      .set({
        data: { ...DEFAULT_STORE_SETTINGS, phone: "+91 99300 54321", referralRewardRupees: 150 },
      })
      .where(eq(storeSettings.id, 1));
    // A write behind the API's back reaches the store's cached settings by the database's notice:
    // at once on PGlite, within a moment on PostgreSQL.
    await expect.poll(getStore, { timeout: 1000 }).toEqual({
      ...DEFAULT_STORE_INFO,
      phone: "+91 99300 54321",
      referralRewardRupees: 150,
    });

    // A broken or missing stored value does not break the footer: that field falls back alone.
    await db
      .update(storeSettings)
      .set({ data: { name: "Vastra Mumbai", email: "not-an-email", address: { city: "Pune" } } })
      .where(eq(storeSettings.id, 1));
    await expect
      .poll(getStore, { timeout: 1000 })
      .toEqual({ ...DEFAULT_STORE_INFO, name: "Vastra Mumbai" });
  });
});
