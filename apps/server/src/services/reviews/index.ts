/**
 * Reviews: one per shopper per product (the unique index decides, so two racing submits cannot both
 * win); the owner or an admin changes or deletes one; comments are plain text; a review is marked
 * 'verified buyer' when its author has a delivered order containing the product. Only a verified
 * buyer may say how it fitted and the size bought (record 0046): one of the product's sizes.
 */
import {
  type createReviewSchema,
  type FitAnswer,
  type FitQuestion,
  REVIEW_MESSAGES,
  type Review,
  SIZE_CHART_MESSAGES,
  type updateReviewSchema,
} from "@vastra/contracts";
import { and, asc, desc, eq, isNull, sql } from "drizzle-orm";
import type { z } from "zod";
import { type Db, type DbOrTx, rowsOf } from "../../db/client.ts";
import { productSizes, products, reviews, type users } from "../../db/schema.ts";
import { isUuid } from "../catalogue/index.ts";
import { qualified } from "../catalogue/sql.ts";
import type { Clock } from "../clock.ts";
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from "../errors.ts";

export type CreateReviewInput = z.output<typeof createReviewSchema>;
export type UpdateReviewInput = z.output<typeof updateReviewSchema>;
type Actor = Pick<typeof users.$inferSelect, "id" | "name" | "isAdmin">;

const verifiedBuyer = sql<boolean>`exists (
  select 1 from orders o join order_items oi on oi.order_id = o.id
  where o.user_id = ${qualified(reviews.userId)} and oi.product_id = ${qualified(reviews.productId)}
    and o.status = 'delivered')`;

const reviewColumns = {
  id: reviews.id,
  productId: reviews.productId,
  userId: reviews.userId,
  name: reviews.name,
  rating: reviews.rating,
  comment: reviews.comment,
  createdAt: reviews.createdAt,
  updatedAt: reviews.updatedAt,
  verifiedBuyer,
  hiddenAt: reviews.hiddenAt,
  reply: reviews.reply,
  repliedAt: reviews.repliedAt,
  fit: reviews.fit,
  sizeBought: reviews.sizeBought,
};
type ReviewRow = {
  id: string;
  productId: string;
  userId: string;
  name: string;
  rating: number;
  comment: string;
  createdAt: Date;
  updatedAt: Date;
  verifiedBuyer: boolean;
  hiddenAt: Date | null;
  reply: string | null;
  repliedAt: Date | null;
  fit?: FitAnswer | null;
  sizeBought?: string | null;
};

export function toReview(row: ReviewRow): Review {
  return {
    _id: row.id,
    productId: row.productId,
    userId: row.userId,
    name: row.name,
    rating: row.rating,
    comment: row.comment,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    verifiedBuyer: Boolean(row.verifiedBuyer),
    reply:
      row.reply !== null
        ? { text: row.reply, repliedAt: (row.repliedAt ?? row.updatedAt).toISOString() }
        : null,
    fit: row.fit ?? null,
    sizeBought: row.sizeBought ?? null,
  };
}

/** The sizes of this shopper's delivered order lines of the product, latest first (none: not verified). */
async function deliveredSizes(db: DbOrTx, userId: string, productId: string): Promise<string[]> {
  const rows = await db.execute(sql`
    select oi.size from orders o join order_items oi on oi.order_id = o.id
    where o.user_id = ${userId} and oi.product_id = ${productId} and o.status = 'delivered'
    order by o.created_at desc, oi.id`);
  return rowsOf<{ size: string }>(rows).map((r) => r.size);
}

async function productSizeNames(db: DbOrTx, productId: string): Promise<string[]> {
  const rows = await db
    .select({ size: productSizes.size })
    .from(productSizes)
    .where(eq(productSizes.productId, productId))
    .orderBy(asc(productSizes.position), asc(productSizes.size));
  return rows.map((r) => r.size);
}

/**
 * The fit answer and size bought to store (undefined: leave as they are): refused unless the
 * review's author is a verified buyer; the size must be one of the product's (its spelling kept).
 */
async function fitFields(
  db: DbOrTx,
  authorId: string,
  productId: string,
  input: { fit?: FitAnswer | null; sizeBought?: string | null },
): Promise<{ fit?: FitAnswer | null; sizeBought?: string | null }> {
  const out: { fit?: FitAnswer | null; sizeBought?: string | null } = {};
  if (input.fit !== undefined) out.fit = input.fit;
  if (input.sizeBought !== undefined) out.sizeBought = input.sizeBought;
  if (!input.fit && !input.sizeBought) return out;
  if ((await deliveredSizes(db, authorId, productId)).length === 0)
    throw new ForbiddenError(SIZE_CHART_MESSAGES.fitNotVerified);
  if (input.sizeBought) {
    const wanted = input.sizeBought.toLowerCase();
    const size = (await productSizeNames(db, productId)).find((s) => s.toLowerCase() === wanted);
    if (!size) throw ValidationError.field("sizeBought", SIZE_CHART_MESSAGES.sizeBoughtUnknown);
    out.sizeBought = size;
  }
  return out;
}

function isDuplicateReview(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    const x = e as { code?: unknown; constraint?: unknown; constraint_name?: unknown };
    if (x.code === "23505") {
      const constraint = String(x.constraint ?? x.constraint_name ?? "");
      return constraint === "" || constraint === "reviews_one_per_user_product";
    }
  }
  return false;
}

async function findReview(db: DbOrTx, id: string): Promise<ReviewRow> {
  if (!isUuid(id)) throw new NotFoundError(REVIEW_MESSAGES.notFound);
  const [row] = await db.select(reviewColumns).from(reviews).where(eq(reviews.id, id));
  if (!row) throw new NotFoundError(REVIEW_MESSAGES.notFound);
  return row;
}

async function assertProduct(db: DbOrTx, productId: string): Promise<void> {
  if (!isUuid(productId)) throw new NotFoundError(REVIEW_MESSAGES.productNotFound);
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.id, productId));
  if (!row) throw new NotFoundError(REVIEW_MESSAGES.productNotFound);
}

function assertMayChange(actor: Actor, review: ReviewRow): void {
  if (review.userId !== actor.id && !actor.isAdmin) {
    throw new ForbiddenError(REVIEW_MESSAGES.notYours);
  }
}

export function createReviewService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;
  return {
    /** A product's reviews, newest first; hidden ones are left out (record 0042). */
    async listForProduct(productId: string): Promise<Review[]> {
      await assertProduct(db, productId);
      const rows = await db
        .select(reviewColumns)
        .from(reviews)
        .where(and(eq(reviews.productId, productId), isNull(reviews.hiddenAt)))
        .orderBy(desc(reviews.createdAt), desc(reviews.id));
      return rows.map(toReview);
    },

    /** May this shopper say how it fitted, and the size of their latest delivered order line. */
    async fitQuestion(actor: Actor, productId: string): Promise<FitQuestion> {
      await assertProduct(db, productId);
      const [bought, sizes] = await Promise.all([
        deliveredSizes(db, actor.id, productId),
        productSizeNames(db, productId),
      ]);
      const latest = bought.find((size) => sizes.includes(size)) ?? null;
      return { verifiedBuyer: bought.length > 0, sizeBought: latest, sizes };
    },

    async create(actor: Actor, input: CreateReviewInput): Promise<Review> {
      await assertProduct(db, input.productId);
      const fitted = await fitFields(db, actor.id, input.productId, input);
      const now = clock();
      let id: string;
      try {
        const [row] = await db
          .insert(reviews)
          .values({
            productId: input.productId,
            userId: actor.id,
            name: actor.name,
            rating: input.rating,
            comment: input.comment,
            ...fitted,
            createdAt: now,
            updatedAt: now,
          })
          .returning({ id: reviews.id });
        id = row!.id;
      } catch (error) {
        if (isDuplicateReview(error)) throw new ConflictError(REVIEW_MESSAGES.duplicate);
        throw error;
      }
      return toReview(await findReview(db, id));
    },

    async update(actor: Actor, id: string, input: UpdateReviewInput): Promise<Review> {
      const review = await findReview(db, id);
      assertMayChange(actor, review);
      const fitted = await fitFields(db, review.userId, review.productId, input);
      await db
        .update(reviews)
        .set({ rating: input.rating, comment: input.comment, ...fitted, updatedAt: clock() })
        .where(eq(reviews.id, id));
      return toReview(await findReview(db, id));
    },

    async remove(actor: Actor, id: string): Promise<void> {
      const review = await findReview(db, id);
      assertMayChange(actor, review);
      await db.delete(reviews).where(eq(reviews.id, id));
    },

    /**
     * Hides or shows a review (admin). The update's trigger bumps the 'live' version of its product,
     * so the read model drops the product's rating figures at once (record 0028).
     */
    async setHidden(id: string, hidden: boolean): Promise<Review> {
      const review = await findReview(db, id);
      if (Boolean(review.hiddenAt) !== hidden) {
        await db
          .update(reviews)
          .set({ hiddenAt: hidden ? clock() : null })
          .where(eq(reviews.id, id));
      }
      return toReview(await findReview(db, id));
    },

    /** The store's one reply to a review (admin): written, or replaced when there is one. */
    async setReply(id: string, reply: string): Promise<Review> {
      await findReview(db, id);
      await db.update(reviews).set({ reply, repliedAt: clock() }).where(eq(reviews.id, id));
      return toReview(await findReview(db, id));
    },

    async removeReply(id: string): Promise<Review> {
      await findReview(db, id);
      await db.update(reviews).set({ reply: null, repliedAt: null }).where(eq(reviews.id, id));
      return toReview(await findReview(db, id));
    },
  };
}
export type ReviewService = ReturnType<typeof createReviewService>;
