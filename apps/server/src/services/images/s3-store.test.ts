/**
 * The S3 image store against a real S3-compatible server: s3rver (an S3 API over files, from npm)
 * started on a free port in a temporary directory. The store is chosen from settings the way the
 * running store chooses it (loadConfig → imageServiceFor), and the API is driven as an admin does.
 */
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import path from "node:path";
import {
  CreateBucketCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import { IMAGE_WIDTHS, type Product } from "@vastra/contracts";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { createCategory, createUser } from "../../../test/factories.ts";
import {
  makeTempDir,
  setupTestDatabase,
  TEST_APP_SECRET,
  testConfig,
  vitestHooks,
} from "../../../test/helpers.ts";
import { buildApp } from "../../app.ts";
import { loadConfig, type S3Settings } from "../../config.ts";
import { IMAGE_CACHE_CONTROL } from "../../routes/images.ts";
import { multipart, newSession, testImage } from "../uploads/test-support.ts";
import { imageServiceFor, parseStoredUrl, variantKey } from "./index.ts";
import { S3ImageStore } from "./s3-store.ts";

// s3rver ships no types: the little of it used here.
type S3rverServer = { run(): Promise<AddressInfo>; close(): Promise<void> };
type S3rverOptions = { address: string; port: number; directory: string; silent: boolean };
const S3rver = createRequire(import.meta.url)("s3rver") as new (o: S3rverOptions) => S3rverServer;

const BUCKET = "vastra-images";
const PREFIX = "shop/images/";

const s3rver = new S3rver({
  address: "127.0.0.1",
  port: 0,
  directory: makeTempDir("vastra-s3rver-"),
  silent: true,
});
const { port } = await s3rver.run();
vitestHooks.after(() => s3rver.close());
const endpoint = `http://127.0.0.1:${port}`;

/** The settings as an operator writes them (s3rver accepts the key pair S3RVER/S3RVER). */
const S3_ENV = {
  APP_SECRET: TEST_APP_SECRET,
  S3_BUCKET: BUCKET,
  S3_ENDPOINT: endpoint,
  S3_ACCESS_KEY_ID: "S3RVER",
  S3_SECRET_ACCESS_KEY: "S3RVER",
  S3_PREFIX: "/shop/images/",
};
const s3 = loadConfig(S3_ENV).s3!;

/** A client of its own to look into the bucket, as an operator's tools would. */
const bucket = new S3Client({
  region: "us-east-1",
  endpoint,
  forcePathStyle: true,
  credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
});
vitestHooks.after(() => bucket.destroy());
await bucket.send(new CreateBucketCommand({ Bucket: BUCKET }));

async function objectKeys(): Promise<string[]> {
  const listed = await bucket.send(new ListObjectsV2Command({ Bucket: BUCKET }));
  return (listed.Contents ?? []).map((o) => o.Key!).sort();
}

async function objectBytes(key: string): Promise<Buffer> {
  const got = await bucket.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
  return Buffer.from(await got.Body!.transformToByteArray());
}

function storeWith(settings: Partial<S3Settings> = {}): S3ImageStore {
  const store = new S3ImageStore({ ...s3, ...settings });
  vitestHooks.after(() => store.close());
  return store;
}

async function readAll(body: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

const md5Etag = (bytes: Buffer) => `"${createHash("md5").update(bytes).digest("hex")}"`;

describe("S3ImageStore", () => {
  const store = storeWith();

  it("reads its settings: path-style with an endpoint, the prefix as a folder", () => {
    expect(s3).toEqual({
      bucket: BUCKET,
      region: "us-east-1",
      endpoint,
      credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
      forcePathStyle: true,
      prefix: PREFIX,
    });
  });

  it("puts, opens, checks and deletes an object under the prefix, with its type, cache header and ETag", async () => {
    const key = "0123456789abcdef01234567-w320.webp";
    const bytes = Buffer.from("RIFF....WEBPVP8 not really a picture");
    expect(await store.exists(key)).toBe(false);
    expect(await store.open(key)).toBeUndefined();

    const before = Date.now();
    await store.put(key, bytes, "image/webp");
    expect(await objectKeys()).toContain(`${PREFIX}${key}`);
    const head = await bucket.send(
      new HeadObjectCommand({ Bucket: BUCKET, Key: `${PREFIX}${key}` }),
    );
    expect(head.ContentType).toBe("image/webp");
    // The bucket's own answer carries the header the app serves: a CDN reading it caches alike.
    expect(head.CacheControl).toBe(IMAGE_CACHE_CONTROL);

    expect(await store.exists(key)).toBe(true);
    const opened = await store.open(key);
    expect(opened).toBeDefined();
    expect(await readAll(opened!.body)).toEqual(bytes);
    expect(opened).toMatchObject({ size: bytes.length, contentType: "image/webp" });
    expect(opened!.etag).toBe(md5Etag(bytes));
    // S3 keeps whole seconds.
    expect(opened!.lastModified.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(opened!.lastModified.getTime()).toBeLessThanOrEqual(Date.now() + 1000);

    // Replacing gives the new bytes and a new ETag.
    const replaced = Buffer.from("another body");
    await store.put(key, replaced, "image/webp");
    const reopened = await store.open(key);
    expect(await readAll(reopened!.body)).toEqual(replaced);
    expect(reopened!.etag).toBe(md5Etag(replaced));

    await store.delete(key);
    expect(await store.exists(key)).toBe(false);
    expect(await store.open(key)).toBeUndefined();
    expect(await objectKeys()).not.toContain(`${PREFIX}${key}`);
  });

  it("deleting a key that is not there is not an error", async () => {
    await expect(store.delete("ffffffffffffffffffffffff-w640.webp")).resolves.toBeUndefined();
    await store.put("twice-w64.webp", Buffer.from("x"), "image/webp");
    await store.delete("twice-w64.webp");
    await expect(store.delete("twice-w64.webp")).resolves.toBeUndefined();
  });

  it.each([
    "../escape.webp",
    "a/b.webp",
    "/absolute.webp",
    ".hidden",
    "",
    "with space.webp",
    "%2e%2e.webp",
    `${"a".repeat(129)}.webp`,
  ])("refuses the unsafe key %j before asking the bucket", async (key) => {
    const before = await objectKeys();
    await expect(store.put(key, Buffer.from("x"), "image/webp")).rejects.toThrow(
      /Invalid image store key/,
    );
    await expect(store.open(key)).rejects.toThrow(/Invalid image store key/);
    await expect(store.exists(key)).rejects.toThrow(/Invalid image store key/);
    await expect(store.delete(key)).rejects.toThrow(/Invalid image store key/);
    expect(await objectKeys()).toEqual(before);
  });

  it("a key outside the prefix is not seen through the store", async () => {
    await bucket.send(
      new PutObjectCommand({ Bucket: BUCKET, Key: "outside-w64.webp", Body: Buffer.from("o") }),
    );
    expect(await store.exists("outside-w64.webp")).toBe(false);
    expect(await store.open("outside-w64.webp")).toBeUndefined();
    // Without a prefix the same name is found at the bucket's top.
    const top = storeWith({ prefix: "" });
    expect(await top.exists("outside-w64.webp")).toBe(true);
  });

  it("a wrong bucket or refused credentials are errors, never a quiet 'no such image'", async () => {
    const noBucket = storeWith({ bucket: "no-such-bucket" });
    await expect(noBucket.open("x-w64.webp")).rejects.toMatchObject({ name: "NoSuchBucket" });
    await expect(noBucket.put("x-w64.webp", Buffer.from("x"), "image/webp")).rejects.toThrow();

    const refused = storeWith({
      credentials: { accessKeyId: "NOT-A-KEY", secretAccessKey: "S3RVER" },
    });
    await expect(refused.open("x-w64.webp")).rejects.toMatchObject({
      name: "InvalidAccessKeyId",
    });
    await expect(refused.exists("x-w64.webp")).rejects.toThrow();
    await expect(refused.put("x-w64.webp", Buffer.from("x"), "image/webp")).rejects.toThrow();
    await expect(refused.delete("x-w64.webp")).rejects.toThrow();
  });
});

// ---------------------------------------------------------------- the whole API on the bucket

const database = await setupTestDatabase();
const db = database.db;
const config = testConfig({ s3 });
const images = await imageServiceFor(config);
vitestHooks.after(() => (images.store as S3ImageStore).close());
const app = await buildApp({ config, database, images, web: false, logger: false });
vitestHooks.after(() => app.close());
await app.ready();
const admin = await createUser(db, { isAdmin: true });
const category = await createCategory(db, "S3 Kurtas");
const png = await testImage("png");

describe("a store whose images are in the bucket (S3_BUCKET set)", () => {
  async function upload(session: string): Promise<string> {
    const body = multipart(png);
    const res = await app.inject({
      method: "POST",
      url: "/api/admin/products/upload/temp/product-image",
      headers: { ...body.headers, cookie: admin.cookie, "x-session-id": session },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().url;
  }

  const objectsOf = (url: string) => {
    const { id } = parseStoredUrl(url)!;
    return IMAGE_WIDTHS.map((w) => `${PREFIX}${variantKey(id, w)}`);
  };

  it("imageServiceFor picks the bucket from the settings, the folder without them", async () => {
    expect(images.store).toBeInstanceOf(S3ImageStore);
    const local = await imageServiceFor(testConfig());
    expect(local.store).not.toBeInstanceOf(S3ImageStore);
  });

  it("an uploaded image is written to the bucket at every width, served from it, and removed with its product", async () => {
    const session = newSession();
    const url = await upload(session);
    const unused = await upload(session);
    for (const key of [...objectsOf(url), ...objectsOf(unused)]) {
      expect(await objectKeys()).toContain(key);
    }
    // Nothing is written to the machine's disk.
    expect(existsSync(path.join(config.dataDir, "images"))).toBe(false);

    for (const width of IMAGE_WIDTHS) {
      const key = variantKey(parseStoredUrl(url)!.id, width);
      const res = await app.inject({ method: "GET", url: `/images/${key}` });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("image/webp");
      expect(res.headers["cache-control"]).toBe(IMAGE_CACHE_CONTROL);
      // The bytes are the bucket's, and a real WebP of that width at 4:5.
      expect(res.rawPayload).toEqual(await objectBytes(`${PREFIX}${key}`));
      expect(Number(res.headers["content-length"])).toBe(res.rawPayload.length);
      const meta = await sharp(res.rawPayload).metadata();
      expect(meta).toMatchObject({ format: "webp", width, height: (width * 5) / 4 });
      // The ETag is the bucket's: a browser's revalidation is answered 304 without the bytes.
      const etag = String(res.headers.etag);
      expect(etag).toBe(md5Etag(res.rawPayload));
      const again = await app.inject({
        method: "GET",
        url: `/images/${key}`,
        headers: { "if-none-match": etag },
      });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
    }

    // Saving the product claims the picture it uses and removes the session's unused upload.
    const created = await app.inject({
      method: "POST",
      url: "/api/admin/products",
      headers: { cookie: admin.cookie, "x-session-id": session },
      payload: {
        title: "Bucket Cotton Kurta",
        description: "Kept in object storage.",
        price: 1299,
        lowStockThreshold: 2,
        gender: "Women",
        sizes: ["M"],
        sizeStock: [{ size: "M", stock: 4 }],
        colors: ["Indigo"],
        categories: [category.id],
        imageUrl: url,
        additionalImages: [],
        colorImages: [],
        isHero: false,
        sessionId: session,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const product = created.json().product as Product;
    expect(product.imageUrl).toBe(url);
    const keys = await objectKeys();
    for (const key of objectsOf(url)) expect(keys).toContain(key);
    for (const key of objectsOf(unused)) expect(keys).not.toContain(key);

    const deleted = await app.inject({
      method: "DELETE",
      url: `/api/admin/products/${product._id}`,
      headers: { cookie: admin.cookie },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const after = await objectKeys();
    for (const key of objectsOf(url)) expect(after).not.toContain(key);
    expect((await app.inject({ method: "GET", url })).statusCode).toBe(404);
  });

  it("GET /images answers 500 (not 404) when the bucket cannot be read", async () => {
    const broken = await imageServiceFor(
      testConfig({
        s3: { ...s3, credentials: { accessKeyId: "NOT-A-KEY", secretAccessKey: "x" } },
      }),
    );
    vitestHooks.after(() => (broken.store as S3ImageStore).close());
    const brokenApp = await buildApp({
      config,
      database,
      images: broken,
      web: false,
      logger: false,
    });
    vitestHooks.after(() => brokenApp.close());
    const res = await brokenApp.inject({
      method: "GET",
      url: "/images/0123456789abcdef01234567-w320.webp",
    });
    expect(res.statusCode).toBe(500);
  });
});
