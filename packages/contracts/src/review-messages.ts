/** The reviews' texts and limits, without zod, for the browser; reviews.ts re-exports them. */
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
  // Moderation (record 0042)
  hidden: "Review hidden from the shop",
  unhidden: "Review shown in the shop again",
  hideFailed: "Failed to change the review's visibility",
  replyRequired: "Please enter a reply",
  replyTooLong: "Please keep your reply under 2,000 characters",
  replySaved: "Reply saved",
  replyRemoved: "Reply removed",
  replyFailed: "Failed to save the reply",
  replyRemoveFailed: "Failed to remove the reply",
} as const;

/** The heading of the store's reply under a review on the product page. */
export const REVIEW_REPLY_HEADING = "Reply from Vastra";

export const REVIEW_MAX_LENGTH = 2000;
