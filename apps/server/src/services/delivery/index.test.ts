import { DEFAULT_DELIVERY_SETTINGS, PIN_MESSAGES } from "@vastra/contracts";
import { describe, expect, it } from "vitest";
import { createTestClock, setupTestDatabase } from "../../../test/helpers.ts";
import { ValidationError } from "../errors.ts";
import { replaceDirectory } from "./directory.ts";
import { assertDeliverable, createDeliveryService, VERSION_CHECK_MS } from "./index.ts";

const database = await setupTestDatabase();
const db = database.db;
// Monday 30 November 2026, 10:00 in India.
const clock = createTestClock("2026-11-30T10:00:00+05:30");
const delivery = createDeliveryService({ db, clock });

/** A few real PINs (the whole directory is directory.test.ts's business). */
await replaceDirectory(
  db,
  [
    {
      pin: "110001",
      areas: ["Baroda House", "Janpath"],
      district: "Central Delhi",
      stateCode: "07",
    },
    { pin: "194101", areas: ["Leh"], district: "Leh", stateCode: "38" },
    { pin: "400050", areas: ["Bandra West"], district: "Mumbai", stateCode: "27" },
    {
      pin: "560001",
      areas: ["Bangalore", "Vidhana Soudha"],
      district: "Bangalore",
      stateCode: "29",
    },
    { pin: "560025", areas: ["Richmond Town"], district: "Bangalore", stateCode: "29" },
    { pin: "744101", areas: ["Port Blair"], district: "South Andaman", stateCode: "35" },
  ],
  "test-fixture",
);

const ZONES = [
  "pin,zone,transit_days,cod,serviceable",
  "5,South,3,y,y",
  "56,Bengaluru,1,y,y",
  "400050,Bandra,2,n,y",
  "744,Islands,,,n",
].join("\n");

describe("looking up a PIN", () => {
  it("names its areas, district and state with the GST code; by default it is served", async () => {
    expect(await delivery.check("400050")).toEqual({
      pin: "400050",
      known: true,
      areas: ["Bandra West"],
      district: "Mumbai",
      state: { code: "27", name: "Maharashtra" },
      serviceable: true,
      codAvailable: true,
      zone: null,
      transitDays: 5,
      // Mon handled, Tue dispatched, 5 working days: Wed, Thu, Fri, Sat, (Sun), Mon.
      deliveryBy: "2026-12-07",
      message: "Delivery by Mon, 7 Dec",
    });
    expect((await delivery.check("194101")).state).toEqual({ code: "38", name: "Ladakh" });
  });

  it("refuses a PIN India Post does not know, unless the store lists it whole", async () => {
    const unknown = await delivery.check("999999");
    expect(unknown).toMatchObject({
      known: false,
      areas: [],
      district: null,
      state: null,
      serviceable: false,
      codAvailable: false,
      deliveryBy: null,
      message: PIN_MESSAGES.unknown("999999"),
    });
    await delivery.importZones("pin,zone,transit_days,cod\n999999,New PINs,4,n", "merge");
    expect(await delivery.check("999999")).toMatchObject({
      known: false,
      serviceable: true,
      codAvailable: false,
      zone: "New PINs",
      deliveryBy: "2026-12-05",
    });
    // A prefix does not vouch for a PIN nobody knows.
    await delivery.importZones("pin,zone,transit_days,cod\n99,Nine,2,y", "replace");
    expect((await delivery.check("999999")).serviceable).toBe(false);
  });
});

describe("the store's list decides: the PIN's own row, else its longest prefix, else the default", () => {
  it("applies each rule", async () => {
    const reply = await delivery.importZones(ZONES, "replace");
    expect(reply).toMatchObject({ imported: 4, total: 4 });

    // "56" is longer than "5".
    expect(await delivery.check("560001")).toMatchObject({
      zone: "Bengaluru",
      transitDays: 1,
      serviceable: true,
      codAvailable: true,
      deliveryBy: "2026-12-02",
      message: "Delivery by Wed, 2 Dec",
    });
    // Its own row: served in 2 days without COD.
    expect(await delivery.check("400050")).toMatchObject({
      zone: "Bandra",
      transitDays: 2,
      codAvailable: false,
      deliveryBy: "2026-12-03",
    });
    // A prefix the store does not serve.
    expect(await delivery.check("744101")).toMatchObject({
      known: true,
      district: "South Andaman",
      zone: "Islands",
      serviceable: false,
      codAvailable: false,
      transitDays: null,
      deliveryBy: null,
      message: PIN_MESSAGES.notServed("744101"),
    });
    // No row: the default (5 days, COD).
    expect(await delivery.check("110001")).toMatchObject({
      zone: null,
      serviceable: true,
      codAvailable: true,
      transitDays: 5,
    });
  });

  it("a PIN's own row can serve a PIN inside a prefix that is not served", async () => {
    await delivery.importZones("pin,zone,transit_days,cod\n744101,Port Blair,6,n", "merge");
    expect(await delivery.check("744101")).toMatchObject({
      zone: "Port Blair",
      serviceable: true,
      codAvailable: false,
      transitDays: 6,
    });
    expect((await delivery.listZones({ page: 1 })).total).toBe(5);
    expect(
      (await delivery.listZones({ prefix: "74", page: 1 })).items.map((z) => z.pattern),
    ).toEqual(["744", "744101"]);
  });

  it("the settings' defaults apply to unlisted PINs: not served, or served without COD", async () => {
    await delivery.updateSettings({ ...DEFAULT_DELIVERY_SETTINGS, serveUnlistedPins: false });
    expect(await delivery.check("110001")).toMatchObject({
      serviceable: false,
      message: PIN_MESSAGES.notServed("110001"),
    });
    // Listed PINs are still served.
    expect((await delivery.check("560025")).serviceable).toBe(true);
    await delivery.updateSettings({
      ...DEFAULT_DELIVERY_SETTINGS,
      codForUnlistedPins: false,
      defaultTransitDays: 2,
    });
    expect(await delivery.check("110001")).toMatchObject({
      serviceable: true,
      codAvailable: false,
      deliveryBy: "2026-12-03",
    });
  });
});

describe("the promise follows the clock and the settings", () => {
  it("moves after the cut-off, and over holidays", async () => {
    await delivery.importZones(ZONES, "replace");
    await delivery.updateSettings(DEFAULT_DELIVERY_SETTINGS);
    expect((await delivery.check("560001")).deliveryBy).toBe("2026-12-02");
    clock.set("2026-11-30T14:00:00+05:30");
    expect((await delivery.check("560001")).deliveryBy).toBe("2026-12-03");
    await delivery.updateSettings({
      ...DEFAULT_DELIVERY_SETTINGS,
      cutoffHour: 16,
      holidays: [{ date: "2026-12-01", name: "Local festival" }],
    });
    // Before the new cut-off: Mon handled, (Tue holiday), Wed dispatched, Thu.
    expect((await delivery.check("560001")).deliveryBy).toBe("2026-12-03");
    clock.set("2026-11-30T10:00:00+05:30");
    await delivery.updateSettings(DEFAULT_DELIVERY_SETTINGS);
  });
});

describe("the cache", () => {
  it("is dropped at once by a change in this process", async () => {
    await delivery.importZones(ZONES, "replace");
    expect((await delivery.check("560025")).zone).toBe("Bengaluru");
    await delivery.importZones("pin,zone,transit_days,cod\n560025,Richmond,2,n", "merge");
    expect((await delivery.check("560025")).zone).toBe("Richmond");
  });

  it("sees another process's change within VERSION_CHECK_MS", async () => {
    const other = createDeliveryService({ db, clock });
    await delivery.importZones(ZONES, "replace");
    expect((await other.check("560025")).zone).toBe("Bengaluru");
    await delivery.importZones("pin,zone,transit_days,cod\n560025,Richmond,2,n", "merge");
    await new Promise((resolve) => setTimeout(resolve, VERSION_CHECK_MS + 50));
    expect((await other.check("560025")).zone).toBe("Richmond");
  });
});

describe("the checkout's check", () => {
  it("passes a served PIN and refuses the others on the given field with a clear message", async () => {
    await delivery.importZones(ZONES, "replace");
    const now = clock();
    // A served PIN answers with its check (the checkout reads codAvailable from it).
    await expect(
      assertDeliverable(db, "560001", "shippingAddress.pincode", now),
    ).resolves.toMatchObject({ pin: "560001", serviceable: true });
    const refused = await assertDeliverable(db, "744101", "shippingAddress.pincode", now).catch(
      (e: unknown) => e,
    );
    expect(refused).toBeInstanceOf(ValidationError);
    expect((refused as ValidationError).errors).toEqual({
      "shippingAddress.pincode": PIN_MESSAGES.notServed("744101"),
    });
    const unknown = await assertDeliverable(db, "999999", "user.address", now).catch(
      (e: unknown) => e,
    );
    expect((unknown as ValidationError).errors).toEqual({
      "user.address": PIN_MESSAGES.unknown("999999"),
    });
    const missing = await assertDeliverable(db, undefined, "user.address", now).catch(
      (e: unknown) => e,
    );
    expect((missing as ValidationError).errors).toEqual({ "user.address": PIN_MESSAGES.invalid });
  });
});
