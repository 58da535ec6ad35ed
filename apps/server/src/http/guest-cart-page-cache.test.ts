/**
 * The page cache and guest carts (record 0044), through the real web build (npm run build first):
 * the header's cart badge is rendered on the server, so a guest with a guest-cart cookie is never
 * served a stored page (nor is theirs stored), and a stored page never shows another visitor's count.
 */
import { GUEST_CART_COOKIE } from "@vastra/contracts";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import { createProduct } from "../../test/factories.ts";
import { setupTestDatabase, testConfig } from "../../test/helpers.ts";
import { buildApp } from "../app.ts";
import type { Database } from "../db/client.ts";
import { ensureStoreSettings } from "../services/store-settings.ts";
import { defaultBuildDirectory } from "../web.ts";

let database: Database;
let productId: string;
let app: FastifyInstance;

beforeAll(async () => {
  database = await setupTestDatabase();
  await ensureStoreSettings(database.db);
  productId = (
    await createProduct(database.db, {
      title: "Mustard Handloom Saree",
      sizes: [{ size: "Free", stock: 8 }],
    })
  ).id;
  app = await buildApp({
    config: testConfig(),
    database,
    web: { buildDirectory: defaultBuildDirectory(), pageCache: {} },
    logger: false,
  });
  await app.ready();
  return () => app.close();
});

/** The header's cart link's accessible name: 'Cart, 3 items'. */
const badge = (res: LightMyRequestResponse) => /aria-label="(Cart, [^"]+)"/.exec(res.body)?.[1];

async function guestWithCart(quantity: number): Promise<string> {
  const res = await app.inject({
    method: "POST",
    url: "/api/cart/add",
    payload: { productId, size: "Free", quantity },
  });
  expect(res.statusCode, res.body).toBe(200);
  const set = res.cookies.find((c) => c.name === GUEST_CART_COOKIE)!;
  return `${GUEST_CART_COOKIE}=${set.value}`;
}

describe("guest pages and guest carts", () => {
  it("a guest with a cart gets their own badge, never a stored page; a stored page shows no one's cart", async () => {
    const three = await guestWithCart(3);
    const two = await guestWithCart(2);
    for (const url of ["/", "/products", `/products/${productId}`]) {
      // The guest with a cart first: nothing of theirs may be stored for the visitors who follow.
      const mine = await app.inject({ url, headers: { cookie: three } });
      expect(mine.statusCode, url).toBe(200);
      expect(badge(mine), url).toBe("Cart, 3 items");
      expect(mine.headers["x-page-cache"], url).toBeUndefined();
      expect(mine.headers["cache-control"] ?? "", url).not.toMatch(/public/);

      const plain = await app.inject({ url });
      expect(plain.headers["x-page-cache"], url).toBe("miss");
      expect(badge(plain), url).toBe("Cart, 0 items");
      const stored = await app.inject({ url });
      expect(stored.headers["x-page-cache"], url).toBe("hit");
      expect(badge(stored), url).toBe("Cart, 0 items");

      // With the page stored, each guest with a cart still gets their own count.
      const other = await app.inject({ url, headers: { cookie: `theme=light; ${two}` } });
      expect(other.headers["x-page-cache"], url).toBeUndefined();
      expect(badge(other), url).toBe("Cart, 2 items");
      expect(badge(await app.inject({ url, headers: { cookie: three } })), url).toBe(
        "Cart, 3 items",
      );
    }
  });
});
