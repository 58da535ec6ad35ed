/**
 * Where stored image files live. Everything else (processing, serving, deleting) talks to this
 * interface only, so an S3-compatible store is one more implementation of it: put → PutObject,
 * delete → DeleteObject, exists → HeadObject, open → GetObject (body stream plus its headers).
 */
import { createReadStream } from "node:fs";
import { mkdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";

/** One stored file as it is read back for serving. */
export type StoredObject = {
  body: Readable;
  size: number;
  contentType: string;
  lastModified: Date;
  /** A strong validator for the bytes (quoted, as in an ETag header). */
  etag: string;
};

export interface ImageStore {
  /** Writes (or replaces) one file. Readers never see a half-written file. */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** Removes one file; removing a missing file is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** The file for serving, or undefined when there is none. */
  open(key: string): Promise<StoredObject | undefined>;
}

/** A store key is one flat file name: letters, digits, '-', '_' and dots, never a path. */
const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9_-]*(\.[A-Za-z0-9]+)?$/;

export function isSafeKey(key: string): boolean {
  return key.length <= 128 && SAFE_KEY.test(key);
}

/** Throws for a key that is not a flat file name (every store checks before it touches anything). */
export function assertSafeKey(key: string): void {
  if (!isSafeKey(key)) throw new Error(`Invalid image store key: ${JSON.stringify(key)}`);
}

const CONTENT_TYPES: Record<string, string> = {
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".jpg": "image/jpeg",
  ".png": "image/png",
};

/** Files under one directory (DATA_DIR/images): the single-machine default. */
export class LocalImageStore implements ImageStore {
  readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  private file(key: string): string {
    assertSafeKey(key);
    return path.join(this.root, key);
  }

  async put(key: string, bytes: Buffer, _contentType: string): Promise<void> {
    const target = this.file(key);
    await mkdir(this.root, { recursive: true });
    const temp = `${target}.${process.pid}.${Date.now()}.tmp`;
    try {
      await writeFile(temp, bytes);
      await rename(temp, target);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.file(key), { force: true });
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await stat(this.file(key))).isFile();
    } catch {
      return false;
    }
  }

  async open(key: string): Promise<StoredObject | undefined> {
    const file = this.file(key);
    let info: Awaited<ReturnType<typeof stat>>;
    try {
      info = await stat(file);
    } catch {
      return undefined;
    }
    if (!info.isFile()) return undefined;
    return {
      body: createReadStream(file),
      size: info.size,
      contentType: CONTENT_TYPES[path.extname(key)] ?? "application/octet-stream",
      lastModified: info.mtime,
      // Stored files are written once under a random name, so size and time identify the bytes.
      etag: `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`,
    };
  }
}
