import { describe, expect, it, vi } from "vitest";
import { createProduct, createUser } from "../../test/factories.ts";
import { buildTestApp, createTestClock } from "../../test/helpers.ts";
import { SITEMAP_TTL_MS } from "../services/seo/sitemap.ts";

const PUBLIC_URL = "https://shop.vastra.example";
const clock = createTestClock("2026-11-25T10:00:00Z");
const { app, database } = await buildTestApp({ clock, config: { publicUrl: PUBLIC_URL } });
const db = database.db;
const admin = await createUser(db, { isAdmin: true, now: clock() });

const get = (url: string, host = "evil.example") =>
  app.inject({ method: "GET", url, headers: { host } });
/** Every <loc> of a sitemap. */
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);

describe("/robots.txt", () => {
  it("names the sitemap on PUBLIC_URL whatever Host the request carries", async () => {
    const res = await get("/robots.txt");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/plain");
    expect(res.body).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
    expect(res.body).toContain("Disallow: /admin");
    expect(res.body).not.toContain("evil.example");
    expect(res.headers["cache-control"]).toMatch(/max-age=\d+/);
  });
});

describe("/sitemap.xml", () => {
  it("lists the pages and products on PUBLIC_URL, never on the request's Host", async () => {
    const kurta = await createProduct(db, { title: "Silk Kurta" });
    const res = await get("/sitemap.xml");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("application/xml");
    expect(res.headers["cache-control"]).toMatch(/^public, max-age=\d{1,3}$/);
    const urls = locs(res.body);
    expect(urls).toContain(`${PUBLIC_URL}/`);
    expect(urls).toContain(`${PUBLIC_URL}/products`);
    expect(urls).toContain(`${PUBLIC_URL}/products/${kurta.id}`);
    expect(urls.every((u) => u?.startsWith(`${PUBLIC_URL}/`))).toBe(true);
    expect(res.body).not.toContain("evil.example");
  });

  it("is built once and served from memory, rebuilt after a minute or a catalogue change", async () => {
    clock.advance(SITEMAP_TTL_MS + 1);
    const selects = vi.spyOn(db, "select");
    const first = await get("/sitemap.xml");
    const second = await get("/sitemap.xml", "another.example");
    expect(selects).toHaveBeenCalledTimes(1);
    expect(second.body).toBe(first.body);

    // A product added behind the app's back shows within the minute's rebuild.
    const late = await createProduct(db, { title: "Late Kurta" });
    expect(locs((await get("/sitemap.xml")).body)).not.toContain(
      `${PUBLIC_URL}/products/${late.id}`,
    );
    clock.advance(SITEMAP_TTL_MS + 1);
    expect(locs((await get("/sitemap.xml")).body)).toContain(`${PUBLIC_URL}/products/${late.id}`);
    expect(selects).toHaveBeenCalledTimes(2);

    // Deleting it through the admin API drops it at once.
    const deleted = await app.inject({
      method: "DELETE",
      url: `/api/admin/products/${late.id}`,
      headers: { cookie: admin.cookie },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    selects.mockClear();
    expect(locs((await get("/sitemap.xml")).body)).not.toContain(
      `${PUBLIC_URL}/products/${late.id}`,
    );
    await get("/sitemap.xml");
    // One rebuild after the change, then the cache again.
    expect(selects).toHaveBeenCalledTimes(1);
    selects.mockRestore();
  });
});
