/** The sign-in redirect target (decisions.md §2: no open redirect). */
import { describe, expect, it } from "vitest";
import { DEFAULT_AFTER_SIGN_IN, safeRedirect } from "./auth.server";

describe("safeRedirect", () => {
  it.each([
    "/.//evil.com",
    "/./\\evil.com",
    "/a/..//evil.com",
    "/\\evil.com",
    "//evil.com",
    "/%2F%2Fevil.com",
    "/%2f/evil.com",
    "/%5Cevil.com",
    "https://evil.com",
    "http:/evil.com",
    "javascript:alert(1)",
    "/\t/evil.com",
    "/%09/evil.com",
    "/login",
    "/%6Cogin",
    "",
    undefined,
  ])("refuses %j (sends the shopper to the default page)", (target) => {
    expect(safeRedirect(target)).toBe(DEFAULT_AFTER_SIGN_IN);
  });

  it.each([
    ["/products?x=1", "/products?x=1"],
    ["/profile", "/profile"],
    ["/products/./shirts/../kurtas", "/products/kurtas"],
    ["/cart#summary", "/cart#summary"],
  ])("keeps the same-site path %j", (target, expected) => {
    expect(safeRedirect(target)).toBe(expected);
  });
});
