/**
 * Stored images in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, …), for stores that run
 * more than one app process or machine: every process reads and writes the same objects, so an
 * image uploaded through one is served by all. The keys and their checks are LocalImageStore's;
 * an optional prefix puts them under a "folder" of a shared bucket. See
 * docs/decisions/0030-object-storage.md.
 */
import type { Readable } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  type GetObjectCommandOutput,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { assertSafeKey, type ImageStore, type StoredObject } from "./store.ts";

/**
 * Every key the image service writes names one encoding of one picture, and a changed picture gets
 * a new id (the demo pictures drawn again under their name are the same picture), so objects are
 * cacheable for a year by browsers and by a CDN reading the bucket directly — the same header
 * GET /images/<key> answers with.
 */
export const IMMUTABLE_CACHE_CONTROL = "public, max-age=31536000, immutable";

export type S3ImageStoreOptions = {
  bucket: string;
  /** The region to sign for (us-east-1 for most S3-compatible servers; "auto" for R2). */
  region: string;
  /** An S3-compatible server's URL (MinIO, R2, s3rver); unset for AWS S3 itself. */
  endpoint?: string | undefined;
  credentials: { accessKeyId: string; secretAccessKey: string };
  /** bucket in the path (http://host/bucket/key) rather than the host name; most non-AWS servers need it. */
  forcePathStyle: boolean;
  /** Put before every key, e.g. "vastra/images/" ("" or ending in "/"). */
  prefix?: string | undefined;
};

/** The names the SDK gives an answer that there is no such object (GET says NoSuchKey, HEAD has no body). */
const MISSING = new Set(["NoSuchKey", "NotFound"]);

function isMissing(error: unknown): boolean {
  return error instanceof S3ServiceException && MISSING.has(error.name);
}

export class S3ImageStore implements ImageStore {
  readonly client: S3Client;
  readonly bucket: string;
  readonly prefix: string;

  constructor(options: S3ImageStoreOptions) {
    this.bucket = options.bucket;
    this.prefix = options.prefix ?? "";
    if (this.prefix !== "" && !this.prefix.endsWith("/")) {
      throw new Error(`S3ImageStore: prefix must end with "/": ${JSON.stringify(this.prefix)}`);
    }
    this.client = new S3Client({
      region: options.region,
      ...(options.endpoint ? { endpoint: options.endpoint } : {}),
      credentials: options.credentials,
      forcePathStyle: options.forcePathStyle,
      // Checksums only where an operation requires one: since SDK 3.729 every upload otherwise
      // carries a CRC32 checksum that several S3-compatible servers refuse. The signature still
      // covers the body's SHA-256 (x-amz-content-sha256), so a body damaged on the way is refused.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
      requestHandler: {
        // A bucket that does not answer fails the request (retried by the SDK) instead of holding
        // an image request or an upload open for minutes. The time is to the answer's headers:
        // a picture's body may take longer to stream to a slow phone.
        connectionTimeout: 5_000,
        requestTimeout: 15_000,
        throwOnRequestTimeout: true,
      },
    });
  }

  /** The object key of a store key (checked first: a flat file name, never a path). */
  objectKey(key: string): string {
    assertSafeKey(key);
    return `${this.prefix}${key}`;
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    // S3 replaces an object whole: readers see the old bytes or the new ones, never a mix.
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: this.objectKey(key),
        Body: bytes,
        ContentLength: bytes.length,
        ContentType: contentType,
        CacheControl: IMMUTABLE_CACHE_CONTROL,
      }),
    );
  }

  async delete(key: string): Promise<void> {
    const Key = this.objectKey(key);
    try {
      // S3 answers 204 for a key that is not there; some compatible servers answer 404.
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key }));
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
  }

  /** False only when the bucket says the object is missing; any other failure is thrown. */
  async exists(key: string): Promise<boolean> {
    const Key = this.objectKey(key);
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key }));
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  /**
   * The object's body as a stream with its headers, or undefined when it is missing. A bucket that
   * cannot be reached, a wrong bucket or refused credentials are errors (a 500 and a log line),
   * never a quiet "no such image".
   */
  async open(key: string): Promise<StoredObject | undefined> {
    const Key = this.objectKey(key);
    let output: GetObjectCommandOutput;
    try {
      output = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key }));
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
    // In Node the SDK's body is the HTTP response itself (an IncomingMessage), a Readable.
    const body = output.Body as Readable | undefined;
    if (!body) throw new Error(`S3ImageStore: no body for ${Key}`);
    return {
      body,
      size: output.ContentLength ?? 0,
      contentType: output.ContentType ?? "application/octet-stream",
      lastModified: output.LastModified ?? new Date(0),
      etag: quoted(output.ETag ?? ""),
    };
  }

  /** Closes the client's kept-alive connections. */
  close(): void {
    this.client.destroy();
  }
}

/** S3 sends ETags quoted; a few compatible servers do not. */
function quoted(etag: string): string {
  return /^(W\/)?".*"$/.test(etag) ? etag : `"${etag}"`;
}
