/**
 * Image uploads of the admin forms (admin.md §7, decisions.md §8): one multipart file in the field
 * `image`, at most 10 MB, tied to the form's upload session (X-Session-ID; the newsletter builder
 * sends none: its images are kept as newsletter assets). Admins only.
 *
 *   POST   /api/admin/products/upload/temp/{product-image,hero-image,additional-image,color-image}
 *   POST   /api/admin/advertisements/upload/temp
 *   DELETE /api/admin/products/upload/delete-image      { imageUrl }
 *   POST   /api/admin/products/cleanup-session          { sessionId } or the header
 */

import multipart from "@fastify/multipart";
import {
  cleanupSessionBodySchema,
  cleanupSessionReplySchema,
  deleteImageBodySchema,
  errorSchema,
  IMAGE_MAX_BYTES,
  messageSchema,
  PRODUCT_UPLOAD_KINDS,
  UPLOAD_FIELD,
  UPLOAD_MESSAGES,
  UPLOAD_SESSION_HEADER,
  type UploadKind,
  uploadReplySchema,
} from "@vastra/contracts";
import { isUuid } from "@vastra/contracts/ids";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser } from "../http/auth.ts";
import { AppError, ValidationError } from "../services/errors.ts";
import type { UploadService } from "../services/uploads/index.ts";

/** The form's upload session from the X-Session-ID header; a clear 400 without one. */
export function uploadSession(request: FastifyRequest): string {
  const id = optionalUploadSession(request);
  if (!id) throw new ValidationError(UPLOAD_MESSAGES.sessionMissing);
  return id;
}

/** The X-Session-ID header when sent (a clear 400 when it is not a UUID), else undefined. */
function optionalUploadSession(request: FastifyRequest): string | undefined {
  const value = request.headers[UPLOAD_SESSION_HEADER.toLowerCase()];
  const id = Array.isArray(value) ? value[0] : value;
  if (id === undefined || id.trim() === "") return undefined;
  if (!isUuid(id.trim())) throw new ValidationError(UPLOAD_MESSAGES.sessionInvalid);
  return id.trim().toLowerCase();
}

/** The one file of a multipart upload, its errors turned into clear messages. */
async function readImage(request: FastifyRequest): Promise<{ bytes: Buffer; filename: string }> {
  if (!request.isMultipart()) throw new AppError(415, UPLOAD_MESSAGES.notMultipart);
  try {
    const file = await request.file();
    if (!file) throw ValidationError.field(UPLOAD_FIELD, UPLOAD_MESSAGES.noFile);
    if (file.fieldname !== UPLOAD_FIELD) {
      file.file.resume();
      throw ValidationError.field(UPLOAD_FIELD, UPLOAD_MESSAGES.wrongField);
    }
    const bytes = await file.toBuffer();
    return { bytes, filename: file.filename ?? "" };
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === "FST_REQ_FILE_TOO_LARGE") throw new AppError(413, UPLOAD_MESSAGES.tooLarge);
    if (code === "FST_FILES_LIMIT" || code === "FST_PARTS_LIMIT" || code === "FST_FIELDS_LIMIT") {
      throw new AppError(413, "Send one image at a time");
    }
    if (code === "FST_INVALID_MULTIPART_CONTENT_TYPE") {
      throw new AppError(415, UPLOAD_MESSAGES.notMultipart);
    }
    throw new ValidationError("The upload could not be read. Please try again");
  }
}

const uploadResponses = {
  201: uploadReplySchema,
  400: errorSchema,
  401: errorSchema,
  403: errorSchema,
  413: errorSchema,
  415: errorSchema,
};

export const adminUploadRoutes: FastifyPluginAsyncZod<{ uploads: UploadService }> = async (
  app,
  { uploads },
) => {
  await app.register(multipart, {
    // preservePath: see the name as sent, so a path in it is refused rather than silently cut off.
    preservePath: true,
    limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 10, parts: 12, fieldSize: 1024 },
  });
  const tags = ["admin uploads"];
  const config = { auth: "admin" as const };
  const headers = z.object({
    [UPLOAD_SESSION_HEADER.toLowerCase()]: z.string().optional(),
  });
  const description = `multipart/form-data with one file in the field \`${UPLOAD_FIELD}\` (JPEG, PNG, WebP, AVIF, GIF or TIFF, judged by content; at most 10 MB, else 413) and the \`${UPLOAD_SESSION_HEADER}\` header (the form's upload session, a UUID). The image is re-encoded to WebP and stays temporary until a saved product or advertisement uses it.`;

  /** sessionId null: an upload without a form session (the newsletter builder's, admin.md §7). */
  async function handle(request: FastifyRequest, kind: UploadKind, sessionId: string | null) {
    const { bytes, filename } = await readImage(request);
    const stored = await uploads.upload({
      sessionId,
      kind,
      bytes,
      filename,
      userId: currentUser(request).id,
    });
    return {
      success: true as const,
      url: stored.url,
      imageUrl: stored.url,
      filename: stored.filename,
      message: UPLOAD_MESSAGES.uploaded,
    };
  }

  for (const kind of PRODUCT_UPLOAD_KINDS) {
    app.post(
      `/admin/products/upload/temp/${kind}`,
      {
        config,
        schema: {
          tags,
          summary: `Upload a temporary ${kind.replace("-", " ")} of a product form`,
          description,
          headers,
          response: uploadResponses,
        },
      },
      async (request, reply) =>
        reply.status(201).send(await handle(request, kind, uploadSession(request))),
    );
  }

  app.post(
    "/admin/advertisements/upload/temp",
    {
      config,
      schema: {
        tags,
        summary: "Upload a temporary advertisement (or newsletter) image",
        description: `${description} Without the header (the newsletter builder, admin.md §7) the image is kept as a newsletter asset: never swept as an unsaved draft, deleted only through delete-image while nothing uses it.`,
        headers,
        response: uploadResponses,
      },
    },
    async (request, reply) => {
      const sessionId = optionalUploadSession(request);
      const reply201 = sessionId
        ? await handle(request, "advertisement-image", sessionId)
        : await handle(request, "newsletter-image", null);
      return reply.status(201).send(reply201);
    },
  );

  app.delete(
    "/admin/products/upload/delete-image",
    {
      config,
      schema: {
        tags,
        summary: "Delete a temporary upload (removed or replaced before saving)",
        description: `With the ${UPLOAD_SESSION_HEADER} header: an unsaved upload of that session. Without it (admin.md §7 sends only the body): an unsaved upload or newsletter asset of this admin, or a released image. An image a product, advertisement, order, newsletter setting or campaign uses is never deleted here (409): saving the form without it releases it, and it is deleted once nothing refers to it.`,
        headers,
        body: deleteImageBodySchema,
        response: {
          200: messageSchema.extend({ success: z.literal(true) }),
          400: errorSchema,
          401: errorSchema,
          403: errorSchema,
          404: errorSchema,
          409: errorSchema,
        },
      },
    },
    async (request) => {
      await uploads.deleteTemporary(request.body.imageUrl, {
        sessionId: optionalUploadSession(request),
        userId: currentUser(request).id,
      });
      return { success: true as const, message: UPLOAD_MESSAGES.deleted };
    },
  );

  app.post(
    "/admin/products/cleanup-session",
    {
      config,
      schema: {
        tags,
        summary: "Delete every unsaved upload of an upload session (the form closed or saved)",
        description: `The session comes from the body's sessionId or the ${UPLOAD_SESSION_HEADER} header. Uploads a saved record uses are kept. Also used by the advertisement form.`,
        headers,
        response: { 200: cleanupSessionReplySchema, 400: errorSchema, 401: errorSchema },
      },
    },
    async (request) => {
      // The body is optional (the header may carry the session instead), so it is read here.
      const parsed = cleanupSessionBodySchema.safeParse(request.body ?? {});
      if (!parsed.success) throw new ValidationError(UPLOAD_MESSAGES.sessionMissing);
      const sessionId = parsed.data.sessionId?.toLowerCase() ?? uploadSession(request);
      const deleted = await uploads.cleanupSession(sessionId);
      return {
        message: deleted === 1 ? "1 unsaved image deleted" : `${deleted} unsaved images deleted`,
        deleted,
      };
    },
  );
};
