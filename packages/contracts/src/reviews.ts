import { z } from "./zod.ts";

export const REVIEW_MESSAGES = {
  commentRequired: "Please enter a comment",
  commentTooLong: "Please keep your review under 2,000 characters",
  rating: "Please choose a rating from 1 to 5",
  duplicate: "You have already reviewed this product",
  notFound: "Review not found",
  notYours: "You can only change your own review",
  productNotFound: "Product not found",
  submitted: "Review submitted successfully!",
  updated: "Review updated successfully",
  deleted: "Review deleted successfully",
  submitFailed: "Failed to submit review",
  updateFailed: "Failed to update review",
  deleteFailed: "Failed to delete review",
  loginToReview: "Please log in to write a review",
} as const;

export const REVIEW_MAX_LENGTH = 2000;
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

export const createReviewSchema = z
  .object({
    productId: z.string().min(1, REVIEW_MESSAGES.productNotFound),
    rating: rating.default(5),
    comment,
  })
  .strict()
  .meta({ id: "CreateReview" });
export const updateReviewSchema = z
  .object({ rating, comment })
  .strict()
  .meta({ id: "UpdateReview" });
