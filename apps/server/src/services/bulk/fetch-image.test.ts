import { describe, expect, it } from "vitest";
import { checkRemoteAddress, fetchRemoteImage, isForbiddenAddress } from "./fetch-image.ts";

describe("pictures fetched for an import (SSRF guard)", () => {
  it("refuses loopback, private, link-local, metadata and mapped addresses; allows public ones", () => {
    for (const address of [
      "127.0.0.1",
      "10.1.2.3",
      "172.16.0.1",
      "192.168.1.10",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "::1",
      "::",
      "fe80::1",
      "fd00::1",
      "::ffff:127.0.0.1",
      "::ffff:7f00:1",
      "not an address",
    ]) {
      expect(isForbiddenAddress(address), address).toBe(true);
    }
    for (const address of ["8.8.8.8", "151.101.1.69", "2606:4700::6810:84e5"]) {
      expect(isForbiddenAddress(address), address).toBe(false);
    }
  });

  it("takes only plain https addresses on the standard port", () => {
    expect(() => checkRemoteAddress("http://example.com/a.jpg")).toThrow(
      "only https:// addresses are fetched",
    );
    expect(() => checkRemoteAddress("https://user:pw@example.com/a.jpg")).toThrow(
      "addresses with a password are refused",
    );
    expect(() => checkRemoteAddress("https://example.com:8443/a.jpg")).toThrow(
      "only the standard https port is used",
    );
    expect(() => checkRemoteAddress("https://[::1]/a.jpg")).toThrow(
      "private and local addresses are refused",
    );
    expect(() => checkRemoteAddress("https://metadata.internal/a.jpg")).toThrow(
      "private and local addresses are refused",
    );
    expect(checkRemoteAddress("https://cdn.example.com/a.jpg").hostname).toBe("cdn.example.com");
  });

  it("never connects to a private address, whatever the name", async () => {
    await expect(fetchRemoteImage("https://127.0.0.1/kurta.jpg")).rejects.toThrow(
      "private and local addresses are refused",
    );
    await expect(fetchRemoteImage("https://localhost/kurta.jpg")).rejects.toThrow(
      "private and local addresses are refused",
    );
  });
});
