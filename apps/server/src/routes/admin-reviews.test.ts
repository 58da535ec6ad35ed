import { type AdminReviewsReply, REVIEW_MESSAGES, type Review } from "@vastra/contracts";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createCategory, createProduct, createReview, createUser } from "../../test/factories.ts";
import { buildTestApp } from "../../test/helpers.ts";
import { reviews } from "../db/schema.ts";

const { app, database } = await buildTestApp();
const db = database.db;

const admin = await createUser(db, { isAdmin: true, name: "Store Admin" });
const shopper = await createUser(db, { name: "Meera" });
const people = await Promise.all(
  ["Asha", "Bilal", "Chitra", "Dev", "Esha"].map((name) => createUser(db, { name })),
);
const day = (n: number) => new Date(Date.UTC(2026, 9, n, 10));

const sarees = await createCategory(db, "Sarees");
const kurtas = await createCategory(db, "Kurtas");
const festive = await createCategory(db, "Festive");
const silkSaree = await createProduct(db, {
  title: "Banarasi Silk Saree",
  categories: [sarees.id],
});
const kurta = await createProduct(db, {
  title: "Chikankari Kurta",
  categories: [kurtas.id, festive.id],
});
const plain = await createProduct(db, { title: "Plain Tee" });

const r = async (
  who: number,
  productId: string,
  rating: number,
  comment: string,
  createdAt: Date,
) => {
  const p = people[who]!;
  return createReview(db, {
    productId,
    userId: p.id,
    name: p.user.name,
    rating,
    comment,
    createdAt,
  });
};
const sareeByAsha = await r(0, silkSaree.id, 5, "Gorgeous zari work", day(1));
const sareeByBilal = await r(1, silkSaree.id, 2, "Colour faded after one wash", day(5));
const kurtaByChitra = await r(2, kurta.id, 4, "Soft cotton, 100% worth it", day(3));
const kurtaByDev = await r(3, kurta.id, 1, "Stitching came apart", day(6));
await r(4, plain.id, 3, "Just fine", day(2));
await createReview(db, {
  productId: kurta.id,
  userId: shopper.id,
  name: "Meera",
  rating: 5,
  comment: "Lovely for Diwali",
  createdAt: day(4),
});

const list = async (query = "", cookie = admin.cookie) => {
  const res = await app.inject({
    method: "GET",
    url: `/api/reviews/admin/reviews${query ? `?${query}` : ""}`,
    headers: { cookie },
  });
  expect(res.statusCode).toBe(200);
  return res.json<AdminReviewsReply>();
};
const comments = (reply: AdminReviewsReply) => reply.reviews.map((x) => x.comment);

describe("GET /api/reviews/admin/reviews", () => {
  it("lists every review grouped by category (by name, uncategorised last), newest first in a group", async () => {
    const reply = await list();
    expect(reply.reviews.map((x) => [x.categoryName, x.comment])).toEqual([
      ["Kurtas", "Stitching came apart"],
      ["Kurtas", "Lovely for Diwali"],
      ["Kurtas", "Soft cotton, 100% worth it"],
      ["Sarees", "Colour faded after one wash"],
      ["Sarees", "Gorgeous zari work"],
      ["Uncategorised", "Just fine"],
    ]);
    expect(reply.reviews[0]).toMatchObject({
      _id: kurtaByDev.id,
      productId: kurta.id,
      productTitle: "Chikankari Kurta",
      categoryId: kurtas.id,
      name: "Dev",
      rating: 1,
      createdAt: day(6).toISOString(),
    });
    expect(reply.pagination).toEqual({
      currentPage: 1,
      totalPages: 1,
      totalItems: 6,
      hasNext: false,
      hasPrev: false,
    });
    expect(reply.averageRating).toBe(3.3);
    expect(reply.products.map((p) => [p.title, p.reviewCount])).toEqual([
      ["Banarasi Silk Saree", 2],
      ["Chikankari Kurta", 3],
      ["Plain Tee", 1],
    ]);
  });

  it("sorts newest, oldest, highest and lowest rating (without grouping too)", async () => {
    expect(comments(await list("group=none&sort=newest"))).toEqual([
      "Stitching came apart",
      "Colour faded after one wash",
      "Lovely for Diwali",
      "Soft cotton, 100% worth it",
      "Just fine",
      "Gorgeous zari work",
    ]);
    expect(comments(await list("group=none&sort=oldest"))).toEqual([
      "Gorgeous zari work",
      "Just fine",
      "Soft cotton, 100% worth it",
      "Lovely for Diwali",
      "Colour faded after one wash",
      "Stitching came apart",
    ]);
    const highest = (await list("group=none&sort=highest-rating")).reviews.map((x) => x.rating);
    expect(highest).toEqual([5, 5, 4, 3, 2, 1]);
    const lowest = (await list("group=none&sort=lowest-rating")).reviews.map((x) => x.rating);
    expect(lowest).toEqual([1, 2, 3, 4, 5, 5]);
    // Grouped, the sort applies inside each group.
    expect(comments(await list("sort=highest-rating"))).toEqual([
      "Lovely for Diwali",
      "Soft cotton, 100% worth it",
      "Stitching came apart",
      "Gorgeous zari work",
      "Colour faded after one wash",
      "Just fine",
    ]);
  });

  it("filters by rating, category, product and text, and combines them", async () => {
    expect(comments(await list("rating=5"))).toEqual(["Lovely for Diwali", "Gorgeous zari work"]);
    // A product in two categories shows under the filtered one.
    const inFestive = await list(`category=${festive.id}`);
    expect(inFestive.reviews.map((x) => x.categoryName)).toEqual(["Festive", "Festive", "Festive"]);
    expect(inFestive.products.map((p) => p.title)).toEqual(["Chikankari Kurta"]);
    expect(comments(await list(`product=${silkSaree.id}`))).toEqual([
      "Colour faded after one wash",
      "Gorgeous zari work",
    ]);
    // Text: the comment, the reviewer's name or the product's title, ignoring case; % is literal.
    expect(comments(await list("search=ZARI"))).toEqual(["Gorgeous zari work"]);
    expect(comments(await list("search=bilal"))).toEqual(["Colour faded after one wash"]);
    expect(comments(await list("search=tee"))).toEqual(["Just fine"]);
    expect(comments(await list("search=100%25"))).toEqual(["Soft cotton, 100% worth it"]);
    expect(comments(await list("search=%25"))).toEqual(["Soft cotton, 100% worth it"]);
    expect(comments(await list(`rating=1&category=${kurtas.id}`))).toEqual([
      "Stitching came apart",
    ]);
    const none = await list(`rating=3&category=${kurtas.id}`);
    expect(none.reviews).toEqual([]);
    expect(none.pagination).toMatchObject({ totalItems: 0, totalPages: 1, hasNext: false });
    expect(none.averageRating).toBe(0);
    // A bad filter value is ignored rather than refused.
    expect((await list("rating=9&sort=sideways&category=nope")).pagination.totalItems).toBe(6);
  });

  it("pages: limit, page, hasNext and hasPrev", async () => {
    const first = await list("limit=4");
    expect(first.reviews).toHaveLength(4);
    expect(first.pagination).toEqual({
      currentPage: 1,
      totalPages: 2,
      totalItems: 6,
      hasNext: true,
      hasPrev: false,
    });
    const second = await list("limit=4&page=2");
    expect(comments(second)).toEqual(["Gorgeous zari work", "Just fine"]);
    expect(second.pagination).toMatchObject({ currentPage: 2, hasNext: false, hasPrev: true });
  });

  it("answers 401 to a guest and 403 to a shopper", async () => {
    const guest = await app.inject({ method: "GET", url: "/api/reviews/admin/reviews" });
    expect(guest.statusCode).toBe(401);
    const asShopper = await app.inject({
      method: "GET",
      url: "/api/reviews/admin/reviews",
      headers: { cookie: shopper.cookie },
    });
    expect(asShopper.statusCode).toBe(403);
  });
});

describe("an admin edits and deletes any review (PUT and DELETE /api/reviews/{id})", () => {
  it("changes another shopper's rating and comment", async () => {
    const res = await app.inject({
      method: "PUT",
      url: `/api/reviews/${sareeByBilal.id}`,
      headers: { cookie: admin.cookie },
      payload: { rating: 3, comment: "  Colour faded a little after washing  " },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<Review>()).toMatchObject({
      _id: sareeByBilal.id,
      name: "Bilal",
      userId: people[1]!.id,
      rating: 3,
      comment: "Colour faded a little after washing",
    });
    const listed = (await list(`product=${silkSaree.id}`)).reviews.find(
      (x) => x._id === sareeByBilal.id,
    );
    expect(listed).toMatchObject({ rating: 3, comment: "Colour faded a little after washing" });
  });

  it("refuses a bad edit with the field's message and changes nothing", async () => {
    const bad = await app.inject({
      method: "PUT",
      url: `/api/reviews/${kurtaByChitra.id}`,
      headers: { cookie: admin.cookie },
      payload: { rating: 6, comment: " " },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({
      rating: REVIEW_MESSAGES.rating,
      comment: REVIEW_MESSAGES.commentRequired,
    });
    const [row] = await db.select().from(reviews).where(eq(reviews.id, kurtaByChitra.id));
    expect(row).toMatchObject({ rating: 4, comment: "Soft cotton, 100% worth it" });
  });

  it("deletes a review; a shopper cannot delete someone else's", async () => {
    const refused = await app.inject({
      method: "DELETE",
      url: `/api/reviews/${sareeByAsha.id}`,
      headers: { cookie: shopper.cookie },
    });
    expect(refused.statusCode).toBe(403);
    const res = await app.inject({
      method: "DELETE",
      url: `/api/reviews/${sareeByAsha.id}`,
      headers: { cookie: admin.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: REVIEW_MESSAGES.deleted });
    const after = await list();
    expect(after.pagination.totalItems).toBe(5);
    expect(comments(after)).not.toContain("Gorgeous zari work");
    expect(comments(after)).toContain("Lovely for Diwali");
  });
});
