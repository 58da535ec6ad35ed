import { describe, expect, it } from "vitest";
import { isUuid } from "./ids.ts";

describe("isUuid", () => {
  it("takes a UUID in either case and nothing else", () => {
    expect(isUuid("0b5c6a1e-8f3d-4c2a-9e7b-1d2f3a4b5c6d")).toBe(true);
    expect(isUuid("0B5C6A1E-8F3D-4C2A-9E7B-1D2F3A4B5C6D")).toBe(true);
    expect(isUuid("0b5c6a1e8f3d4c2a9e7b1d2f3a4b5c6d")).toBe(false);
    expect(isUuid("0b5c6a1e-8f3d-4c2a-9e7b-1d2f3a4b5c6d ")).toBe(false);
    expect(isUuid("' or 1=1 --")).toBe(false);
    expect(isUuid("")).toBe(false);
  });
});
