/**
 * The wishlist over HTTP (issue #15, record 0045): saving twice keeps one, removing, the cap of
 * 200, moving to the cart under the cart's stock rules (one transaction: refused, nothing moves),
 * another shopper's wishlist out of reach, guests refused with the wishlist's own words, and a
 * deleted product simply gone.
 */
import {
  CART_MESSAGES,
  type Cart,
  WISHLIST_MAX,
  WISHLIST_MESSAGES,
  type Wishlist,
} from "@vastra/contracts";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createProduct, createUser, setSizeStock } from "../../test/factories.ts";
import { buildTestApp } from "../../test/helpers.ts";
import { cartLines, productSizes, products, wishlistItems } from "../db/schema.ts";

const { app, database } = await buildTestApp();
const db = database.db;

type Method = "GET" | "POST" | "PUT" | "DELETE";
const send = (method: Method, url: string, cookie = "", payload?: unknown) =>
  app.inject({
    method,
    url,
    headers: cookie ? { cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const idsOf = async (cookie: string) =>
  (await send("GET", "/api/wishlist/ids", cookie)).json<{ ids: string[] }>().ids;
const cartOf = async (cookie: string) => (await send("GET", "/api/cart", cookie)).json<Cart>();

describe("saving and removing", () => {
  it("saves a product once however often the heart is pressed, and removes it", async () => {
    const shopper = await createUser(db);
    const kurta = await createProduct(db, { title: "Indigo Kurta", price: 1299 });
    const first = await send("PUT", `/api/wishlist/${kurta.id}`, shopper.cookie);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ productId: kurta.id, saved: true, ids: [kurta.id] });
    const again = await send("PUT", `/api/wishlist/${kurta.id}`, shopper.cookie);
    expect(again.json()).toEqual({ productId: kurta.id, saved: true, ids: [kurta.id] });
    const rows = await db.select().from(wishlistItems).where(eq(wishlistItems.userId, shopper.id));
    expect(rows).toHaveLength(1);

    const ids = await send("GET", "/api/wishlist/ids", shopper.cookie);
    expect(ids.json()).toEqual({ ids: [kurta.id] });
    expect(ids.headers["cache-control"]).toBe("private, no-store");

    const list = (await send("GET", "/api/wishlist", shopper.cookie)).json<Wishlist>();
    expect(list.items).toEqual([
      expect.objectContaining({
        productId: kurta.id,
        title: "Indigo Kurta",
        price: 1299,
        state: "available",
        sizeStock: [{ size: "M", stock: 10 }],
      }),
    ]);

    const removed = await send("DELETE", `/api/wishlist/${kurta.id}`, shopper.cookie);
    expect(removed.json()).toEqual({ productId: kurta.id, saved: false, ids: [] });
    // Removing again (or something never saved) is not an error: nothing to do.
    expect((await send("DELETE", `/api/wishlist/${kurta.id}`, shopper.cookie)).statusCode).toBe(
      200,
    );
    expect(await idsOf(shopper.cookie)).toEqual([]);
  });

  it("lists newest first, shows sold-out and unbuyable products, and drops deleted ones", async () => {
    const shopper = await createUser(db);
    const soldOut = await createProduct(db, { title: "Sold Out Saree", stock: 0 });
    const noSizes = await createProduct(db, { title: "Retired Dupatta" });
    const deleted = await createProduct(db, { title: "Deleted Shirt" });
    for (const p of [soldOut, noSizes, deleted]) {
      expect((await send("PUT", `/api/wishlist/${p.id}`, shopper.cookie)).statusCode).toBe(200);
    }
    await db.delete(productSizes).where(eq(productSizes.productId, noSizes.id));
    await db.delete(products).where(eq(products.id, deleted.id));
    const list = (await send("GET", "/api/wishlist", shopper.cookie)).json<Wishlist>();
    expect(list.items.map((i) => [i.title, i.state])).toEqual([
      ["Retired Dupatta", "unavailable"],
      ["Sold Out Saree", "out_of_stock"],
    ]);
  });

  it("refuses an unknown product with 'Product not found' and saves nothing", async () => {
    const shopper = await createUser(db);
    for (const id of ["not-a-uuid", "00000000-0000-4000-8000-000000000000"]) {
      const reply = await send("PUT", `/api/wishlist/${id}`, shopper.cookie);
      expect(reply.statusCode).toBe(404);
      expect(reply.json()).toEqual({ message: WISHLIST_MESSAGES.productNotFound });
    }
    expect(await idsOf(shopper.cookie)).toEqual([]);
  });

  it(`holds at most ${WISHLIST_MAX} products, with a clear message; saved ones can be saved again`, async () => {
    const shopper = await createUser(db);
    const made = await db
      .insert(products)
      .values(
        Array.from({ length: WISHLIST_MAX + 1 }, (_, i) => ({
          title: `Cap Kurta ${i}`,
          pricePaise: 99_900,
          imageUrl: `/images/cap-${i}.webp`,
          sku: `CAP-WISH-${i}`,
        })),
      )
      .returning({ id: products.id });
    await db
      .insert(wishlistItems)
      .values(made.slice(0, WISHLIST_MAX).map((p) => ({ userId: shopper.id, productId: p.id })));
    const over = await send("PUT", `/api/wishlist/${made[WISHLIST_MAX]!.id}`, shopper.cookie);
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe(WISHLIST_MESSAGES.full);
    expect(over.json().message).toContain("up to 200 items");
    expect(await idsOf(shopper.cookie)).toHaveLength(WISHLIST_MAX);
    // One already saved is not refused by the cap.
    expect((await send("PUT", `/api/wishlist/${made[0]!.id}`, shopper.cookie)).statusCode).toBe(
      200,
    );
    // Room again after a removal.
    await send("DELETE", `/api/wishlist/${made[0]!.id}`, shopper.cookie);
    expect(
      (await send("PUT", `/api/wishlist/${made[WISHLIST_MAX]!.id}`, shopper.cookie)).statusCode,
    ).toBe(200);
  });

  it("holds the cap when saves arrive at once", async () => {
    const shopper = await createUser(db);
    const made = await db
      .insert(products)
      .values(
        Array.from({ length: WISHLIST_MAX + 4 }, (_, i) => ({
          title: `Race Kurta ${i}`,
          pricePaise: 99_900,
          imageUrl: `/images/race-${i}.webp`,
          sku: `RACE-WISH-${i}`,
        })),
      )
      .returning({ id: products.id });
    await db
      .insert(wishlistItems)
      .values(
        made.slice(0, WISHLIST_MAX - 2).map((p) => ({ userId: shopper.id, productId: p.id })),
      );
    const replies = await Promise.all(
      made.slice(WISHLIST_MAX - 2).map((p) => send("PUT", `/api/wishlist/${p.id}`, shopper.cookie)),
    );
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 200, 409, 409, 409, 409]);
    expect(await idsOf(shopper.cookie)).toHaveLength(WISHLIST_MAX);
  });
});

describe("move to cart", () => {
  it("adds one of the chosen size and colour to the cart and takes it off the wishlist", async () => {
    const shopper = await createUser(db);
    const kurta = await createProduct(db, {
      title: "Two Size Kurta",
      sizes: [
        { size: "S", stock: 0 },
        { size: "L", stock: 3 },
      ],
      colors: ["Indigo", "Rust"],
    });
    await send("PUT", `/api/wishlist/${kurta.id}`, shopper.cookie);
    const moved = await send("POST", `/api/wishlist/${kurta.id}/move-to-cart`, shopper.cookie, {
      size: "L",
      color: "rust",
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toEqual({ message: WISHLIST_MESSAGES.moved, ids: [] });
    expect(await cartOf(shopper.cookie)).toEqual([
      expect.objectContaining({ productId: kurta.id, size: "L", color: "Rust", quantity: 1 }),
    ]);
    // Not on the wishlist any more: moving again is refused.
    const again = await send("POST", `/api/wishlist/${kurta.id}/move-to-cart`, shopper.cookie, {
      size: "L",
    });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(WISHLIST_MESSAGES.notSaved);
  });

  it("refuses a sold-out size, a size the cart already holds all of, a missing size, an unknown colour: nothing moves", async () => {
    const shopper = await createUser(db);
    const kurta = await createProduct(db, {
      sizes: [
        { size: "S", stock: 0 },
        { size: "M", stock: 1 },
      ],
      colors: ["Indigo"],
    });
    await send("PUT", `/api/wishlist/${kurta.id}`, shopper.cookie);
    const move = (body: unknown) =>
      send("POST", `/api/wishlist/${kurta.id}/move-to-cart`, shopper.cookie, body);

    const soldOut = await move({ size: "S" });
    expect(soldOut.statusCode).toBe(409);
    expect(soldOut.json().message).toBe(CART_MESSAGES.outOfStock);

    const noSize = await move({ size: "XL" });
    expect(noSize.statusCode).toBe(400);
    expect(noSize.json().message).toBe(CART_MESSAGES.selectSize);

    const blank = await move({ size: " " });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe(CART_MESSAGES.selectSize);

    const colour = await move({ size: "M", color: "Purple" });
    expect(colour.statusCode).toBe(400);
    expect(colour.json().message).toBe(CART_MESSAGES.selectColor);

    const extra = await move({ size: "M", quantity: 5 });
    expect(extra.statusCode).toBe(400);

    // The cart already holds the last one of M: the cart's own 'Only 1 items available' rule.
    await send("POST", "/api/cart/add", shopper.cookie, { productId: kurta.id, size: "M" });
    const full = await move({ size: "M" });
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toBe("Only 1 items available in stock");

    expect(await idsOf(shopper.cookie)).toEqual([kurta.id]);
    expect(await cartOf(shopper.cookie)).toEqual([
      expect.objectContaining({ productId: kurta.id, size: "M", quantity: 1 }),
    ]);
  });

  it("refuses a product that has no sizes left as no longer available", async () => {
    const shopper = await createUser(db);
    const kurta = await createProduct(db);
    await send("PUT", `/api/wishlist/${kurta.id}`, shopper.cookie);
    await db.delete(productSizes).where(eq(productSizes.productId, kurta.id));
    const reply = await send("POST", `/api/wishlist/${kurta.id}/move-to-cart`, shopper.cookie, {
      size: "M",
    });
    expect(reply.statusCode).toBe(409);
    expect(reply.json().message).toBe(WISHLIST_MESSAGES.unavailable);
    expect(await idsOf(shopper.cookie)).toEqual([kurta.id]);
    expect(await cartOf(shopper.cookie)).toEqual([]);
  });

  it("a size sold out since the wishlist was read is refused with the stock message", async () => {
    const shopper = await createUser(db);
    const kurta = await createProduct(db, { sizes: [{ size: "M", stock: 2 }] });
    await send("PUT", `/api/wishlist/${kurta.id}`, shopper.cookie);
    await setSizeStock(db, kurta.id, "M", 0);
    const reply = await send("POST", `/api/wishlist/${kurta.id}/move-to-cart`, shopper.cookie, {
      size: "M",
    });
    expect(reply.statusCode).toBe(409);
    expect(reply.json().message).toBe(CART_MESSAGES.outOfStock);
    const lines = await db.select().from(cartLines).where(eq(cartLines.userId, shopper.id));
    expect(lines).toEqual([]);
  });
});

describe("who may", () => {
  it("another shopper can neither see nor change a shopper's wishlist", async () => {
    const asha = await createUser(db);
    const ravi = await createUser(db);
    const kurta = await createProduct(db);
    await send("PUT", `/api/wishlist/${kurta.id}`, asha.cookie);

    expect(await idsOf(ravi.cookie)).toEqual([]);
    expect((await send("GET", "/api/wishlist", ravi.cookie)).json()).toEqual({ items: [] });
    // Ravi's remove and move touch only Ravi's (empty) wishlist.
    await send("DELETE", `/api/wishlist/${kurta.id}`, ravi.cookie);
    const move = await send("POST", `/api/wishlist/${kurta.id}/move-to-cart`, ravi.cookie, {
      size: "M",
    });
    expect(move.statusCode).toBe(404);
    expect(await cartOf(ravi.cookie)).toEqual([]);
    expect(await idsOf(asha.cookie)).toEqual([kurta.id]);
  });

  it("a guest is asked to sign in (401 with the wishlist's message) on every call, before the body is read", async () => {
    const kurta = await createProduct(db);
    const calls: Array<[Method, string, unknown?]> = [
      ["GET", "/api/wishlist"],
      ["GET", "/api/wishlist/ids"],
      ["PUT", `/api/wishlist/${kurta.id}`],
      ["DELETE", `/api/wishlist/${kurta.id}`],
      ["POST", `/api/wishlist/${kurta.id}/move-to-cart`, { size: "M" }],
      ["POST", `/api/wishlist/${kurta.id}/move-to-cart`, { nonsense: true }],
    ];
    for (const [method, url, body] of calls) {
      const reply = await send(method, url, "", body);
      expect(reply.statusCode, `${method} ${url}`).toBe(401);
      expect(reply.json()).toEqual({ message: WISHLIST_MESSAGES.signIn });
    }
    expect(
      await db.select().from(wishlistItems).where(eq(wishlistItems.productId, kurta.id)),
    ).toEqual([]);
  });
});
