/**
 * The store's hours are one setting (record 0035): the footer and the contact page read the same
 * list, and a store saved before it (with the old `footerHours`) keeps its own hours.
 */
import { DEFAULT_STORE_SETTINGS } from "@vastra/contracts";
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { buildTestApp } from "../../test/helpers.ts";
import { storeSettings } from "../db/schema.ts";
import { ensureStoreSettings, getStoreSettings } from "./store-settings.ts";

const { app, database } = await buildTestApp();
const db = database.db;

async function publicStore() {
  const res = await app.inject({ method: "GET", url: "/api/store" });
  expect(res.statusCode).toBe(200);
  return res.json();
}

it("has one list of hours, the footer's of storefront.md §1, and no second list", async () => {
  const store = await publicStore();
  expect(store.hours).toEqual([
    { days: "Mon-Sat", hours: "10:00 AM-8:00 PM" },
    { days: "Sun", hours: "12:00 PM-6:00 PM" },
  ]);
  expect(store).not.toHaveProperty("supportHours");
  expect(store).not.toHaveProperty("footerHours");
});

it("reads a store's older footerHours as its hours, and a stored hours list wins", async () => {
  await ensureStoreSettings(db);
  const { hours: _hours, ...rest } = DEFAULT_STORE_SETTINGS;
  const own = [{ days: "Every day", hours: "11:00 AM-9:00 PM" }];
  await db
    .update(storeSettings)
    .set({
      data: { ...rest, footerHours: own, supportHours: [{ days: "Sunday", hours: "Closed" }] },
    })
    .where(eq(storeSettings.id, 1));
  expect((await getStoreSettings(db)).hours).toEqual(own);

  const newer = [{ days: "Mon-Fri", hours: "9:00 AM-6:00 PM" }];
  await db
    .update(storeSettings)
    .set({ data: { ...rest, hours: newer, footerHours: own } })
    .where(eq(storeSettings.id, 1));
  expect((await getStoreSettings(db)).hours).toEqual(newer);
  await expect.poll(async () => (await publicStore()).hours, { timeout: 1000 }).toEqual(newer);
});
