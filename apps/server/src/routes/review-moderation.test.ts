/**
 * Review moderation (issue #16, record 0042): the admin list's "Newest first" is in date order
 * across categories; an admin hides a review (gone from the product page, its rating and count, the
 * read model's answers) and shows it again; the store's one reply is written, changed and removed.
 */
import {
  type AdminReviewsReply,
  type Product,
  REVIEW_MESSAGES,
  type Review,
} from "@vastra/contracts";
import { describe, expect, it } from "vitest";
import { createCategory, createProduct, createReview, createUser } from "../../test/factories.ts";
import { buildTestApp } from "../../test/helpers.ts";

const { app, database } = await buildTestApp();
const db = database.db;

const admin = await createUser(db, { isAdmin: true, name: "Store Admin" });
const people = await Promise.all(
  ["Asha", "Bilal", "Chitra", "Dev"].map((name) => createUser(db, { name })),
);
const day = (n: number) => new Date(Date.UTC(2026, 10, n, 10));
const sarees = await createCategory(db, "Sarees");
const kurtas = await createCategory(db, "Kurtas");
const saree = await createProduct(db, { title: "Banarasi Silk Saree", categories: [sarees.id] });
const kurta = await createProduct(db, { title: "Chikankari Kurta", categories: [kurtas.id] });

const review = (who: number, productId: string, rating: number, comment: string, n: number) =>
  createReview(db, {
    productId,
    userId: people[who]!.id,
    name: people[who]!.user.name,
    rating,
    comment,
    createdAt: day(n),
  });
const kurtaOld = await review(0, kurta.id, 5, "Soft cotton", 1);
const sareeMid = await review(1, saree.id, 4, "Rich zari", 2);
const kurtaNew = await review(2, kurta.id, 1, "Spam spam buy followers", 3);
const sareeNewest = await review(3, saree.id, 2, "Colour faded", 4);

async function call<T>(
  method: "GET" | "PUT" | "DELETE",
  url: string,
  body?: object,
  cookie = admin.cookie,
) {
  const res = await app.inject({
    method,
    url,
    headers: cookie ? { cookie } : {},
    ...(body ? { payload: body } : {}),
  });
  return { status: res.statusCode, body: res.json<T>() };
}
const productReviews = async (id: string) =>
  (await call<Review[]>("GET", `/api/reviews/${id}`, undefined, "")).body;
const product = async (id: string) =>
  (await call<Product>("GET", `/api/products/${id}`, undefined, "")).body;

describe("the admin's review list", () => {
  it("sorted newest first without grouping is in date order across categories", async () => {
    const { body } = await call<AdminReviewsReply>(
      "GET",
      "/api/reviews/admin/reviews?sort=newest&group=none",
    );
    expect(body.reviews.map((r) => r.comment)).toEqual([
      "Colour faded",
      "Spam spam buy followers",
      "Rich zari",
      "Soft cotton",
    ]);
    const oldest = await call<AdminReviewsReply>(
      "GET",
      "/api/reviews/admin/reviews?sort=oldest&group=none",
    );
    expect(oldest.body.reviews.map((r) => r.comment)).toEqual([
      "Soft cotton",
      "Rich zari",
      "Spam spam buy followers",
      "Colour faded",
    ]);
  });
});

describe("hiding a review", () => {
  it("takes it off the product page, out of the rating and count, and keeps it greyed in the admin list", async () => {
    // Read first, so the read model holds the product's figures.
    expect(await product(kurta.id)).toMatchObject({ averageRating: 3, reviewCount: 2 });
    expect((await productReviews(kurta.id)).map((r) => r.comment)).toContain(
      "Spam spam buy followers",
    );

    const hidden = await call<Review>("PUT", `/api/reviews/${kurtaNew.id}/visibility`, {
      hidden: true,
    });
    expect(hidden.status).toBe(200);

    expect((await productReviews(kurta.id)).map((r) => r.comment)).toEqual(["Soft cotton"]);
    expect(await product(kurta.id)).toMatchObject({ averageRating: 5, reviewCount: 1 });
    const listed = await call<Product[]>(
      "GET",
      `/api/products?category=${kurtas.id}`,
      undefined,
      "",
    );
    expect(listed.status).toBe(200);

    const { body } = await call<AdminReviewsReply>("GET", "/api/reviews/admin/reviews?group=none");
    const row = body.reviews.find((r) => r._id === kurtaNew.id);
    expect(row).toMatchObject({ hidden: true, comment: "Spam spam buy followers" });
    expect(body.reviews.filter((r) => r.hidden)).toHaveLength(1);
  });

  it("unhiding brings it back everywhere", async () => {
    const shown = await call<Review>("PUT", `/api/reviews/${kurtaNew.id}/visibility`, {
      hidden: false,
    });
    expect(shown.status).toBe(200);
    expect((await productReviews(kurta.id)).map((r) => r.comment)).toEqual([
      "Spam spam buy followers",
      "Soft cotton",
    ]);
    expect(await product(kurta.id)).toMatchObject({ averageRating: 3, reviewCount: 2 });
  });

  it("is for admins only, and refuses a bad body or an unknown review without changing anything", async () => {
    const shopper = await createUser(db, { name: "Nosy" });
    const forbidden = await call(
      "PUT",
      `/api/reviews/${kurtaOld.id}/visibility`,
      { hidden: true },
      shopper.cookie,
    );
    expect(forbidden.status).toBe(403);
    const guest = await call("PUT", `/api/reviews/${kurtaOld.id}/visibility`, { hidden: true }, "");
    expect(guest.status).toBe(401);
    const bad = await call("PUT", `/api/reviews/${kurtaOld.id}/visibility`, { hidden: "yes" });
    expect(bad.status).toBe(400);
    const missing = await call<{ message: string }>(
      "PUT",
      "/api/reviews/00000000-0000-4000-8000-000000000000/visibility",
      { hidden: true },
    );
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(REVIEW_MESSAGES.notFound);
    expect((await productReviews(kurta.id)).map((r) => r.comment)).toContain("Soft cotton");
  });
});

describe("the store's reply", () => {
  it("is written once, shown under the review, changed in place and removed", async () => {
    const first = await call<Review>("PUT", `/api/reviews/${sareeNewest.id}/reply`, {
      reply: "  Sorry to hear that: please write to us for a replacement.  ",
    });
    expect(first.status).toBe(200);
    expect(first.body.reply?.text).toBe(
      "Sorry to hear that: please write to us for a replacement.",
    );
    let shown = (await productReviews(saree.id)).find((r) => r._id === sareeNewest.id);
    expect(shown?.reply?.text).toBe("Sorry to hear that: please write to us for a replacement.");

    const changed = await call<Review>("PUT", `/api/reviews/${sareeNewest.id}/reply`, {
      reply: "We have sent you a replacement.",
    });
    expect(changed.status).toBe(200);
    shown = (await productReviews(saree.id)).find((r) => r._id === sareeNewest.id);
    expect(shown?.reply?.text).toBe("We have sent you a replacement.");
    // Still one reply, and the other review has none.
    expect((await productReviews(saree.id)).find((r) => r._id === sareeMid.id)?.reply).toBeNull();

    const removed = await call<Review>("DELETE", `/api/reviews/${sareeNewest.id}/reply`);
    expect(removed.status).toBe(200);
    expect(removed.body.reply).toBeNull();
    shown = (await productReviews(saree.id)).find((r) => r._id === sareeNewest.id);
    expect(shown?.reply).toBeNull();
  });

  it("refuses an empty or too long reply, and a shopper, leaving the review as it was", async () => {
    await call("PUT", `/api/reviews/${sareeMid.id}/reply`, { reply: "Thank you!" });
    const empty = await call<{ message: string }>("PUT", `/api/reviews/${sareeMid.id}/reply`, {
      reply: "   ",
    });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe(REVIEW_MESSAGES.replyRequired);
    const long = await call<{ message: string }>("PUT", `/api/reviews/${sareeMid.id}/reply`, {
      reply: "x".repeat(2001),
    });
    expect(long.status).toBe(400);
    expect(long.body.message).toBe(REVIEW_MESSAGES.replyTooLong);
    const shopper = await createUser(db, { name: "Meddler" });
    const forbidden = await call(
      "PUT",
      `/api/reviews/${sareeMid.id}/reply`,
      { reply: "Mine now" },
      shopper.cookie,
    );
    expect(forbidden.status).toBe(403);
    const removeForbidden = await call(
      "DELETE",
      `/api/reviews/${sareeMid.id}/reply`,
      undefined,
      shopper.cookie,
    );
    expect(removeForbidden.status).toBe(403);
    const shown = (await productReviews(saree.id)).find((r) => r._id === sareeMid.id);
    expect(shown?.reply?.text).toBe("Thank you!");
  });
});
