import { describe, expect, it } from "vitest";
import { roundChart, sizeChartSchema } from "./size-charts.ts";
import { cmToInches, FIT_MIN_ANSWERS, fitSummary, formatMeasurement } from "./size-fit.ts";

describe("size charts: cm and inches", () => {
  it("inches are cm / 2.54, one decimal", () => {
    expect(cmToInches(2.54)).toBe(1);
    expect(cmToInches(91)).toBe(35.8);
    expect(cmToInches(76)).toBe(29.9);
    expect(cmToInches(300)).toBe(118.1);
    expect(formatMeasurement(86, "cm")).toBe("86");
    expect(formatMeasurement(86, "in")).toBe("33.9");
    expect(formatMeasurement(101.6, "in")).toBe("40");
  });

  it("stores values to a millimetre and keeps 0 < cm ≤ 300", () => {
    const ok = sizeChartSchema.parse({
      columns: [" Bust "],
      rows: [{ size: "M", values: [91.46] }],
    });
    expect(roundChart(ok)).toEqual({ columns: ["Bust"], rows: [{ size: "M", values: [91.5] }] });
    expect(
      sizeChartSchema.safeParse({ columns: ["Bust"], rows: [{ size: "M", values: [300] }] })
        .success,
    ).toBe(true);
    expect(
      sizeChartSchema.safeParse({ columns: ["Bust"], rows: [{ size: "M", values: [300.1] }] })
        .success,
    ).toBe(false);
    expect(
      sizeChartSchema.safeParse({ columns: ["Bust"], rows: [{ size: "M", values: [0] }] }).success,
    ).toBe(false);
  });
});

describe("fit summary", () => {
  it(`is shown from ${FIT_MIN_ANSWERS} answers`, () => {
    expect(fitSummary(null)).toBeNull();
    expect(fitSummary({ runsSmall: 1, trueToSize: 2, runsLarge: 1 })).toBeNull();
    expect(fitSummary({ runsSmall: 1, trueToSize: 3, runsLarge: 1 })?.text).toBe(
      "Fit: 60 % true to size (5)",
    );
  });

  it("72 % of 58, as the issue shows", () => {
    expect(fitSummary({ runsSmall: 8, trueToSize: 42, runsLarge: 8 })?.text).toBe(
      "Fit: 72 % true to size (58)",
    );
  });

  it("advises one size up or down at a lead of 20 points or more", () => {
    expect(fitSummary({ runsSmall: 3, trueToSize: 6, runsLarge: 1 })?.advice).toBe(
      "Consider one size up",
    );
    expect(fitSummary({ runsSmall: 1, trueToSize: 6, runsLarge: 3 })?.advice).toBe(
      "Consider one size down",
    );
    expect(fitSummary({ runsSmall: 2, trueToSize: 7, runsLarge: 1 })?.advice).toBeNull();
  });
});
