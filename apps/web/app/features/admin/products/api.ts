/**
 * The Products tab's browser calls: product writes, per-size stock, and image uploads with
 * progress (XMLHttpRequest: fetch cannot report upload progress everywhere yet).
 */
import type { ProductReply, StockOperation } from "@vastra/contracts/admin-products";
import type { UploadReply } from "@vastra/contracts/uploads";
import { UPLOAD_SESSION_HEADER } from "@vastra/contracts/uploads";
import { ApiError, apiJson, browserFetch } from "~/lib/api";
import { UploadInterrupted, uploadFile } from "~/lib/upload";

export const PRODUCT_FALLBACKS = {
  save: "Error saving product",
  delete: "Error deleting product",
  stock: "Error updating stock",
  deleteImage: "Failed to delete image. Please try again.",
} as const;

export type UploadKind = "product-image" | "hero-image" | "additional-image" | "color-image";

export function saveProduct(
  id: string | null,
  body: Record<string, unknown>,
  sessionId: string,
): Promise<ProductReply> {
  return apiJson<ProductReply>(
    browserFetch,
    id ? `/api/admin/products/${id}` : "/api/admin/products",
    {
      method: id ? "PUT" : "POST",
      body: { ...body, sessionId },
      headers: { [UPLOAD_SESSION_HEADER]: sessionId },
      fallback: PRODUCT_FALLBACKS.save,
    },
  );
}

export function deleteProduct(id: string): Promise<{ message: string }> {
  return apiJson(browserFetch, `/api/admin/products/${id}`, {
    method: "DELETE",
    fallback: PRODUCT_FALLBACKS.delete,
  });
}

export function updateStock(
  id: string,
  change: { stock: number; operation: StockOperation; size: string },
): Promise<ProductReply> {
  return apiJson<ProductReply>(browserFetch, `/api/admin/products/${id}/stock`, {
    method: "PATCH",
    body: change,
    fallback: PRODUCT_FALLBACKS.stock,
  });
}

/** Deletes a temporary upload of this session (removed or replaced before saving). */
export function deleteTemporaryImage(imageUrl: string, sessionId: string): Promise<unknown> {
  return apiJson(browserFetch, "/api/admin/products/upload/delete-image", {
    method: "DELETE",
    body: { imageUrl },
    headers: { [UPLOAD_SESSION_HEADER]: sessionId },
    fallback: PRODUCT_FALLBACKS.deleteImage,
  });
}

/** Deletes every unsaved upload of a session; survives the page closing (keepalive). */
export function cleanupSession(sessionId: string): void {
  void fetch("/api/admin/products/cleanup-session", {
    method: "POST",
    credentials: "same-origin",
    keepalive: true,
    headers: { "content-type": "application/json", [UPLOAD_SESSION_HEADER]: sessionId },
    body: JSON.stringify({ sessionId }),
  }).catch(() => {
    // Forgotten uploads are swept after 24 hours anyway.
  });
}

/** Uploads one image, reporting progress (0-1); rejects with an ApiError carrying the message. */
export function uploadImage(
  kind: UploadKind,
  file: File,
  sessionId: string,
  onProgress: (fraction: number) => void,
  fallback: string,
): { promise: Promise<UploadReply>; abort: () => void } {
  const upload = uploadFile({
    url: `/api/admin/products/upload/temp/${kind}`,
    file,
    sessionId,
    onProgress,
  });
  const promise = upload.promise.then(
    ({ status, body }) => {
      if (status === 201 && body.url && body.success !== false) {
        onProgress(1);
        return body as unknown as UploadReply;
      }
      throw new ApiError(status, body, body.success === false ? "Upload failed" : fallback);
    },
    (error: unknown) => {
      const aborted = error instanceof UploadInterrupted && error.reason === "aborted";
      throw new ApiError(0, {}, aborted ? "Upload cancelled" : fallback);
    },
  );
  return { promise, abort: upload.abort };
}
