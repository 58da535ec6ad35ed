/**
 * IMAGE_PUBLIC_BASE_URL (record 0030): with a CDN in front of the image store, pages fetch stored
 * images from the CDN (src and every srcset width), the CSP allows that origin and no other, and
 * GET /api/store tells the browser's code the same base. Stored URLs stay /images/… in the data.
 */
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProduct } from "../../test/factories.ts";
import { setupTestDatabase, testConfig } from "../../test/helpers.ts";
import { buildApp } from "../app.ts";
import type { Database } from "../db/client.ts";
import { ensureStoreSettings } from "../services/store-settings.ts";
import { defaultBuildDirectory } from "../web.ts";

const KEY = "0123456789abcdef01234567";
const CDN = "https://cdn.vastra.example/img";
let database: Database;
let productId: string;
const apps: FastifyInstance[] = [];

async function store(imagePublicBaseUrl: string | undefined): Promise<FastifyInstance> {
  const app = await buildApp({
    config: testConfig({ imagePublicBaseUrl }),
    database,
    web: { buildDirectory: defaultBuildDirectory(), pageCache: false },
    logger: false,
  });
  await app.ready();
  apps.push(app);
  return app;
}

beforeAll(async () => {
  database = await setupTestDatabase();
  await ensureStoreSettings(database.db);
  productId = (
    await createProduct(database.db, {
      title: "Indigo Block-Print Kurta",
      imageUrl: `/images/${KEY}-w1280.webp`,
    })
  ).id;
});
afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
});

/** The product picture's src and srcset on the product page. */
function picture(html: string): { src: string; srcset: string } {
  const tag = html.match(new RegExp(`<img[^>]*${KEY}[^>]*>`))?.[0] ?? "";
  return {
    src: /\bsrc="([^"]*)"/.exec(tag)?.[1] ?? "",
    srcset: /\bsrcSet="([^"]*)"|\bsrcset="([^"]*)"/i.exec(tag)?.slice(1).find(Boolean) ?? "",
  };
}

describe("stored images served by a CDN", () => {
  it("pages fetch them from the CDN, every width, and the CSP allows its origin", async () => {
    const app = await store(CDN);
    const res = await app.inject({ url: `/products/${productId}` });
    expect(res.statusCode).toBe(200);
    const { src, srcset } = picture(res.body);
    expect(src).toBe(`${CDN}/${KEY}-w1280.webp`);
    const widths = srcset.split(",").map((entry) => entry.trim().split(" ")[0]);
    expect(widths).toEqual([320, 640, 960, 1280].map((w) => `${CDN}/${KEY}-w${w}.webp`));
    // No element the browser fetches from names the store's own copy (the page's data may).
    expect(res.body).not.toMatch(new RegExp(`(?:src|srcset|href)="/images/${KEY}`, "i"));
    const csp = String(res.headers["content-security-policy"]);
    expect(csp).toContain("img-src 'self' data: blob: https://cdn.vastra.example;");

    const info = await app.inject({ url: "/api/store" });
    expect(info.json()).toMatchObject({ imageBaseUrl: CDN });
    // The product's data keeps the stored URL; only where browsers fetch it changes.
    const product = await app.inject({ url: `/api/products/${productId}` });
    expect(product.json().imageUrl).toBe(`/images/${KEY}-w1280.webp`);
  });

  it("without a CDN, pages fetch them from the store and the CSP names no other origin", async () => {
    const app = await store(undefined);
    const res = await app.inject({ url: `/products/${productId}` });
    const { src, srcset } = picture(res.body);
    expect(src).toBe(`/images/${KEY}-w1280.webp`);
    expect(srcset).toContain(`/images/${KEY}-w320.webp 320w`);
    expect(String(res.headers["content-security-policy"])).toContain("img-src 'self' data: blob:;");
    expect((await app.inject({ url: "/api/store" })).json()).not.toHaveProperty("imageBaseUrl");
  });
});
