import { DELIVERY_MESSAGES } from "@vastra/contracts";
import { describe, expect, it } from "vitest";
import { ValidationError } from "../errors.ts";
import { parseZoneCsv } from "./zones.ts";

/** The ValidationError parseZoneCsv throws for csv. */
async function refusal(csv: string): Promise<ValidationError> {
  try {
    await parseZoneCsv(csv);
  } catch (error) {
    if (error instanceof ValidationError) return error;
    throw error;
  }
  throw new Error("expected the CSV to be refused");
}

describe("reading the admin's CSV of served PINs", () => {
  it("reads PINs and prefixes with their zone, transit days and COD", async () => {
    const rows = await parseZoneCsv(
      "\uFEFFpin,zone,transit_days,cod\r\n560001,Metro,2,y\r\n\r\n 79 , North East , 7 , N \r\n",
    );
    expect(rows).toEqual([
      { pattern: "560001", zone: "Metro", transitDays: 2, codAllowed: true, serviceable: true },
      { pattern: "79", zone: "North East", transitDays: 7, codAllowed: false, serviceable: true },
    ]);
  });

  it("takes the columns in any order and case, with the optional serviceable column", async () => {
    const rows = await parseZoneCsv(
      'Zone,COD,Serviceable,PIN,Transit Days\nIslands,,n,744,\n"Hills, far",yes,yes,1946,6\n',
    );
    expect(rows).toEqual([
      { pattern: "744", zone: "Islands", transitDays: 0, codAllowed: false, serviceable: false },
      { pattern: "1946", zone: "Hills, far", transitDays: 6, codAllowed: true, serviceable: true },
    ]);
  });

  it("names every bad row by its line, and imports none", async () => {
    const error = await refusal(
      [
        "pin,zone,transit_days,cod",
        "560001,Metro,2,y", // line 2: fine
        "056001,Metro,2,y", // 3: starts with 0
        "5600011,Metro,2,y", // 4: 7 digits
        "400050,,2,y", // 5: no zone
        "400051,West,31,y", // 6: too many days
        "400052,West,two,y", // 7: not a number
        "400053,West,2,maybe", // 8: COD neither y nor n
        "560001,Metro,3,n", // 9: listed twice
        "400054,West,2", // 10: a value missing
      ].join("\n"),
    );
    expect(error.status).toBe(400);
    expect(error.message).toBe(DELIVERY_MESSAGES.csvRows(8));
    expect(error.errors).toEqual({
      "line 3": expect.stringMatching(/^The PIN must be 6 digits, or a prefix/),
      "line 4": expect.stringMatching(/^The PIN must be 6 digits/),
      "line 5": "The zone needs a name of 1 to 40 characters",
      "line 6": "Transit days must be a whole number from 0 to 30",
      "line 7": "Transit days must be a whole number from 0 to 30",
      "line 8": "COD must be y or n",
      "line 9": "560001 is already listed on line 2",
      "line 10": "Expected 4 values, found 3",
    });
  });

  it("refuses a file without the columns' names, or without rows", async () => {
    expect((await refusal("560001,Metro,2,y\n400050,West,3,n")).errors).toEqual({
      csv: DELIVERY_MESSAGES.csvColumns,
    });
    expect((await refusal("pin,zone,transit_days,cod\n")).errors).toEqual({
      csv: DELIVERY_MESSAGES.csvEmpty,
    });
    expect((await refusal("")).errors).toEqual({ csv: DELIVERY_MESSAGES.csvEmpty });
  });

  it("refuses what is not CSV, saying where", async () => {
    const error = await refusal('pin,zone,transit_days,cod\n560001,"Metro,2,y\n');
    expect(error.message).toBe(DELIVERY_MESSAGES.csvUnreadable);
    expect(Object.keys(error.errors ?? {})[0]).toMatch(/^line \d+$/);
  });
});
