import { existsSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { crc32 } from "node:zlib";
import { IMAGE_MAX_BYTES, IMAGE_WIDTHS } from "@vastra/contracts";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { buildTestApp, makeTempDir } from "../../../test/helpers.ts";
import { IMAGE_CACHE_CONTROL } from "../../routes/images.ts";
import { AppError, ValidationError } from "../errors.ts";
import {
  createImageService,
  IMAGE_MESSAGES,
  imageServiceForDataDir,
  LocalImageStore,
  parseStoredUrl,
} from "./index.ts";

const SMALL = [64, 128] as const;

function service(widths: readonly number[] = SMALL) {
  const root = makeTempDir("vastra-images-");
  return { root, images: createImageService({ store: new LocalImageStore(root), widths }) };
}

/** A 400 × 300 picture: left half red, right half blue. */
const twoTone = () =>
  sharp({ create: { width: 400, height: 300, channels: 3, background: "#d01010" } }).composite([
    {
      input: { create: { width: 200, height: 300, channels: 3, background: "#1030d0" } },
      left: 200,
      top: 0,
    },
  ]);

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

/** A PNG whose header claims `width` × `height` (its pixel data is a token). */
function pngClaiming(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

describe("processImage refuses what is not a picture, whatever it is called", () => {
  const { images, root } = service();

  it.each([
    ["a text file named photo.png", Buffer.from("Hello! This is a text file named photo.png\n")],
    [
      "an SVG with a script",
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="500"><script>alert(document.cookie)</script><rect width="400" height="500" fill="red"/></svg>',
      ),
    ],
    ["a PDF", Buffer.from("%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF")],
    ["random bytes", Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 131 + 7) % 256))],
    ["an empty file", Buffer.alloc(0)],
  ])("%s", async (_name, bytes) => {
    const error = await refusal(images.processImage(bytes));
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.status).toBe(400);
    expect(error.message).toBe(IMAGE_MESSAGES.unsupported);
    expect(error.errors).toEqual({ image: IMAGE_MESSAGES.unsupported });
    expect(readdirSync(root)).toEqual([]);
  });

  it("refuses a picture of absurd size before decoding it", async () => {
    const error = await refusal(images.processImage(pngClaiming(30_000, 30_000)));
    expect(error.status).toBe(400);
    expect(error.message).toBe(IMAGE_MESSAGES.tooManyPixels);
    const limited = createImageService({ store: new LocalImageStore(root), maxPixels: 10_000 });
    const png = await sharp({
      create: { width: 200, height: 200, channels: 3, background: "#888" },
    })
      .png()
      .toBuffer();
    expect((await refusal(limited.processImage(png))).message).toBe(IMAGE_MESSAGES.tooManyPixels);
  });

  it("refuses more than 10 MB with 413", async () => {
    const error = await refusal(images.processImage(Buffer.alloc(IMAGE_MAX_BYTES + 1)));
    expect(error.status).toBe(413);
    expect(error.message).toBe(IMAGE_MESSAGES.tooLarge);
  });
});

describe("processImage re-encodes pictures", () => {
  it.each([
    ["JPEG", () => twoTone().jpeg().toBuffer()],
    ["PNG", () => twoTone().png().toBuffer()],
    ["WebP", () => twoTone().webp().toBuffer()],
    ["AVIF", () => twoTone().avif().toBuffer()],
    ["GIF", () => twoTone().gif().toBuffer()],
    ["TIFF", () => twoTone().tiff().toBuffer()],
  ])("accepts %s and stores 4:5 WebP at every width", async (_format, make) => {
    const { images, root } = service();
    const stored = await images.processImage(await make());
    expect(stored.url).toMatch(/^\/images\/[a-f0-9]{24}-w128\.webp$/);
    expect(stored.keys).toHaveLength(SMALL.length);
    for (const [i, width] of SMALL.entries()) {
      const meta = await sharp(path.join(root, stored.keys[i]!)).metadata();
      expect(meta.format).toBe("webp");
      expect([meta.width, meta.height]).toEqual([width, (width * 5) / 4]);
    }
  });

  it("makes every contract width, turns the picture upright and strips all metadata", async () => {
    const { images, root } = service(IMAGE_WIDTHS);
    const input = await twoTone()
      .jpeg()
      .withMetadata({ orientation: 6, density: 300 })
      .withExif({ IFD0: { Copyright: "Someone", Artist: "A phone" } })
      .toBuffer();
    const before = await sharp(input).metadata();
    expect(before.orientation).toBe(6);
    expect(before.exif).toBeDefined();

    const stored = await images.processImage(input);
    expect(stored.url).toMatch(/-w1280\.webp$/);
    for (const [i, width] of IMAGE_WIDTHS.entries()) {
      const file = path.join(root, stored.keys[i]!);
      const meta = await sharp(file).metadata();
      expect([meta.width, meta.height]).toEqual([width, (width * 5) / 4]);
      expect(meta.exif).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.iptc).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
    }
    // Orientation 6 turns the picture a quarter clockwise: its left half (red) ends up on top.
    const { data, info } = await sharp(path.join(root, stored.keys[0]!))
      .raw()
      .toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [
      ...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3),
    ];
    expect(pixel(10, 10)[0]).toBeGreaterThan(150);
    expect(pixel(10, info.height - 10)[2]).toBeGreaterThan(150);
  });
});

describe("deleteImage", () => {
  it("removes every width of a stored picture", async () => {
    const { images, root } = service();
    const stored = await images.processImage(await twoTone().png().toBuffer());
    const other = await images.processImage(await twoTone().jpeg().toBuffer());
    expect(await images.hasImage(stored.url)).toBe(true);
    expect(await images.deleteImage(stored.url)).toBe(true);
    expect(await images.hasImage(stored.url)).toBe(false);
    expect(readdirSync(root).sort()).toEqual([...other.keys].sort());
    expect(await images.deleteImage(stored.url)).toBe(true);
  });

  it("ignores other URLs and never leaves the store", async () => {
    const dataDir = makeTempDir("vastra-data-");
    const images = imageServiceForDataDir(dataDir, { widths: SMALL });
    const stored = await images.processImage(await twoTone().png().toBuffer());
    const secret = path.join(dataDir, "app-secret");
    writeFileSync(secret, "keep me\n");
    for (const url of [
      "../../etc/passwd",
      "/images/../../etc/passwd",
      "/images/../app-secret",
      "/images/..%2Fapp-secret-w128.webp",
      "/images/../images/abc-w128.webp",
      `/images/${stored.url.slice(8)}/../../app-secret`,
      "/placeholder.svg",
      "https://cdn.example.com/images/0123456789abcdef01234567-w1280.webp",
      "",
    ]) {
      expect(await images.deleteImage(url), url).toBe(false);
    }
    expect(existsSync(secret)).toBe(true);
    expect(await images.hasImage(stored.url)).toBe(true);
    expect(parseStoredUrl("/images/../app-secret")).toBeUndefined();
  });

  it("the store itself refuses keys that are paths", async () => {
    const store = new LocalImageStore(makeTempDir());
    await expect(store.delete("../app-secret")).rejects.toThrow(/Invalid image store key/);
    await expect(store.put("a/b.webp", Buffer.from("x"), "image/webp")).rejects.toThrow();
    await expect(store.open("..")).rejects.toThrow();
  });
});

const { app, config } = await buildTestApp();
const served = imageServiceForDataDir(config.dataDir, { widths: SMALL });
const stored = await served.processImage(await twoTone().png().toBuffer());
writeFileSync(path.join(config.dataDir, "images", "notes.txt"), "not an image");

describe("GET /images/<file>", () => {
  it("serves each width with a year of immutable caching, its type and an ETag", async () => {
    for (const key of stored.keys) {
      const res = await app.inject({ method: "GET", url: `/images/${key}` });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("image/webp");
      expect(res.headers["cache-control"]).toBe(IMAGE_CACHE_CONTROL);
      expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(res.headers.etag).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
      expect((await sharp(res.rawPayload).metadata()).format).toBe("webp");
    }
  });

  it("answers a revalidation with 304", async () => {
    const first = await app.inject({ method: "GET", url: stored.url });
    const again = await app.inject({
      method: "GET",
      url: stored.url,
      headers: { "if-none-match": String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it.each([
    "/images/0123456789abcdef01234567-w1280.webp",
    "/images/notes.txt",
    "/images/..%2Fapp-secret",
    "/images/%2e%2e%2fapp-secret",
    "/images/..%2F..%2Fetc%2Fpasswd",
    "/images/..%5Capp-secret",
    "/images/a/b/c.webp",
    `/images/${stored.keys[0]!.replace(".webp", ".png")}`,
    `/images/${stored.keys[0]!.toUpperCase()}`,
  ])("404 for %s", async (url) => {
    const res = await app.inject({ method: "GET", url });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: "Image not found" });
  });
});
