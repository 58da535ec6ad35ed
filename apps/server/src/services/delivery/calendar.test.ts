import { afterEach, describe, expect, it } from "vitest";
import { deliveryDate, indiaNow } from "./calendar.ts";

// The week of 30 November 2026: Mon 30, Tue 1 Dec, Wed 2, Thu 3, Fri 4, Sat 5, Sun 6, Mon 7.
const RULES = { cutoffHour: 14, handlingDays: 1, holidays: [] as string[] };
/** An instant given as India's wall-clock time. */
const ist = (local: string) => new Date(`${local}+05:30`);

describe("India's date and hour", () => {
  it("are read in Asia/Kolkata, across midnight", () => {
    expect(indiaNow(new Date("2026-11-30T18:45:00Z"))).toEqual({ date: "2026-12-01", hour: 0 });
    expect(indiaNow(new Date("2026-11-30T08:29:59Z"))).toEqual({ date: "2026-11-30", hour: 13 });
    expect(indiaNow(new Date("2026-11-30T08:30:00Z"))).toEqual({ date: "2026-11-30", hour: 14 });
  });
});

describe("the promised day", () => {
  it("before the cut-off: handling starts the same day", () => {
    // Mon: handled, Tue: dispatched, Wed + Thu in transit.
    expect(deliveryDate(ist("2026-11-30T10:00"), RULES, 2)).toBe("2026-12-03");
    expect(deliveryDate(ist("2026-11-30T13:59"), RULES, 2)).toBe("2026-12-03");
  });

  it("at and after the cut-off hour: handling starts the next working day", () => {
    expect(deliveryDate(ist("2026-11-30T14:00"), RULES, 2)).toBe("2026-12-04");
    expect(deliveryDate(ist("2026-11-30T23:59"), RULES, 2)).toBe("2026-12-04");
  });

  it("skips Sundays in handling and in transit", () => {
    // Fri: handled, Sat: dispatched, (Sun), Mon + Tue in transit.
    expect(deliveryDate(ist("2026-12-04T10:00"), RULES, 2)).toBe("2026-12-08");
    // Sat after the cut-off and all of Sunday: handling starts on Monday.
    expect(deliveryDate(ist("2026-12-05T15:00"), RULES, 2)).toBe("2026-12-10");
    expect(deliveryDate(ist("2026-12-06T09:00"), RULES, 2)).toBe("2026-12-10");
  });

  it("skips listed holidays like Sundays, and never promises one", () => {
    const withHoliday = { ...RULES, holidays: ["2026-12-04"] };
    // Thu: handled, (Fri holiday), Sat: dispatched, (Sun), Mon + Tue.
    expect(deliveryDate(ist("2026-12-03T10:00"), RULES, 2)).toBe("2026-12-07");
    expect(deliveryDate(ist("2026-12-03T10:00"), withHoliday, 2)).toBe("2026-12-08");
    // An order on the holiday itself waits like one on a Sunday.
    expect(deliveryDate(ist("2026-12-04T09:00"), withHoliday, 0)).toBe("2026-12-07");
    // A transit ending on the holiday moves to the next working day.
    expect(deliveryDate(ist("2026-12-02T10:00"), RULES, 1)).toBe("2026-12-04");
    expect(deliveryDate(ist("2026-12-02T10:00"), withHoliday, 1)).toBe("2026-12-05");
  });

  it("no handling or transit days before the cut-off: today", () => {
    const sameDay = { ...RULES, handlingDays: 0 };
    expect(deliveryDate(ist("2026-11-30T09:00"), sameDay, 0)).toBe("2026-11-30");
    expect(deliveryDate(ist("2026-11-30T15:00"), sameDay, 0)).toBe("2026-12-01");
  });

  it("crosses months and years", () => {
    expect(deliveryDate(ist("2026-12-31T10:00"), RULES, 3)).toBe("2027-01-05");
  });

  describe("whatever the server's own time zone", () => {
    const original = process.env.TZ;
    afterEach(() => {
      process.env.TZ = original;
    });

    it("uses India's hour for the cut-off (14:30 IST is 09:00 UTC)", () => {
      for (const zone of ["UTC", "America/New_York", "Asia/Tokyo"]) {
        process.env.TZ = zone;
        expect(deliveryDate(new Date("2026-11-30T09:00:00Z"), RULES, 2), zone).toBe("2026-12-04");
        expect(deliveryDate(new Date("2026-11-30T08:00:00Z"), RULES, 2), zone).toBe("2026-12-03");
      }
    });
  });
});
