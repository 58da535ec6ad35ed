import { readFileSync } from "node:fs";
import { twMerge } from "tailwind-merge";
import { describe, expect, it } from "vitest";
import { appClasses, CONFIG_FILE, generate } from "../../../scripts/tailwind-merge-config";
import { cn } from "./cn";

/**
 * cn() merges with tailwind-merge's default configuration cut to the app's class groups (record
 * 0053). It must merge the app's classes exactly as the full twMerge does, and its configuration
 * must be regenerated when the app starts to use classes of another kind.
 */
describe("cn", () => {
  it("is generated from the app's classes as they are now (else: node apps/web/scripts/tailwind-merge-config.ts)", () => {
    expect(readFileSync(CONFIG_FILE, "utf8")).toBe(generate());
  }, 30_000);

  it("merges every pair of the app's classes as the full tailwind-merge does", () => {
    const classes = appClasses();
    expect(classes.length).toBeGreaterThan(500);
    const differ: string[] = [];
    for (const a of classes) {
      for (const b of classes) {
        const pair = `${a} ${b}`;
        if (cn(pair) !== twMerge(pair))
          differ.push(`${pair} → ${cn(pair)} (twMerge: ${twMerge(pair)})`);
      }
    }
    expect(differ.slice(0, 20)).toEqual([]);
  }, 120_000);

  it("lets a later class override an earlier one of its kind, as the components' callers rely on", () => {
    expect(cn("h-9 px-3 text-sm", "px-2.5")).toBe("h-9 text-sm px-2.5");
    expect(cn("flex flex-col rounded-lg", "grid gap-0")).toBe("flex-col rounded-lg grid gap-0");
    expect(cn("bg-success-soft text-success", "bg-card")).toBe("text-success bg-card");
    expect(cn("text-base leading-relaxed", "text-sm")).toBe("text-sm");
    expect(cn("hover:text-primary", false, "hover:text-foreground")).toBe("hover:text-foreground");
  });
});
