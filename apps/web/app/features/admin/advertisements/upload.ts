/**
 * The ad form's image upload (POST /api/admin/advertisements/upload/temp, one multipart field
 * `image`, header X-Session-ID) with progress, and the clean-up of the form's unsaved uploads when
 * it closes or saves (POST /api/admin/products/cleanup-session).
 */
import { AD_MESSAGES } from "@vastra/contracts/ads";
import { uploadFile } from "~/lib/upload";

export const UPLOAD_FAILED = "Upload failed";

export function newUploadSession(): string {
  return crypto.randomUUID();
}

/** Uploads one image; resolves its stored URL, or rejects with the server's message. */
export async function uploadAdImage(
  file: File,
  sessionId: string,
  onProgress: (percent: number) => void,
): Promise<string> {
  const { status, body } = await uploadFile({
    url: "/api/admin/advertisements/upload/temp",
    file,
    sessionId,
    onProgress: (fraction) => onProgress(Math.round(fraction * 100)),
  }).promise.catch(() => {
    throw new Error(AD_MESSAGES.uploadFailed);
  });
  if (status < 200 || status >= 300) throw new Error(body.message || AD_MESSAGES.uploadFailed);
  const url = body.url ?? body.imageUrl;
  if (body.success === false || !url) throw new Error(body.message || UPLOAD_FAILED);
  return url;
}

/** Drops the session's unsaved uploads (fire and forget: the sweeper catches what this misses). */
export function cleanupUploadSession(sessionId: string): void {
  void fetch("/api/admin/products/cleanup-session", {
    method: "POST",
    credentials: "same-origin",
    headers: {
      "X-Session-ID": sessionId,
      "content-type": "application/json",
      accept: "application/json",
    },
    body: JSON.stringify({ sessionId }),
    keepalive: true,
  }).catch(() => {});
}
