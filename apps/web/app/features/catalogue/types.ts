/** Shapes shared by the catalogue's server code and its screens. */

export type ReviewIntent = "create" | "update" | "delete";

export type ReviewResult = {
  intent: ReviewIntent;
  ok: boolean;
  message: string;
  /** Field messages of a refused form (comment, rating). */
  errors?: Record<string, string>;
  /** The review it was about (edits and deletions). */
  reviewId?: string;
};
