import { CART_MESSAGES } from "@vastra/contracts";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createProduct, createUser, setSizeStock } from "../../test/factories.ts";
import { buildTestApp } from "../../test/helpers.ts";
import { cartLines, productSizes, products } from "../db/schema.ts";

const { app, database } = await buildTestApp();
const db = database.db;

type Method = "GET" | "POST" | "PUT" | "DELETE";
function call(method: Method, url: string, cookie?: string, payload?: object) {
  return app.inject({
    method,
    url: `/api/cart${url}`,
    ...(payload ? { payload } : {}),
    headers: cookie ? { cookie } : {},
  });
}

async function shopper() {
  return (await createUser(db)).cookie;
}

describe("cart", () => {
  it("answers a guest without a cart (record 0044) with an empty cart, writing nothing", async () => {
    const cases: Array<[Method, string, number, object?]> = [
      ["GET", "", 200],
      ["PUT", "/update", 404, { productId: "x", size: "M", quantity: 1 }],
      ["DELETE", "/remove", 200, { productId: "x", size: "M" }],
      ["DELETE", "/clear", 200],
      ["POST", "/add", 400, { nonsense: true }],
    ];
    for (const [method, url, status, body] of cases) {
      const res = await call(method, url, undefined, body);
      expect(res.statusCode, `${method} ${url}`).toBe(status);
      if (status === 200) expect(res.json()).toEqual([]);
      else expect(res.json().message).toBeTruthy();
      // Nothing was started for the visitor: no guest cart, no cookie.
      expect(res.headers["set-cookie"], `${method} ${url}`).toBeUndefined();
    }
  });

  it("starts empty, adds a line with the catalogue's price, and adds onto the same line", async () => {
    const cookie = await shopper();
    const kurta = await createProduct(db, {
      title: "Silk Kurta",
      price: 1499.5,
      imageUrl: "/images/silk.webp",
      sizes: [
        { size: "M", stock: 5 },
        { size: "L", stock: 2 },
      ],
    });
    expect((await call("GET", "", cookie)).json()).toEqual([]);

    const first = await call("POST", "/add", cookie, { productId: kurta.id, size: "M" });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual([
      {
        productId: kurta.id,
        title: "Silk Kurta",
        imageUrl: "/images/silk.webp",
        price: 1499.5,
        size: "M",
        quantity: 1,
        stock: 5,
      },
    ]);
    const again = await call("POST", "/add", cookie, {
      productId: kurta.id,
      size: "M",
      quantity: 2,
    });
    expect(again.json()).toHaveLength(1);
    expect(again.json()[0].quantity).toBe(3);
    const other = await call("POST", "/add", cookie, { productId: kurta.id, size: "L" });
    expect(other.json().map((l: { size: string }) => l.size)).toEqual(["M", "L"]);

    // The price always comes from the catalogue, never from when the line was added.
    await db.update(products).set({ pricePaise: 129900 }).where(eq(products.id, kurta.id));
    const read = await call("GET", "", cookie);
    expect(read.json().map((l: { price: number }) => l.price)).toEqual([1299, 1299]);
  });

  it("answers an add with the whole cart exactly as a read shows it, the added-onto line in its place", async () => {
    const cookie = await shopper();
    const kurta = await createProduct(db, { sizes: [{ size: "M", stock: 9 }] });
    const saree = await createProduct(db, {
      colors: ["Teal"],
      sizes: [{ size: "Free", stock: 3 }],
      colorImages: [{ color: "Teal", imageUrl: "/images/teal-only.webp" }],
    });
    const dupatta = await createProduct(db, {
      sizes: [
        { size: "S", stock: 2 },
        { size: "L", stock: 4 },
      ],
    });
    await call("POST", "/add", cookie, { productId: kurta.id, size: "M" });
    await call("POST", "/add", cookie, { productId: saree.id, size: "Free", color: "Teal" });
    await call("POST", "/add", cookie, { productId: dupatta.id, size: "S" });
    // A size taken off the product after it went into the cart shows with stock 0.
    await db
      .delete(productSizes)
      .where(and(eq(productSizes.productId, dupatta.id), eq(productSizes.size, "S")));

    // Onto the first line: it keeps its place, with its new quantity.
    const added = await call("POST", "/add", cookie, {
      productId: kurta.id,
      size: "M",
      quantity: 4,
    });
    expect(added.statusCode).toBe(200);
    const read = await call("GET", "", cookie);
    expect(added.json()).toEqual(read.json());
    expect(
      added
        .json()
        .map((l: { size: string; quantity: number; stock: number }) => [
          l.size,
          l.quantity,
          l.stock,
        ]),
    ).toEqual([
      ["M", 5, 9],
      ["Free", 1, 3],
      ["S", 1, 0],
    ]);
    expect(added.json()[1].imageUrl).toBe("/images/teal-only.webp");

    // A new line goes last, and the reply is again what a read shows.
    const another = await call("POST", "/add", cookie, { productId: dupatta.id, size: "L" });
    expect(another.json()).toEqual((await call("GET", "", cookie)).json());
    expect(another.json().map((l: { size: string }) => l.size)).toEqual(["M", "Free", "S", "L"]);
  });

  it("keeps two colours of one size apart, shows the colour's image and checks the colour", async () => {
    const cookie = await shopper();
    const saree = await createProduct(db, {
      colors: ["Maroon", "Teal"],
      sizes: [{ size: "Free", stock: 4 }],
      colorImages: [{ color: "Teal", imageUrl: "/images/teal.webp" }],
      imageUrl: "/images/main.webp",
    });
    await call("POST", "/add", cookie, { productId: saree.id, size: "Free", color: "Maroon" });
    const res = await call("POST", "/add", cookie, {
      productId: saree.id,
      size: "Free",
      color: "teal",
      quantity: 2,
    });
    expect(res.json()).toEqual([
      expect.objectContaining({ color: "Maroon", quantity: 1, imageUrl: "/images/main.webp" }),
      expect.objectContaining({ color: "Teal", quantity: 2, imageUrl: "/images/teal.webp" }),
    ]);
    // Stock is per size: both colours draw on the 4 of size Free.
    const over = await call("POST", "/add", cookie, {
      productId: saree.id,
      size: "Free",
      color: "Teal",
      quantity: 2,
    });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe("Only 4 items available in stock");
    const badColour = await call("POST", "/add", cookie, {
      productId: saree.id,
      size: "Free",
      color: "Purple",
    });
    expect(badColour.statusCode).toBe(400);
    expect(badColour.json().errors.color).toBe(CART_MESSAGES.selectColor);

    // update and remove take the colour.
    const updated = await call("PUT", "/update", cookie, {
      productId: saree.id,
      size: "Free",
      color: "Teal",
      quantity: 1,
    });
    expect(updated.json().map((l: { quantity: number }) => l.quantity)).toEqual([1, 1]);
    const removed = await call("DELETE", "/remove", cookie, {
      productId: saree.id,
      size: "Free",
      color: "Maroon",
    });
    expect(removed.json()).toEqual([expect.objectContaining({ color: "Teal", quantity: 1 })]);
    // Without a colour, the only line of that product and size is meant.
    const bare = await call("DELETE", "/remove", cookie, { productId: saree.id, size: "Free" });
    expect(bare.json()).toEqual([]);
  });

  it("answers 404 for an unknown product and 400 for a missing or unknown size", async () => {
    const cookie = await shopper();
    const kurta = await createProduct(db, { sizes: ["S", "M"] });
    const unknown = await call("POST", "/add", cookie, {
      productId: "00000000-0000-4000-8000-000000000000",
      size: "M",
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe("Product not found");
    const malformed = await call("POST", "/add", cookie, { productId: "not-an-id", size: "M" });
    expect(malformed.statusCode).toBe(404);
    expect(malformed.json().message).toBe("Product not found");

    for (const body of [{ productId: kurta.id }, { productId: kurta.id, size: " " }]) {
      const res = await call("POST", "/add", cookie, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        message: "Please select a size!",
        errors: { size: "Please select a size!" },
      });
    }
    const xxl = await call("POST", "/add", cookie, { productId: kurta.id, size: "XXL" });
    expect(xxl.statusCode).toBe(400);
    expect(xxl.json().message).toBe("Please select a size!");
  });

  it("validates the body strictly", async () => {
    const cookie = await shopper();
    const kurta = await createProduct(db);
    for (const quantity of [0, -1, 1.5, "2"]) {
      const res = await call("POST", "/add", cookie, { productId: kurta.id, size: "M", quantity });
      expect(res.statusCode, String(quantity)).toBe(400);
      expect(res.json().errors.quantity).toBe(CART_MESSAGES.quantity);
    }
    // A field no spec page sends is still refused.
    const extra = await call("POST", "/add", cookie, {
      productId: kurta.id,
      size: "M",
      discount: 50,
    });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().errors.discount).toBe("Unknown field");
    const badPrice = await call("POST", "/add", cookie, {
      productId: kurta.id,
      size: "M",
      price: "free",
    });
    expect(badPrice.statusCode).toBe(400);
    expect(badPrice.json().errors.price).toBe("price must be a number");
    expect((await call("GET", "", cookie)).json()).toEqual([]);
  });

  it("takes the spec's whole line object (storefront.md §3) and keeps the catalogue's price", async () => {
    const cookie = await shopper();
    const kurta = await createProduct(db, {
      title: "Silk Kurta",
      price: 1499,
      imageUrl: "/images/silk.webp",
      sizes: [{ size: "M", stock: 5 }],
    });
    // What the storefront's product page sends: the line as it shows it.
    const line = {
      productId: kurta.id,
      title: "Cheap Kurta",
      imageUrl: "/images/elsewhere.webp",
      price: 1,
      size: "M",
      quantity: 2,
      color: "",
    };
    const added = await call("POST", "/add", cookie, line);
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toEqual([
      {
        productId: kurta.id,
        title: "Silk Kurta",
        imageUrl: "/images/silk.webp",
        price: 1499,
        size: "M",
        quantity: 2,
        stock: 5,
      },
    ]);
    // The cart page sends lines back the same way to change or remove them.
    const updated = await call("PUT", "/update", cookie, { ...line, quantity: 3 });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()[0]).toMatchObject({ quantity: 3, price: 1499 });
    const { quantity: _q, ...withoutQuantity } = line;
    const removed = await call("DELETE", "/remove", cookie, withoutQuantity);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual([]);
  });

  it("refuses more than that size's stock with the spec's message", async () => {
    const cookie = await shopper();
    const kurta = await createProduct(db, {
      sizes: [
        { size: "M", stock: 3 },
        { size: "L", stock: 0 },
      ],
    });
    const tooMany = await call("POST", "/add", cookie, {
      productId: kurta.id,
      size: "M",
      quantity: 4,
    });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().message).toBe("Only 3 items available in stock");
    const soldOut = await call("POST", "/add", cookie, { productId: kurta.id, size: "L" });
    expect(soldOut.statusCode).toBe(409);
    expect(soldOut.json().message).toBe("This product is out of stock");

    await call("POST", "/add", cookie, { productId: kurta.id, size: "M", quantity: 2 });
    const onTop = await call("POST", "/add", cookie, {
      productId: kurta.id,
      size: "M",
      quantity: 2,
    });
    expect(onTop.statusCode).toBe(409);
    expect(onTop.json().message).toBe("Only 3 items available in stock");
    expect((await call("GET", "", cookie)).json()[0].quantity).toBe(2);
  });

  it("updates a line: up to the stock, down freely, 0 removes it, 404 when not in the cart", async () => {
    const cookie = await shopper();
    const kurta = await createProduct(db, { sizes: [{ size: "M", stock: 3 }] });
    await call("POST", "/add", cookie, { productId: kurta.id, size: "M", quantity: 2 });

    const up = await call("PUT", "/update", cookie, {
      productId: kurta.id,
      size: "M",
      quantity: 3,
    });
    expect(up.statusCode).toBe(200);
    expect(up.json()[0]).toMatchObject({ quantity: 3, stock: 3 });
    const over = await call("PUT", "/update", cookie, {
      productId: kurta.id,
      size: "M",
      quantity: 4,
    });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe("Only 3 items available in stock");

    // Stock fell below the line: decreasing still works.
    await setSizeStock(db, kurta.id, "M", 1);
    const down = await call("PUT", "/update", cookie, {
      productId: kurta.id,
      size: "M",
      quantity: 2,
    });
    expect(down.statusCode).toBe(200);
    expect(down.json()[0]).toMatchObject({ quantity: 2, stock: 1 });

    const zero = await call("PUT", "/update", cookie, {
      productId: kurta.id,
      size: "M",
      quantity: 0,
    });
    expect(zero.statusCode).toBe(200);
    expect(zero.json()).toEqual([]);
    const missing = await call("PUT", "/update", cookie, {
      productId: kurta.id,
      size: "M",
      quantity: 1,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(CART_MESSAGES.notInCart);
    const gone = await call("PUT", "/update", cookie, {
      productId: "00000000-0000-4000-8000-000000000000",
      size: "M",
      quantity: 1,
    });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe("Product not found");
  });

  it("removes a line, clears the cart, and keeps each shopper's cart apart", async () => {
    const a = await shopper();
    const b = await shopper();
    const kurta = await createProduct(db, { sizes: ["S", "M"] });
    await call("POST", "/add", a, { productId: kurta.id, size: "S" });
    await call("POST", "/add", a, { productId: kurta.id, size: "M" });
    await call("POST", "/add", b, { productId: kurta.id, size: "M" });

    const removed = await call("DELETE", "/remove", a, { productId: kurta.id, size: "S" });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().map((l: { size: string }) => l.size)).toEqual(["M"]);
    // Removing what is not there is harmless.
    const again = await call("DELETE", "/remove", a, { productId: kurta.id, size: "S" });
    expect(again.json()).toHaveLength(1);

    const cleared = await call("DELETE", "/clear", a);
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toEqual([]);
    expect((await call("GET", "", a)).json()).toEqual([]);
    expect((await call("GET", "", b)).json()).toHaveLength(1);
  });

  it("drops a line whose product vanished and shows a removed size with stock 0", async () => {
    const cookie = await shopper();
    const gone = await createProduct(db);
    const kept = await createProduct(db, { sizes: ["S", "M"] });
    await call("POST", "/add", cookie, { productId: gone.id, size: "M" });
    await call("POST", "/add", cookie, { productId: kept.id, size: "S" });
    await db.delete(products).where(eq(products.id, gone.id));
    await db
      .delete(productSizes)
      .where(and(eq(productSizes.productId, kept.id), eq(productSizes.size, "S")));
    const res = await call("GET", "", cookie);
    expect(res.json()).toEqual([expect.objectContaining({ productId: kept.id, stock: 0 })]);
    const rows = await db.select().from(cartLines).where(eq(cartLines.productId, gone.id));
    expect(rows).toEqual([]);
  });
});
