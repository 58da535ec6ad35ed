/**
 * The one image uploader of the admin's forms (products, advertisements, newsletter pictures;
 * issue #15's shared kernel): one multipart field, the form's upload session header, progress as a
 * fraction (XMLHttpRequest: fetch cannot report upload progress everywhere yet). The caller reads
 * the answer; a lost connection or an abort rejects.
 */
import { UPLOAD_FIELD, UPLOAD_SESSION_HEADER } from "@vastra/contracts/uploads";

/** What the upload routes answer (the product route's reply has more fields). */
export type UploadAnswer = {
  url?: string;
  imageUrl?: string;
  success?: boolean;
  message?: string;
  errors?: Record<string, string>;
  [key: string]: unknown;
};

export class UploadInterrupted extends Error {
  readonly reason: "network" | "aborted";
  constructor(reason: "network" | "aborted") {
    super(reason === "aborted" ? "Upload cancelled" : "Upload failed");
    this.reason = reason;
  }
}

/** POSTs one file; resolves with the status and the JSON body (`{}` when not JSON). */
export function uploadFile(options: {
  url: string;
  file: File;
  sessionId: string;
  onProgress: (fraction: number) => void;
}): { promise: Promise<{ status: number; body: UploadAnswer }>; abort: () => void } {
  const xhr = new XMLHttpRequest();
  const promise = new Promise<{ status: number; body: UploadAnswer }>((resolve, reject) => {
    xhr.open("POST", options.url);
    xhr.withCredentials = true;
    xhr.setRequestHeader(UPLOAD_SESSION_HEADER, options.sessionId);
    xhr.setRequestHeader("accept", "application/json");
    xhr.responseType = "text";
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let body: UploadAnswer = {};
      try {
        body = JSON.parse(xhr.responseText || "{}");
      } catch {
        body = {};
      }
      resolve({ status: xhr.status, body });
    };
    xhr.onerror = () => reject(new UploadInterrupted("network"));
    xhr.onabort = () => reject(new UploadInterrupted("aborted"));
    const form = new FormData();
    form.append(UPLOAD_FIELD, options.file, options.file.name.replace(/\s+/g, "_"));
    xhr.send(form);
  });
  return { promise, abort: () => xhr.abort() };
}
