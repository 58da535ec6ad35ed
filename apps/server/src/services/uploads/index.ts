/**
 * Uploaded images of the admin forms (decisions.md §8). An upload is checked and re-encoded by the
 * image module, then recorded in `uploads` as a temporary image of its form's upload session
 * (claimedAt null). Saving a product or advertisement claims the images it uses (`claim`) and
 * releases the ones it stopped using (`release`); released images and temporary ones that were
 * never saved are deleted — but only once nothing refers to them any more (products, their extra
 * and colour images, advertisements, order item snapshots, newsletter settings and campaigns).
 *
 * Files are removed after the database says so (the row is deleted in a committed transaction
 * first), so a rolled-back save never loses a picture. A crash in between leaves at most an
 * unreferenced file, never a dangling reference.
 */
import {
  UPLOAD_MESSAGES,
  UPLOAD_STALE_AFTER_MS,
  type UploadKind,
  uploadFileName,
} from "@vastra/contracts";
import { and, eq, inArray, isNotNull, isNull, lt, or, type SQL, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client.ts";
import { uploads } from "../../db/schema.ts";
import type { Clock } from "../clock.ts";
import { AppError, ForbiddenError, NotFoundError, ValidationError } from "../errors.ts";
import { type ImageService, parseStoredUrl } from "../images/index.ts";

/** How many rows one clean-up pass handles (a sweep loops until nothing is left). */
const BATCH = 200;

const unique = (urls: Iterable<string | null | undefined>) => [
  ...new Set([...urls].filter((u): u is string => typeof u === "string" && u !== "")),
];

const textArray = (values: readonly string[]) =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;

/**
 * The URLs of this list that something still refers to. JSON documents (newsletter settings and
 * campaign templates) are searched for the image's id, so any width of it counts.
 */
export async function referencedUrls(
  tx: DbOrTx,
  urls: ReadonlyArray<string | null | undefined>,
): Promise<Set<string>> {
  const list = unique(urls);
  if (list.length === 0) return new Set();
  const needles = list.map((url) => parseStoredUrl(url)?.id ?? url);
  const rows = await tx.execute<{ url: string }>(sql`
    select u.url from unnest(${textArray(list)}, ${textArray(needles)}) as u(url, needle)
    where exists (select 1 from products p where p.image_url = u.url or p.hero_image = u.url)
       or exists (select 1 from product_images pi where pi.url = u.url)
       or exists (select 1 from advertisements a where a.image_url = u.url)
       or exists (select 1 from order_items oi where oi.image_url = u.url)
       or exists (select 1 from newsletter_settings ns where strpos(ns.data::text, u.needle) > 0)
       or exists (select 1 from newsletter_campaigns nc where strpos(nc.template::text, u.needle) > 0)`);
  const list2 = Array.isArray(rows) ? rows : ((rows as { rows: { url: string }[] }).rows ?? []);
  return new Set(list2.map((r) => r.url));
}

/**
 * Marks these uploads as used by a saved product or advertisement (call it in the save's
 * transaction with every image URL the record now holds). URLs that are not uploads are ignored.
 */
export async function claim(
  tx: DbOrTx,
  urls: ReadonlyArray<string | null | undefined>,
  now: Date = new Date(),
): Promise<void> {
  const list = unique(urls);
  if (list.length === 0) return;
  await tx
    .update(uploads)
    .set({ claimedAt: now })
    .where(and(inArray(uploads.url, list), isNull(uploads.claimedAt)));
}

/**
 * Gives up images a save no longer uses (call it in the save's transaction, after writing the
 * record, with the URLs it held before and no longer holds). Those nothing else refers to become
 * released uploads (claimedAt and sessionId null), deleted with their files by the upload service's
 * purgeReleased (call it after the transaction commits) or, at the latest, by the next sweep.
 * Returns the released URLs. Images that are not uploads (the demo's pictures) are left alone.
 */
export async function release(
  tx: DbOrTx,
  urls: ReadonlyArray<string | null | undefined>,
): Promise<string[]> {
  const list = unique(urls);
  if (list.length === 0) return [];
  const used = await referencedUrls(tx, list);
  const free = list.filter((url) => !used.has(url));
  if (free.length === 0) return [];
  const rows = await tx
    .update(uploads)
    .set({ claimedAt: null, sessionId: null })
    .where(inArray(uploads.url, free))
    .returning({ url: uploads.url });
  return rows.map((r) => r.url);
}

export type UploadInput = {
  /** The form's upload session; null for a newsletter asset (kept, never swept as a draft). */
  sessionId: string | null;
  kind: UploadKind;
  bytes: Buffer;
  /** The file's name as the browser sent it. */
  filename: string;
  userId: string | null;
};

/** A file name refused outright: paths, traversal, control characters (admin.md §5 otherwise). */
export function checkFileName(name: string): string {
  const trimmed = name.trim();
  if (
    trimmed.length > 255 ||
    /[/\\]/.test(trimmed) ||
    // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
    /[\u0000-\u001f\u007f]/.test(trimmed) ||
    trimmed === "." ||
    trimmed === ".." ||
    trimmed.startsWith("..")
  ) {
    throw ValidationError.field("image", UPLOAD_MESSAGES.badName);
  }
  return uploadFileName(trimmed || "image");
}

export function createUploadService(deps: {
  db: Db;
  images: ImageService;
  clock: Clock;
  log?: { warn: (obj: object, msg: string) => void };
}) {
  const { db, images, clock } = deps;

  /**
   * Deletes the unclaimed uploads matching `where` that nothing refers to (one batch), and their
   * files after the commit. Any that something does refer to are claimed instead (kept).
   * `claimedToo` also takes claimed ones (a newsletter asset its admin deletes).
   */
  async function removeUnclaimed(where: SQL | undefined, claimedToo = false): Promise<string[]> {
    const removed = await db.transaction(async (tx) => {
      const rows = await tx
        .select({ id: uploads.id, url: uploads.url })
        .from(uploads)
        .where(claimedToo ? where : and(isNull(uploads.claimedAt), where))
        .limit(BATCH)
        .for("update", { skipLocked: true });
      if (rows.length === 0) return [];
      const used = await referencedUrls(
        tx,
        rows.map((r) => r.url),
      );
      const keep = rows.filter((r) => used.has(r.url)).map((r) => r.id);
      const drop = rows.filter((r) => !used.has(r.url));
      if (keep.length > 0) {
        await tx.update(uploads).set({ claimedAt: clock() }).where(inArray(uploads.id, keep));
      }
      if (drop.length > 0) {
        await tx.delete(uploads).where(
          inArray(
            uploads.id,
            drop.map((r) => r.id),
          ),
        );
      }
      return drop.map((r) => r.url);
    });
    const results = await Promise.allSettled(removed.map((url) => images.deleteImage(url)));
    results.forEach((result, i) => {
      if (result.status === "rejected") {
        deps.log?.warn({ err: result.reason, url: removed[i] }, "could not delete an image file");
      }
    });
    return removed;
  }

  /** removeUnclaimed until a pass finds nothing more. */
  async function removeAll(where: SQL | undefined): Promise<number> {
    let total = 0;
    for (;;) {
      const removed = await removeUnclaimed(where);
      total += removed.length;
      if (removed.length < BATCH) return total;
    }
  }

  return {
    /** Checks, re-encodes and stores an image as a temporary upload of the session. */
    async upload(input: UploadInput): Promise<{ url: string; filename: string }> {
      const filename = checkFileName(input.filename);
      if (input.bytes.length === 0) throw ValidationError.field("image", UPLOAD_MESSAGES.noFile);
      const stored = await images.processImage(input.bytes);
      const id = parseStoredUrl(stored.url)?.id ?? stored.url;
      try {
        const now = clock();
        await db.insert(uploads).values({
          sessionId: input.sessionId,
          kind: input.kind,
          storageKey: id,
          url: stored.url,
          createdById: input.userId,
          createdAt: now,
          // Without a session nothing will save and claim it: it is kept from the start.
          claimedAt: input.sessionId === null ? now : null,
        });
      } catch (error) {
        await images.deleteImage(stored.url);
        throw error;
      }
      return { url: stored.url, filename };
    },

    /**
     * Deletes one temporary upload (the form removed or replaced it before saving): of the form's
     * session when it names one; else (admin.md §7 sends only the URL) an unsaved upload or a
     * newsletter asset of this admin, or a released image. An image something uses is never
     * deleted here: saving the form without it releases it.
     */
    async deleteTemporary(
      url: string,
      owner: { sessionId?: string | undefined; userId: string },
    ): Promise<void> {
      const [row] = await db
        .select({
          id: uploads.id,
          sessionId: uploads.sessionId,
          claimedAt: uploads.claimedAt,
          kind: uploads.kind,
          createdById: uploads.createdById,
        })
        .from(uploads)
        .where(eq(uploads.url, url));
      if (!row) {
        // A saved image that is not an upload (a demo picture) or an unknown address.
        const used = await referencedUrls(db, [url]);
        if (used.size > 0) throw new AppError(409, UPLOAD_MESSAGES.inUse);
        throw new NotFoundError(UPLOAD_MESSAGES.notFound);
      }
      const asset = row.kind === "newsletter-image" && row.sessionId === null;
      if (owner.sessionId) {
        if (row.claimedAt) throw new AppError(409, UPLOAD_MESSAGES.inUse);
        if (row.sessionId !== owner.sessionId) throw new ForbiddenError(UPLOAD_MESSAGES.notYours);
      } else {
        if (row.claimedAt && !asset) throw new AppError(409, UPLOAD_MESSAGES.inUse);
        const released = row.sessionId === null && row.claimedAt === null;
        if (!released && row.createdById !== owner.userId) {
          throw new ForbiddenError(UPLOAD_MESSAGES.notYours);
        }
      }
      // Only while nothing refers to it (removeUnclaimed checks inside its transaction).
      const removed = await removeUnclaimed(eq(uploads.id, row.id), asset);
      if (removed.length === 0) throw new AppError(409, UPLOAD_MESSAGES.inUse);
    },

    /** Deletes every unsaved upload of a session (the form closed, or saved). Returns how many. */
    async cleanupSession(sessionId: string): Promise<number> {
      return removeAll(eq(uploads.sessionId, sessionId));
    },

    /** Deletes released uploads (call after a save that released some has committed). */
    async purgeReleased(): Promise<number> {
      return removeAll(isNull(uploads.sessionId));
    },

    /**
     * Deletes temporary uploads older than `olderThan` (forgotten forms) and every released one.
     * The server runs it periodically.
     */
    async sweepStaleUploads(olderThan: number = UPLOAD_STALE_AFTER_MS): Promise<number> {
      const cutoff = new Date(clock().getTime() - olderThan);
      return removeAll(
        or(
          isNull(uploads.sessionId),
          and(isNotNull(uploads.sessionId), lt(uploads.createdAt, cutoff)),
        ),
      );
    },

    claim: (tx: DbOrTx, urls: ReadonlyArray<string | null | undefined>) => claim(tx, urls, clock()),
    release,
  };
}
export type UploadService = ReturnType<typeof createUploadService>;
