/**
 * Reviews, admin side (admin.md §2, §7, §9): every review with its product and category, filtered
 * by rating, category, product and text, sorted newest / oldest / highest / lowest rating, paged.
 * Editing and deleting reuse the review service (an admin may change any review).
 *
 * Grouping: each review belongs to one group, the category being filtered on, else its product's
 * first category ('Uncategorised' when it has none). With group=category the list is ordered by
 * the group's name first, so a group is never split by the chosen sort and pages stay in order.
 */
import {
  type AdminReview,
  type AdminReviewsQuery,
  type AdminReviewsReply,
  UNCATEGORISED,
} from "@vastra/contracts";
import { and, eq, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { products, reviews } from "../../db/schema.ts";
import { qualified } from "../catalogue/sql.ts";
import { toReview } from "./index.ts";

/** LIKE pattern of a literal text (%, _ and \ matched as themselves). */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const productId = qualified(reviews.productId);

export function createReviewAdminService(deps: { db: Db }) {
  const { db } = deps;
  return {
    async list(query: AdminReviewsQuery): Promise<AdminReviewsReply> {
      const filtered = query.category;
      // The review's group: the filtered category, else the product's first category.
      const groupId = filtered
        ? sql<string | null>`${filtered}::uuid`
        : sql<string | null>`(select pc.category_id from product_categories pc
            where pc.product_id = ${productId} order by pc.position, pc.category_id limit 1)`;
      const groupName = sql<
        string | null
      >`(select c.name from categories c where c.id = ${groupId})`;

      const conditions: SQL[] = [];
      if (query.rating) conditions.push(eq(reviews.rating, query.rating));
      if (query.product) conditions.push(eq(reviews.productId, query.product));
      if (filtered) {
        conditions.push(sql`exists (select 1 from product_categories pc
          where pc.product_id = ${productId} and pc.category_id = ${filtered}::uuid)`);
      }
      if (query.search) {
        const like = containing(query.search);
        conditions.push(sql`(${qualified(reviews.comment)} ilike ${like}
          or ${qualified(reviews.name)} ilike ${like} or ${qualified(products.title)} ilike ${like})`);
      }
      const where = conditions.length > 0 ? and(...conditions) : undefined;

      const sortOrder: SQL[] = {
        newest: [sql`${qualified(reviews.createdAt)} desc`],
        oldest: [sql`${qualified(reviews.createdAt)} asc`],
        "highest-rating": [
          sql`${qualified(reviews.rating)} desc`,
          sql`${qualified(reviews.createdAt)} desc`,
        ],
        "lowest-rating": [
          sql`${qualified(reviews.rating)} asc`,
          sql`${qualified(reviews.createdAt)} desc`,
        ],
      }[query.sort];
      const order: SQL[] = [
        ...(query.group === "category"
          ? [sql`(${groupName}) is null`, sql`lower(${groupName})`, sql`${groupId}`]
          : []),
        ...sortOrder,
        sql`${qualified(reviews.id)} asc`,
      ];

      const offset = (query.page - 1) * query.limit;
      const [rows, totals, reviewed] = await Promise.all([
        db
          .select({
            id: reviews.id,
            productId: reviews.productId,
            userId: reviews.userId,
            name: reviews.name,
            rating: reviews.rating,
            comment: reviews.comment,
            createdAt: reviews.createdAt,
            updatedAt: reviews.updatedAt,
            hiddenAt: reviews.hiddenAt,
            reply: reviews.reply,
            repliedAt: reviews.repliedAt,
            fit: reviews.fit,
            sizeBought: reviews.sizeBought,
            verifiedBuyer: sql<boolean>`exists (
              select 1 from orders o join order_items oi on oi.order_id = o.id
              where o.user_id = ${qualified(reviews.userId)} and oi.product_id = ${productId}
                and o.status = 'delivered')`,
            productTitle: products.title,
            productImageUrl: products.imageUrl,
            categoryId: groupId,
            categoryName: groupName,
          })
          .from(reviews)
          .innerJoin(products, eq(products.id, reviews.productId))
          .where(where)
          .orderBy(...order)
          .limit(query.limit)
          .offset(offset),
        db
          .select({
            count: sql<number>`count(*)::int`,
            average: sql<string | null>`avg(${qualified(reviews.rating)})`,
          })
          .from(reviews)
          .innerJoin(products, eq(products.id, reviews.productId))
          .where(where),
        db
          .select({
            _id: products.id,
            title: products.title,
            reviewCount: sql<number>`count(*)::int`,
          })
          .from(reviews)
          .innerJoin(products, eq(products.id, reviews.productId))
          .where(
            filtered
              ? sql`exists (select 1 from product_categories pc
                  where pc.product_id = ${productId} and pc.category_id = ${filtered}::uuid)`
              : undefined,
          )
          .groupBy(products.id, products.title)
          .orderBy(sql`lower(${products.title})`, products.id),
      ]);

      const totalItems = Number(totals[0]?.count ?? 0);
      const totalPages = Math.max(1, Math.ceil(totalItems / query.limit));
      const average = totals[0]?.average;
      return {
        reviews: rows.map(
          (row): AdminReview => ({
            ...toReview(row),
            productTitle: row.productTitle,
            productImageUrl: row.productImageUrl,
            categoryId: row.categoryId ?? null,
            categoryName: row.categoryName ?? UNCATEGORISED,
            hidden: row.hiddenAt !== null,
          }),
        ),
        pagination: {
          currentPage: query.page,
          totalPages,
          totalItems,
          hasNext: query.page < totalPages,
          hasPrev: query.page > 1,
        },
        averageRating: average ? Math.round(Number(average) * 10) / 10 : 0,
        products: reviewed.map((p) => ({ ...p, reviewCount: Number(p.reviewCount) })),
      };
    },
  };
}
export type ReviewAdminService = ReturnType<typeof createReviewAdminService>;
