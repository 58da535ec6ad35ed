import { pageParams } from "./common.ts";
import { REVIEW_MAX_LENGTH, REVIEW_MESSAGES } from "./review-messages.ts";
import { SIZE_CHART_LIMITS, SIZE_CHART_MESSAGES } from "./size-chart-messages.ts";
import { FIT_ANSWERS } from "./size-fit.ts";
import { z } from "./zod.ts";

export * from "./review-messages.ts";

export const REVIEW_SORTS = ["newest", "oldest", "highest-rating", "lowest-rating"] as const;

export const reviewSchema = z
  .object({
    _id: z.string(),
    productId: z.string(),
    userId: z.string(),
    name: z.string(),
    rating: z.number().int().min(1).max(5),
    comment: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
    /** The reviewer has a delivered order containing the product. */
    verifiedBuyer: z.boolean(),
    /** The store's reply (one per review), shown under it as "Reply from Vastra". */
    reply: z.object({ text: z.string(), repliedAt: z.string() }).nullable(),
    /** A verified buyer's "How did it fit?" and "Size bought" (record 0046); null: not said. */
    fit: z.enum(FIT_ANSWERS).nullable(),
    sizeBought: z.string().nullable(),
  })
  .meta({ id: "Review" });
export type Review = z.infer<typeof reviewSchema>;

const rating = z.coerce
  .number({ error: REVIEW_MESSAGES.rating })
  .int(REVIEW_MESSAGES.rating)
  .min(1, REVIEW_MESSAGES.rating)
  .max(5, REVIEW_MESSAGES.rating);
const comment = z
  .string({ error: REVIEW_MESSAGES.commentRequired })
  .trim()
  .min(1, REVIEW_MESSAGES.commentRequired)
  .max(REVIEW_MAX_LENGTH, REVIEW_MESSAGES.commentTooLong);
/** Verified buyers only (the service checks); null or absent: not answered. */
const fit = z.enum(FIT_ANSWERS, { error: SIZE_CHART_MESSAGES.fitChoice }).nullable().optional();
const sizeBought = z
  .string({ error: SIZE_CHART_MESSAGES.sizeBoughtUnknown })
  .trim()
  .min(1, SIZE_CHART_MESSAGES.sizeBoughtUnknown)
  .max(SIZE_CHART_LIMITS.maxSizeName, SIZE_CHART_MESSAGES.sizeBoughtUnknown)
  .nullable()
  .optional();

export const createReviewSchema = z
  .object({
    productId: z.string().min(1, REVIEW_MESSAGES.productNotFound),
    rating: rating.default(5),
    comment,
    fit,
    sizeBought,
  })
  .strict()
  .meta({ id: "CreateReview" });
export const updateReviewSchema = z
  .object({ rating, comment, fit, sizeBought })
  .strict()
  .meta({ id: "UpdateReview" });

/** PUT /api/reviews/{id}/visibility (admin): a hidden review leaves the shop, not the admin's list. */
export const reviewVisibilitySchema = z
  .object({ hidden: z.boolean({ error: "Please say whether the review is hidden" }) })
  .strict()
  .meta({ id: "ReviewVisibility" });

/** PUT /api/reviews/{id}/reply (admin): the store's one reply, replaced when sent again. */
export const reviewReplySchema = z
  .object({
    reply: z
      .string({ error: REVIEW_MESSAGES.replyRequired })
      .trim()
      .min(1, REVIEW_MESSAGES.replyRequired)
      .max(REVIEW_MAX_LENGTH, REVIEW_MESSAGES.replyTooLong),
  })
  .strict()
  .meta({ id: "ReviewReply" });

// ---------------------------------------------------------------- admin (admin.md §2, §7, §9)

export type ReviewSort = (typeof REVIEW_SORTS)[number];
export const REVIEW_SORT_LABELS: Record<ReviewSort, string> = {
  newest: "Newest first",
  oldest: "Oldest first",
  "highest-rating": "Highest rating",
  "lowest-rating": "Lowest rating",
};
export const ADMIN_REVIEWS_PAGE_DEFAULT = 50;
export const ADMIN_REVIEWS_PAGE_MAX = 100;
export const REVIEW_FETCH_FAILED = "Failed to fetch reviews";
/** The group of reviews whose product has no category. */
export const UNCATEGORISED = "Uncategorised";

/** GET /api/reviews/admin/reviews: every filter optional; a bad value is ignored, not refused. */
export const adminReviewsQuerySchema = z.object({
  rating: z.coerce.number().int().min(1).max(5).optional().catch(undefined),
  /** A category id: reviews of products in it. */
  category: z.uuid().optional().catch(undefined),
  /** A product id. */
  product: z.uuid().optional().catch(undefined),
  /** Text in the comment, the reviewer's name or the product's title. */
  search: z
    .string()
    .trim()
    .max(200)
    .optional()
    .catch(undefined)
    .transform((v) => v || undefined),
  sort: z.enum(REVIEW_SORTS).default("newest").catch("newest"),
  /** "category" (the default): ordered by category name first, so a page's groups stay whole. */
  group: z.enum(["category", "none"]).default("category").catch("category"),
  ...pageParams(ADMIN_REVIEWS_PAGE_DEFAULT, ADMIN_REVIEWS_PAGE_MAX),
});
export type AdminReviewsQuery = z.output<typeof adminReviewsQuerySchema>;

export const adminReviewSchema = reviewSchema
  .extend({
    productTitle: z.string(),
    productImageUrl: z.string(),
    /** The group the review is shown in: the filtered category, else the product's first one. */
    categoryId: z.string().nullable(),
    categoryName: z.string(),
    /** Hidden by an admin: not on the product page nor in its rating (shown greyed here). */
    hidden: z.boolean(),
  })
  .meta({ id: "AdminReview" });
export type AdminReview = z.infer<typeof adminReviewSchema>;

export const reviewPaginationSchema = z
  .object({
    currentPage: z.number().int(),
    totalPages: z.number().int(),
    totalItems: z.number().int(),
    hasNext: z.boolean(),
    hasPrev: z.boolean(),
  })
  .meta({ id: "ReviewPagination" });
export type ReviewPagination = z.infer<typeof reviewPaginationSchema>;

export const adminReviewsReplySchema = z
  .object({
    reviews: z.array(adminReviewSchema),
    pagination: reviewPaginationSchema,
    /** The matching reviews' average rating (0 when none). */
    averageRating: z.number(),
    /** Products that have reviews (in the chosen category, if any): the product filter's choices. */
    products: z.array(
      z.object({ _id: z.string(), title: z.string(), reviewCount: z.number().int() }),
    ),
  })
  .meta({ id: "AdminReviews" });
export type AdminReviewsReply = z.infer<typeof adminReviewsReplySchema>;
