/**
 * The product form's upload session (admin.md §3, §5): each opening of the form is one session
 * (X-Session-ID, a fresh UUID). Pictures are checked, uploaded with progress and a preview, and put
 * in the form; closing without saving (or leaving the page) deletes the session's unsaved uploads,
 * and an image uploaded in this session that the form drops before saving is deleted at once.
 */
import { IMAGE_MAX_BYTES } from "@vastra/contracts/images";
import * as React from "react";
import { ApiError } from "~/lib/api";
import { cleanupSession, deleteTemporaryImage, type UploadKind, uploadImage } from "./api";
import type { FormValues } from "./form-values";
import type { UploadState } from "./image-slot";
import type { FormNoticeValue, SetFieldError } from "./product-form-parts";

const newSessionId = () => crypto.randomUUID();

export function useProductUploads({
  setValues,
  setFieldError,
  setNotice,
}: {
  setValues: React.Dispatch<React.SetStateAction<FormValues>>;
  setFieldError: SetFieldError;
  setNotice: (notice: FormNoticeValue) => void;
}) {
  const [uploads, setUploads] = React.useState<Record<string, UploadState>>({});
  const sessionId = React.useRef(newSessionId());
  /** URLs uploaded in this session (deleted at once when removed before saving). */
  const sessionUploads = React.useRef(new Set<string>());
  const saved = React.useRef(false);
  const uploadCounter = React.useRef(0);

  // Closing without saving (or leaving the page) cleans up this session's uploads.
  React.useEffect(() => {
    const session = sessionId.current;
    const onLeave = () => {
      if (!saved.current && sessionUploads.current.size > 0) cleanupSession(session);
    };
    window.addEventListener("pagehide", onLeave);
    return () => {
      window.removeEventListener("pagehide", onLeave);
      onLeave();
    };
  }, []);

  /** Drops an image from the form; one uploaded in this session is deleted on the server too. */
  const discard = (url: string) => {
    if (!url || !sessionUploads.current.has(url)) return;
    sessionUploads.current.delete(url);
    deleteTemporaryImage(url, sessionId.current).catch(() => {
      // The session's clean-up (on close or save) deletes it anyway.
    });
  };

  async function upload(
    slot: string,
    field: string,
    kind: UploadKind,
    file: File,
    fallback: string,
  ): Promise<string | null> {
    if (!file.type.startsWith("image/")) {
      setFieldError(field, "Please choose an image file (JPEG, PNG, WebP or AVIF)");
      return null;
    }
    if (file.size > IMAGE_MAX_BYTES) {
      setFieldError(field, `Images can be at most ${IMAGE_MAX_BYTES / 1024 / 1024} MB`);
      return null;
    }
    setFieldError(field, null);
    const preview = URL.createObjectURL(file);
    setUploads((u) => ({ ...u, [slot]: { progress: 0, preview, name: file.name } }));
    try {
      const reply = await uploadImage(
        kind,
        file,
        sessionId.current,
        (progress) => setUploads((u) => (u[slot] ? { ...u, [slot]: { ...u[slot], progress } } : u)),
        fallback,
      ).promise;
      sessionUploads.current.add(reply.url);
      setNotice({ kind: "success", text: reply.message || "Image uploaded successfully!" });
      return reply.url;
    } catch (error) {
      setFieldError(field, error instanceof ApiError ? error.message : fallback);
      return null;
    } finally {
      URL.revokeObjectURL(preview);
      setUploads(({ [slot]: _, ...rest }) => rest);
    }
  }

  async function replaceSingle(field: "imageUrl" | "heroImage", kind: UploadKind, file: File) {
    const fallback = field === "imageUrl" ? "Error uploading image" : "Error uploading hero image";
    const url = await upload(field, field, kind, file, fallback);
    if (!url) return;
    setValues((v) => {
      discard(v[field]);
      return { ...v, [field]: url };
    });
  }

  async function uploadColorImage(color: string, file: File) {
    const url = await upload(
      `color:${color}`,
      `color:${color}`,
      "color-image",
      file,
      `Error uploading ${color} image`,
    );
    if (!url) return;
    setValues((v) => {
      const old = v.colorImages.find((ci) => ci.color === color);
      if (old) discard(old.imageUrl);
      return {
        ...v,
        colorImages: [
          ...v.colorImages.filter((ci) => ci.color !== color),
          { color, imageUrl: url },
        ],
      };
    });
    setFieldError("colorImages", null);
  }

  async function uploadAdditional(files: File[]) {
    await Promise.all(
      files.map(async (file) => {
        const slot = `additional:${++uploadCounter.current}`;
        const url = await upload(
          slot,
          "additionalImages",
          "additional-image",
          file,
          "Error uploading additional image",
        );
        if (url) setValues((v) => ({ ...v, additionalImages: [...v.additionalImages, url] }));
      }),
    );
  }

  return {
    /** This opening's X-Session-ID. */
    sessionId: sessionId.current,
    /** Uploads in progress, by slot. */
    uploads,
    busyUploading: Object.keys(uploads).length > 0,
    discard,
    replaceSingle,
    uploadColorImage,
    uploadAdditional,
    /** After a save: the server has dealt with the session's uploads, nothing to clean up. */
    markSaved: () => {
      saved.current = true;
    },
  };
}
