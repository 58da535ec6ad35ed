/**
 * The ad form's image upload (POST /api/admin/advertisements/upload/temp, one multipart field
 * `image`, header X-Session-ID) with progress, and the clean-up of the form's unsaved uploads when
 * it closes or saves (POST /api/admin/products/cleanup-session).
 */
import { AD_MESSAGES } from "@vastra/contracts/ads";

export const UPLOAD_FAILED = "Upload failed";

export function newUploadSession(): string {
  return crypto.randomUUID();
}

/** Uploads one image; resolves its stored URL, or rejects with the server's message. */
export function uploadAdImage(
  file: File,
  sessionId: string,
  onProgress: (percent: number) => void,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", "/api/admin/advertisements/upload/temp");
    xhr.setRequestHeader("X-Session-ID", sessionId);
    xhr.setRequestHeader("Accept", "application/json");
    xhr.withCredentials = true;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onerror = () => reject(new Error(AD_MESSAGES.uploadFailed));
    xhr.onload = () => {
      let body: { url?: string; imageUrl?: string; success?: boolean; message?: string } = {};
      try {
        body = JSON.parse(xhr.responseText || "{}");
      } catch {
        body = {};
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        const url = body.url ?? body.imageUrl;
        if (body.success === false || !url) reject(new Error(body.message || UPLOAD_FAILED));
        else resolve(url);
      } else {
        reject(new Error(body.message || AD_MESSAGES.uploadFailed));
      }
    };
    const form = new FormData();
    form.append("image", file, file.name);
    xhr.send(form);
  });
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
