/**
 * Reviews: one per shopper per product (the unique index decides, so two racing submits cannot both
 * win); the owner or an admin changes or deletes one; comments are plain text; a review is marked
 * 'verified buyer' when its author has a delivered order containing the product.
 */
import {
  type createReviewSchema,
  REVIEW_MESSAGES,
  type Review,
  type updateReviewSchema,
} from "@vastra/contracts";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db, DbOrTx } from "../../db/client.ts";
import { products, reviews, type users } from "../../db/schema.ts";
import { isUuid } from "../catalogue/index.ts";
import { qualified } from "../catalogue/sql.ts";
import type { Clock } from "../clock.ts";
import { ConflictError, ForbiddenError, NotFoundError } from "../errors.ts";

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
  };
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

    async create(actor: Actor, input: CreateReviewInput): Promise<Review> {
      await assertProduct(db, input.productId);
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
      await db
        .update(reviews)
        .set({ rating: input.rating, comment: input.comment, updatedAt: clock() })
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
