import { describe, expect, it } from "vitest";
import { IDEMPOTENCY_KEY_MAX_LENGTH, isIdempotencyKey } from "./idempotency.ts";

describe("isIdempotencyKey", () => {
  it("takes 1 to 200 characters, nothing else", () => {
    expect(isIdempotencyKey("0b5c6a1e-8f3d-4c2a-9e7b-1d2f3a4b5c6d")).toBe(true);
    expect(isIdempotencyKey("k")).toBe(true);
    expect(isIdempotencyKey("k".repeat(IDEMPOTENCY_KEY_MAX_LENGTH))).toBe(true);
    expect(isIdempotencyKey("k".repeat(IDEMPOTENCY_KEY_MAX_LENGTH + 1))).toBe(false);
    expect(isIdempotencyKey("")).toBe(false);
    expect(isIdempotencyKey(undefined)).toBe(false);
    expect(isIdempotencyKey(["a", "b"])).toBe(false);
  });
});
