/**
 * Image uploads of the admin forms (admin.md §7, decisions.md §8). An edit form opens an upload
 * session (a random UUID sent as X-Session-ID); each upload is a temporary image of that session
 * until a saved product or advertisement claims it. Closing the form without saving cleans the
 * session up; forgotten temporary uploads are swept after 24 hours. The newsletter builder uploads
 * through the advertisement route without a session: those images are kept (newsletter assets).
 */
import { IMAGE_MAX_BYTES } from "./images.ts";
import { z } from "./zod.ts";

export const UPLOAD_SESSION_HEADER = "X-Session-ID";
/** The multipart field that carries the file. */
export const UPLOAD_FIELD = "image";

/** What an upload is for: the last path segment of its route. */
export const PRODUCT_UPLOAD_KINDS = [
  "product-image",
  "hero-image",
  "additional-image",
  "color-image",
] as const;
export type ProductUploadKind = (typeof PRODUCT_UPLOAD_KINDS)[number];
/**
 * "newsletter-image": an advertisement upload sent without an upload session, as the newsletter
 * builder sends it (admin.md §7). It is kept as a newsletter asset, not swept as an unsaved draft.
 */
export type UploadKind = ProductUploadKind | "advertisement-image" | "newsletter-image";

/** Temporary uploads older than this are swept. */
export const UPLOAD_STALE_AFTER_MS = 24 * 60 * 60 * 1000;

export const UPLOAD_MESSAGES = {
  uploaded: "Image uploaded successfully!",
  deleted: "Image deleted",
  sessionMissing: `Every upload needs an ${UPLOAD_SESSION_HEADER} header holding the form's upload session (a UUID)`,
  sessionInvalid: `The ${UPLOAD_SESSION_HEADER} header must hold the form's upload session (a UUID)`,
  notMultipart: `Send the image as multipart/form-data, in the field "${UPLOAD_FIELD}"`,
  noFile: "Please choose an image to upload",
  wrongField: `Send the image in the field "${UPLOAD_FIELD}"`,
  tooLarge: `Images can be at most ${IMAGE_MAX_BYTES / 1024 / 1024} MB`,
  badName: "This file name is not allowed. Please rename the file and try again",
  notFound: "Image not found",
  inUse:
    "This image is used by a saved product or advertisement; remove it in the form and save to delete it",
  notYours: "This image belongs to another upload session",
} as const;

/** 201 reply of every upload route: `url` and `imageUrl` are the same stored URL. */
export const uploadReplySchema = z
  .object({
    success: z.literal(true),
    url: z.string(),
    imageUrl: z.string(),
    /** The file's own name, spaces turned into underscores. */
    filename: z.string(),
    message: z.string(),
  })
  .meta({ id: "UploadReply" });
export type UploadReply = z.infer<typeof uploadReplySchema>;

export const deleteImageBodySchema = z
  .object({ imageUrl: z.string({ error: "imageUrl is required" }).min(1).max(500) })
  .strict()
  .meta({ id: "DeleteImageBody" });

/** cleanup-session: the session in the body (admin.md §7) or in the X-Session-ID header. */
export const cleanupSessionBodySchema = z
  .object({ sessionId: z.uuid("sessionId must be a UUID").optional() })
  .strict()
  .meta({ id: "CleanupSessionBody" });

export const cleanupSessionReplySchema = z
  .object({ message: z.string(), deleted: z.number().int() })
  .meta({ id: "CleanupSessionReply" });

/** A file name as it is reported back: spaces become underscores (admin.md §5). */
export function uploadFileName(name: string): string {
  return name.trim().replace(/\s+/g, "_");
}
