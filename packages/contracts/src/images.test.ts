import { describe, expect, it } from "vitest";
import { publicImageUrl } from "./images.ts";

describe("publicImageUrl", () => {
  it("puts a stored image under the CDN's base, and leaves it with the store without one", () => {
    const stored = "/images/0123456789abcdef01234567-w640.webp";
    expect(publicImageUrl(stored, "https://cdn.example.in/img")).toBe(
      "https://cdn.example.in/img/0123456789abcdef01234567-w640.webp",
    );
    expect(publicImageUrl(stored, undefined)).toBe(stored);
  });

  it("leaves every other URL as it is", () => {
    for (const url of ["/placeholder.svg", "/favicon.svg", "https://example.com/a.jpg", "blob:x"]) {
      expect(publicImageUrl(url, "https://cdn.example.in")).toBe(url);
    }
  });
});
