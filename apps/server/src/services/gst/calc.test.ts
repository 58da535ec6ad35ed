/** GST arithmetic without the database (record 0037): years, slabs, splits, words, GSTINs. */
import {
  GST_MESSAGES,
  gstinCheckCharacter,
  gstinProblem,
  taxSettingsSchema,
} from "@vastra/contracts";
import { describe, expect, it } from "vitest";
import { documentNumber, financialYearOf, type RateSlab, rateFor, splitInclusive } from "./calc.ts";
import { indianNumberInWords, rupeesInWords } from "./words.ts";

const APPAREL: RateSlab[] = [
  { effectiveFrom: "2017-07-01", maxUnitTaxablePaise: 100_000, rateBp: 500 },
  { effectiveFrom: "2017-07-01", maxUnitTaxablePaise: null, rateBp: 1200 },
  { effectiveFrom: "2025-09-22", maxUnitTaxablePaise: 250_000, rateBp: 500 },
  { effectiveFrom: "2025-09-22", maxUnitTaxablePaise: null, rateBp: 1800 },
];

describe("financial year", () => {
  it("starts on 1 April in India, whatever the UTC date", () => {
    // 31 March 2026 23:59 IST is 18:29 UTC: still 25-26.
    expect(financialYearOf(new Date("2026-03-31T18:29:59Z"))).toBe("25-26");
    // 1 April 2026 00:00 IST is 31 March 18:30 UTC: already 26-27.
    expect(financialYearOf(new Date("2026-03-31T18:30:00Z"))).toBe("26-27");
    expect(financialYearOf(new Date("2026-11-26T10:00:00Z"))).toBe("26-27");
    expect(financialYearOf(new Date("2100-01-15T10:00:00Z"))).toBe("99-00");
  });

  it("numbers documents in at most 16 characters", () => {
    expect(documentNumber("INV", "25-26", 123)).toBe("INV/25-26/000123");
    expect(documentNumber("INV", "25-26", 999_999)).toHaveLength(16);
    expect(documentNumber("CN", "25-26", 7)).toBe("CN/25-26/000007");
    expect(() => documentNumber("INV", "25-26", 1_000_000)).toThrow(/full/);
  });
});

describe("apparel rate by price per piece", () => {
  const today = "2026-11-26";
  it("is 5% up to ₹2,500 before tax (₹2,625 with 5%), 18% above", () => {
    expect(rateFor(APPAREL, today, 262_500)).toBe(500);
    expect(rateFor(APPAREL, today, 262_501)).toBe(1800);
    expect(rateFor(APPAREL, today, 99_900)).toBe(500);
    expect(rateFor(APPAREL, today, 499_900)).toBe(1800);
  });

  it("follows the rates in force on the day: ₹1,000 and 12% before 22 September 2025", () => {
    expect(rateFor(APPAREL, "2025-09-21", 150_000)).toBe(1200);
    expect(rateFor(APPAREL, "2025-09-22", 150_000)).toBe(500);
    expect(rateFor(APPAREL, "2025-09-21", 105_000)).toBe(500);
  });
});

describe("tax out of a GST-inclusive price, rounded per line", () => {
  it("splits CGST and SGST equally within the state", () => {
    // ₹1,050 at 5%: ₹1,000 + ₹25 + ₹25.
    expect(splitInclusive(105_000, 500, true)).toEqual({
      taxablePaise: 100_000,
      cgstPaise: 2_500,
      sgstPaise: 2_500,
      igstPaise: 0,
      totalPaise: 105_000,
    });
  });

  it("charges IGST across states, and the parts always add up to the price", () => {
    expect(splitInclusive(105_000, 500, false)).toEqual({
      taxablePaise: 100_000,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 5_000,
      totalPaise: 105_000,
    });
    for (const price of [99_999, 129_900, 333_333, 1]) {
      for (const intra of [true, false]) {
        const t = splitInclusive(price, 1800, intra);
        expect(t.taxablePaise + t.cgstPaise + t.sgstPaise + t.igstPaise).toBe(price);
        expect(t.cgstPaise).toBe(t.sgstPaise);
      }
    }
    // ₹1,299 at 5%: 1299 × 5/105 = ₹61.857… → ₹61.86 IGST; halves ₹30.93 each.
    expect(splitInclusive(129_900, 500, false).igstPaise).toBe(6_186);
    expect(splitInclusive(129_900, 500, true).cgstPaise).toBe(3_093);
  });
});

describe("amounts in words (Indian numbering)", () => {
  it("uses thousand, lakh and crore", () => {
    expect(rupeesInWords(12_345_678)).toBe(
      "Rupees One Lakh Twenty-Three Thousand Four Hundred Fifty-Six and Seventy-Eight Paise Only",
    );
    expect(rupeesInWords(123_456_789_00)).toBe(
      "Rupees Twelve Crore Thirty-Four Lakh Fifty-Six Thousand Seven Hundred Eighty-Nine Only",
    );
    expect(rupeesInWords(100)).toBe("Rupees One Only");
    expect(rupeesInWords(5)).toBe("Rupees Zero and Five Paise Only");
    expect(indianNumberInWords(100_000)).toBe("One Lakh");
    expect(indianNumberInWords(10_000_000)).toBe("One Crore");
    expect(indianNumberInWords(1_000_00_00_000)).toBe("One Thousand Crore");
    expect(indianNumberInWords(2_00_05_010)).toBe("Two Crore Five Thousand Ten");
  });
});

describe("GSTIN", () => {
  it("accepts a GSTIN whose check character matches (mod 36)", () => {
    expect(gstinCheckCharacter("27AAPFU0939F1Z")).toBe("V");
    expect(gstinProblem("27AAPFU0939F1ZV")).toBeUndefined();
    expect(gstinProblem(" 29aagcb7383j1z4 ")).toBeUndefined();
    expect(gstinProblem("27AAPFU0939F1ZV", { code: "27", name: "Maharashtra" })).toBeUndefined();
  });

  it("says what is wrong: length, format, state code, check character, other state", () => {
    expect(gstinProblem("27AAPFU0939F1Z")).toBe(GST_MESSAGES.gstinLength);
    expect(gstinProblem("27AAPFU0939F1XV")).toBe(GST_MESSAGES.gstinFormat);
    expect(gstinProblem("99AAPFU0939F1ZV")).toBe(GST_MESSAGES.gstinState("99"));
    expect(gstinProblem("27AAPFU0939F1ZW")).toBe(GST_MESSAGES.gstinCheck);
    expect(gstinProblem("27AAPFU0939F1ZV", { code: "29", name: "Karnataka" })).toBe(
      "This GSTIN is registered in state code 27 (Maharashtra), but the state chosen is Karnataka",
    );
  });

  it("is checked against the chosen state in the tax settings", () => {
    const base = {
      legalName: "Vastra Retail Private Limited",
      address: {
        line1: "Shop 12",
        line2: "",
        city: "Bengaluru",
        state: "karnataka",
        pincode: "560001",
      },
    };
    const ok = taxSettingsSchema.safeParse({ ...base, gstin: "29AAGCB7383J1Z4" });
    expect(ok.success && ok.data.address.state).toBe("Karnataka");
    const mismatch = taxSettingsSchema.safeParse({ ...base, gstin: "27AAPFU0939F1ZV" });
    expect(mismatch.success).toBe(false);
    expect(mismatch.error?.issues[0]?.path).toEqual(["gstin"]);
    const badState = taxSettingsSchema.safeParse({
      ...base,
      address: { ...base.address, state: "Bombay" },
      gstin: "29AAGCB7383J1Z4",
    });
    expect(badState.error?.issues.map((i) => i.message)).toContain(GST_MESSAGES.state);
  });
});
