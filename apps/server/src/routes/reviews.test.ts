import { REVIEW_MESSAGES, type Review } from "@vastra/contracts";
import { describe, expect, it } from "vitest";
import { createOrder, createProduct, createUser, type TestUser } from "../../test/factories.ts";
import { buildTestApp, createTestClock } from "../../test/helpers.ts";

const clock = createTestClock("2026-11-21T10:00:00Z");
const { app, database } = await buildTestApp({ clock });
const db = database.db;

const kurta = await createProduct(db, { title: "Silk Kurta", price: 2499 });
const saree = await createProduct(db, { title: "Chiffon Saree", price: 1999 });
const admin = await createUser(db, { name: "Store Admin", isAdmin: true, now: clock() });

const shopper = (name: string) => createUser(db, { name, now: clock() });

type Method = "GET" | "POST" | "PUT" | "DELETE";
function call(method: Method, url: string, payload?: object, who?: TestUser) {
  return app.inject({
    method,
    url: `/api${url}`,
    ...(payload ? { payload } : {}),
    headers: who ? { cookie: who.cookie } : {},
  });
}

async function review(who: TestUser, productId: string, rating = 5, comment = "Lovely fabric") {
  const res = await call("POST", "/reviews", { productId, rating, comment }, who);
  expect(res.statusCode, res.body).toBe(201);
  clock.advance(60_000);
  return res.json() as Review;
}

describe("writing a review", () => {
  it("a signed-in shopper reviews a product; it shows on the product with its figures", async () => {
    const meera = await shopper("Meera Iyer");
    const res = await call(
      "POST",
      "/reviews",
      { productId: kurta.id, rating: 4, comment: "  Soft silk, runs a little large.  " },
      meera,
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      _id: expect.any(String),
      productId: kurta.id,
      userId: meera.id,
      name: "Meera Iyer",
      rating: 4,
      comment: "Soft silk, runs a little large.",
      createdAt: clock().toISOString(),
      updatedAt: clock().toISOString(),
      verifiedBuyer: false,
      reply: null,
      fit: null,
      sizeBought: null,
    });
    const listed = await call("GET", `/reviews/${kurta.id}`);
    expect(listed.json()).toEqual([res.json()]);
    const product = await call("GET", `/products/${kurta.id}`);
    expect(product.json()).toMatchObject({ averageRating: 4, reviewCount: 1 });
  });

  it("rates 5 when no rating is given", async () => {
    const res = await call(
      "POST",
      "/reviews",
      { productId: saree.id, comment: "Beautiful drape" },
      await shopper("Kavya"),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().rating).toBe(5);
  });

  it("asks a guest to sign in", async () => {
    const res = await call("POST", "/reviews", { productId: kurta.id, rating: 5, comment: "Nice" });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe("Please sign in to continue");
  });

  it("asks for a comment when it is empty or only spaces", async () => {
    const ravi = await shopper("Ravi");
    for (const comment of ["", "   "]) {
      const res = await call("POST", "/reviews", { productId: kurta.id, rating: 5, comment }, ravi);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        message: REVIEW_MESSAGES.commentRequired,
        errors: { comment: REVIEW_MESSAGES.commentRequired },
      });
    }
    const missing = await call("POST", "/reviews", { productId: kurta.id, rating: 5 }, ravi);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ comment: REVIEW_MESSAGES.commentRequired });
  });

  it("refuses a rating outside 1-5 and a comment over 2,000 characters", async () => {
    const ravi = await shopper("Ravi K");
    for (const rating of [0, 6, 4.5, "five"]) {
      const res = await call(
        "POST",
        "/reviews",
        { productId: kurta.id, rating, comment: "ok" },
        ravi,
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ rating: REVIEW_MESSAGES.rating });
    }
    const long = await call(
      "POST",
      "/reviews",
      { productId: kurta.id, rating: 5, comment: "a".repeat(2001) },
      ravi,
    );
    expect(long.statusCode).toBe(400);
    expect(long.json().errors).toEqual({ comment: REVIEW_MESSAGES.commentTooLong });
    const longest = await call(
      "POST",
      "/reviews",
      { productId: kurta.id, rating: 5, comment: "a".repeat(2000) },
      ravi,
    );
    expect(longest.statusCode).toBe(201);
  });

  it("answers 404 for a product that does not exist", async () => {
    const anu = await shopper("Anu");
    for (const productId of ["6f1c1a8e-7d7e-4c1e-9a39-3f0e4f1f2a11", "nope"]) {
      const res = await call("POST", "/reviews", { productId, rating: 5, comment: "Hi" }, anu);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: REVIEW_MESSAGES.productNotFound });
    }
  });

  it("allows one review per shopper and product: a second gets 409", async () => {
    const dev = await shopper("Dev");
    await review(dev, kurta.id, 5, "First thoughts");
    const again = await call(
      "POST",
      "/reviews",
      { productId: kurta.id, rating: 1, comment: "Second thoughts" },
      dev,
    );
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: REVIEW_MESSAGES.duplicate });
    // Another product is fine.
    await review(dev, saree.id);
    const mine = (await call("GET", `/reviews/${kurta.id}`)).json() as Review[];
    expect(mine.filter((r) => r.userId === dev.id).map((r) => r.comment)).toEqual([
      "First thoughts",
    ]);
  });

  it("lets only one of two simultaneous reviews by the same shopper through", async () => {
    const sam = await shopper("Sam");
    const product = await createProduct(db, { title: "Linen Shirt" });
    const results = await Promise.all(
      [1, 2].map((n) =>
        call("POST", "/reviews", { productId: product.id, rating: 5, comment: `Take ${n}` }, sam),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect((await call("GET", `/reviews/${product.id}`)).json()).toHaveLength(1);
  });

  it("keeps the comment as the shopper typed it (plain text)", async () => {
    const text = "<script>alert('hi')</script> Fits well & looks <b>great</b>";
    const created = await review(await shopper("Tara"), saree.id, 5, text);
    expect(created.comment).toBe(text);
  });
});

describe("reading reviews", () => {
  it("lists a product's reviews, newest first, to anyone", async () => {
    const product = await createProduct(db, { title: "Cotton Kurta" });
    const first = await review(await shopper("Asha"), product.id, 3, "Okay");
    const second = await review(await shopper("Bala"), product.id, 5, "Great");
    const third = await review(await shopper("Chitra"), product.id, 4, "Good");
    const res = await call("GET", `/reviews/${product.id}`);
    expect(res.statusCode).toBe(200);
    expect((res.json() as Review[]).map((r) => r._id)).toEqual([third._id, second._id, first._id]);
    const shown = await call("GET", `/products/${product.id}`);
    expect(shown.json()).toMatchObject({ averageRating: 4, reviewCount: 3 });
  });

  it("a product with no reviews has an empty list; an unknown product 404", async () => {
    const product = await createProduct(db, { title: "Plain Tee" });
    expect((await call("GET", `/reviews/${product.id}`)).json()).toEqual([]);
    const unknown = await call("GET", "/reviews/6f1c1a8e-7d7e-4c1e-9a39-3f0e4f1f2a11");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: REVIEW_MESSAGES.productNotFound });
  });

  it("marks a verified buyer: a delivered order containing the product", async () => {
    const product = await createProduct(db, { title: "Banarasi Saree" });
    const delivered = await shopper("Deepa");
    const pending = await shopper("Esha");
    const otherProduct = await shopper("Farah");
    await createOrder(db, {
      userId: delivered.id,
      status: "delivered",
      items: [{ productId: product.id }],
    });
    await createOrder(db, {
      userId: pending.id,
      status: "shipped",
      items: [{ productId: product.id }],
    });
    await createOrder(db, {
      userId: otherProduct.id,
      status: "delivered",
      items: [{ productId: kurta.id }],
    });
    await review(delivered, product.id);
    await review(pending, product.id);
    await review(otherProduct, product.id);
    const list = (await call("GET", `/reviews/${product.id}`)).json() as Review[];
    const mark = Object.fromEntries(list.map((r) => [r.name, r.verifiedBuyer]));
    expect(mark).toEqual({ Deepa: true, Esha: false, Farah: false });
  });
});

describe("changing and deleting a review", () => {
  it("the owner edits their review", async () => {
    const gita = await shopper("Gita");
    const created = await review(gita, saree.id, 3, "Colour is duller than the photo");
    const res = await call(
      "PUT",
      `/reviews/${created._id}`,
      { rating: 4, comment: "Looks better in daylight" },
      gita,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      ...created,
      rating: 4,
      comment: "Looks better in daylight",
      updatedAt: clock().toISOString(),
    });
    expect(res.json().createdAt).toBe(created.createdAt);
  });

  it("another shopper may neither edit nor delete it (403); a guest gets 401", async () => {
    const hari = await shopper("Hari");
    const intruder = await shopper("Ishaan");
    const created = await review(hari, kurta.id, 5, "Perfect");
    const edit = await call(
      "PUT",
      `/reviews/${created._id}`,
      { rating: 1, comment: "Bad" },
      intruder,
    );
    expect(edit.statusCode).toBe(403);
    expect(edit.json()).toEqual({ message: REVIEW_MESSAGES.notYours });
    const del = await call("DELETE", `/reviews/${created._id}`, undefined, intruder);
    expect(del.statusCode).toBe(403);
    expect(del.json()).toEqual({ message: REVIEW_MESSAGES.notYours });
    expect(
      (await call("PUT", `/reviews/${created._id}`, { rating: 1, comment: "x" })).statusCode,
    ).toBe(401);
    expect((await call("DELETE", `/reviews/${created._id}`)).statusCode).toBe(401);
    const still = (await call("GET", `/reviews/${kurta.id}`)).json() as Review[];
    expect(still.find((r) => r._id === created._id)).toMatchObject({
      rating: 5,
      comment: "Perfect",
    });
  });

  it("checks the edited comment like a new one", async () => {
    const jaya = await shopper("Jaya");
    const created = await review(jaya, kurta.id);
    const res = await call("PUT", `/reviews/${created._id}`, { rating: 5, comment: " " }, jaya);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ comment: REVIEW_MESSAGES.commentRequired });
  });

  it("an admin edits and deletes anyone's review", async () => {
    const kiran = await shopper("Kiran");
    const created = await review(kiran, saree.id, 1, "Rude words here");
    const edited = await call(
      "PUT",
      `/reviews/${created._id}`,
      { rating: 1, comment: "Did not like the colour" },
      admin,
    );
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ name: "Kiran", userId: kiran.id });
    const deleted = await call("DELETE", `/reviews/${created._id}`, undefined, admin);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: REVIEW_MESSAGES.deleted });
    const list = (await call("GET", `/reviews/${saree.id}`)).json() as Review[];
    expect(list.map((r) => r._id)).not.toContain(created._id);
  });

  it("the owner deletes their review and may then write a new one", async () => {
    const lata = await shopper("Lata");
    const created = await review(lata, kurta.id, 2, "Too tight");
    const deleted = await call("DELETE", `/reviews/${created._id}`, undefined, lata);
    expect(deleted.json()).toEqual({ message: "Review deleted successfully" });
    const gone = await call("DELETE", `/reviews/${created._id}`, undefined, lata);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ message: REVIEW_MESSAGES.notFound });
    await review(lata, kurta.id, 4, "Exchanged for a size up: fits now");
  });

  it("answers 404 for an unknown or malformed review id", async () => {
    const mohan = await shopper("Mohan");
    for (const id of ["6f1c1a8e-7d7e-4c1e-9a39-3f0e4f1f2a11", "abc"]) {
      const put = await call("PUT", `/reviews/${id}`, { rating: 5, comment: "Hi" }, mohan);
      expect(put.statusCode).toBe(404);
      expect(put.json()).toEqual({ message: REVIEW_MESSAGES.notFound });
      expect((await call("DELETE", `/reviews/${id}`, undefined, mohan)).statusCode).toBe(404);
    }
  });
});
