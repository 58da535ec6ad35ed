/**
 * The one image module (decisions.md §3, §8). Every image the store shows (uploads and the demo
 * artwork alike) goes through processImage: judged by its content (never its name), turned upright
 * by its EXIF orientation, stripped of all metadata, cropped to 4:5 and re-encoded as WebP at each
 * width of IMAGE_WIDTHS, stored as `<id>-w<width>.webp`. Its URL names the largest width
 * (packages/contracts/src/images.ts). deleteImage removes every width of such a URL.
 */
import { randomBytes } from "node:crypto";
import path from "node:path";
import { IMAGE_ASPECT, IMAGE_MAX_BYTES, IMAGE_WIDTHS } from "@vastra/contracts";
import type { Metadata, OutputInfo } from "sharp";
import type { Config } from "../../config.ts";
import { AppError, ValidationError } from "../errors.ts";
import { type ImageStore, LocalImageStore } from "./store.ts";

export { type ImageStore, LocalImageStore, type StoredObject } from "./store.ts";

/** Larger than any camera a shopper or admin uses (a 48 MP phone photo is about 8000 × 6000). */
export const IMAGE_MAX_PIXELS = 60_000_000;
export const IMAGE_QUALITY = 80;
/** libwebp's method (0 fastest … 6 smallest); 4 is its default balance. */
export const IMAGE_EFFORT = 4;

export const IMAGE_MESSAGES = {
  unsupported: "Please upload a JPEG, PNG, WebP or AVIF image",
  unreadable: "This image could not be read. Please upload a JPEG, PNG, WebP or AVIF image",
  tooLarge: `Images can be at most ${IMAGE_MAX_BYTES / 1024 / 1024} MB`,
  tooManyPixels: `This image is too large. Please upload an image of at most ${IMAGE_MAX_PIXELS / 1_000_000} megapixels`,
} as const;

/** Formats accepted by content (sharp's names; AVIF reads as 'heif' with AV1 compression). */
const ACCEPTED = new Set(["jpeg", "png", "webp", "gif", "tiff", "heif"]);

/** The file name of one stored width: `<id>-w<width>.webp`, the only names the store serves. */
export const VARIANT_FILE = /^([a-f0-9]{24})-w(\d{2,4})\.webp$/;
const STORED_URL = /^\/images\/([a-f0-9]{24})-w(\d{2,4})\.webp$/;

/** A stored image's id: 24 hex characters (96 random bits for uploads). */
export const IMAGE_ID = /^[a-f0-9]{24}$/;
export const variantKey = (id: string, width: number) => `${id}-w${width}.webp`;
export const imageUrlOf = (id: string, width: number) => `/images/${variantKey(id, width)}`;

/** The id and width of a URL this module stored, or undefined for any other URL. */
export function parseStoredUrl(url: string): { id: string; width: number } | undefined {
  const m = STORED_URL.exec(url);
  return m ? { id: m[1]!, width: Number(m[2]) } : undefined;
}

export type StoredImage = {
  /** The largest width's URL: what products, ads and uploads keep. */
  url: string;
  /** The store keys of every width. */
  keys: string[];
};

export type EncodedVariant = { width: number; height: number; bytes: Buffer };

export type EncodeOptions = {
  widths?: readonly number[];
  quality?: number;
  /** WebP encoder effort, 0-6 (IMAGE_EFFORT by default). */
  effort?: number;
  maxPixels?: number;
};

const heightFor = (width: number) => Math.round((width * IMAGE_ASPECT.height) / IMAGE_ASPECT.width);

/**
 * Checks an image by its content and encodes its 4:5 WebP widths (nothing is stored). Throws a
 * ValidationError for anything that is not a JPEG, PNG, WebP, AVIF, GIF (first frame) or TIFF,
 * and 413 for more than IMAGE_MAX_BYTES.
 */
export async function encodeImage(
  input: Buffer,
  options: EncodeOptions = {},
): Promise<EncodedVariant[]> {
  const widths = [...new Set(options.widths ?? IMAGE_WIDTHS)].sort((a, b) => a - b);
  const maxPixels = options.maxPixels ?? IMAGE_MAX_PIXELS;
  const quality = options.quality ?? IMAGE_QUALITY;
  const effort = options.effort ?? IMAGE_EFFORT;
  if (widths.length === 0) throw new Error("encodeImage: no widths");
  if (input.length === 0) throw ValidationError.field("image", IMAGE_MESSAGES.unsupported);
  if (input.length > IMAGE_MAX_BYTES) throw new AppError(413, IMAGE_MESSAGES.tooLarge);

  // sharp and its native library load with the first image rather than at start-up (issue #11,
  // record 0054).
  const { default: sharp } = await import("sharp");
  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw ValidationError.field("image", IMAGE_MESSAGES.unsupported);
  }
  const format = String(meta.format ?? "");
  // HEIF that is not AVIF (an iPhone's HEIC) cannot be decoded here: refuse it as unsupported.
  const heifNotAvif = format === "heif" && meta.compression !== "av1";
  if (!ACCEPTED.has(format) || heifNotAvif) {
    throw ValidationError.field("image", IMAGE_MESSAGES.unsupported);
  }
  const width = meta.width ?? 0;
  const height = meta.pageHeight ?? meta.height ?? 0;
  if (width <= 0 || height <= 0) throw ValidationError.field("image", IMAGE_MESSAGES.unreadable);
  if (width * height > maxPixels) {
    throw ValidationError.field("image", IMAGE_MESSAGES.tooManyPixels);
  }

  // One decode: upright, cropped to 4:5 around what draws the eye, at the largest width; the
  // smaller widths are resized from that. Nothing of the input's metadata is kept.
  const largest = widths.at(-1)!;
  let base: { data: Buffer; info: OutputInfo };
  try {
    base = await sharp(input, {
      limitInputPixels: maxPixels,
      failOn: "error",
      autoOrient: true,
      pages: 1,
    })
      .resize({
        width: largest,
        height: heightFor(largest),
        fit: "cover",
        position: sharp.strategy.attention,
      })
      .toColourspace("srgb")
      .raw({ depth: "uchar" })
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) {
      throw ValidationError.field("image", IMAGE_MESSAGES.tooManyPixels);
    }
    throw ValidationError.field("image", IMAGE_MESSAGES.unreadable);
  }
  const raw = {
    width: base.info.width,
    height: base.info.height,
    channels: base.info.channels as 1 | 2 | 3 | 4,
  };
  return Promise.all(
    widths.map(async (w) => {
      const h = heightFor(w);
      let pipeline = sharp(base.data, { raw });
      if (w !== raw.width || h !== raw.height) pipeline = pipeline.resize(w, h, { fit: "fill" });
      const bytes = await pipeline.webp({ quality, effort }).toBuffer();
      return { width: w, height: h, bytes };
    }),
  );
}

export type ImageServiceOptions = EncodeOptions & { store: ImageStore };

export type ImageService = ReturnType<typeof createImageService>;

export function createImageService(options: ImageServiceOptions) {
  const { store } = options;
  const widths = [...new Set(options.widths ?? IMAGE_WIDTHS)].sort((a, b) => a - b);
  const encodeOptions: EncodeOptions = { ...options, widths };

  /** Every key a stored URL may have: the configured widths, the contract's and its own. */
  function keysOf(url: string): string[] | undefined {
    const parsed = parseStoredUrl(url);
    if (!parsed) return undefined;
    const all = new Set<number>([...widths, ...IMAGE_WIDTHS, parsed.width]);
    return [...all].map((w) => variantKey(parsed.id, w));
  }

  return {
    store,
    widths: widths as readonly number[],
    /** The encoding settings (to make a variant of this service, e.g. a faster one for the seed). */
    options: encodeOptions,

    /**
     * Checks, re-encodes and stores an image; returns its URL (largest width) and keys. The id is
     * random; `options.id` names it instead, for pictures whose name follows from their source
     * (the demo pictures, drawn again under the same name if lost). Uploads never pass it.
     */
    async processImage(input: Buffer, options: { id?: string } = {}): Promise<StoredImage> {
      if (options.id !== undefined && !IMAGE_ID.test(options.id)) {
        throw new Error(`processImage: invalid id ${JSON.stringify(options.id)}`);
      }
      const variants = await encodeImage(input, encodeOptions);
      const id = options.id ?? randomBytes(12).toString("hex");
      const keys = variants.map((v) => variantKey(id, v.width));
      try {
        await Promise.all(variants.map((v, i) => store.put(keys[i]!, v.bytes, "image/webp")));
      } catch (error) {
        await Promise.allSettled(keys.map((key) => store.delete(key)));
        throw error;
      }
      return { url: imageUrlOf(id, widths.at(-1)!), keys };
    },

    /**
     * Removes every width of an image this module stored. Any other URL (the placeholder, an
     * outside address, anything path-like) is left alone: returns false.
     */
    async deleteImage(url: string): Promise<boolean> {
      const keys = keysOf(url);
      if (!keys) return false;
      await Promise.all(keys.map((key) => store.delete(key)));
      return true;
    },

    /** True when every configured width of a stored URL is in the store. */
    async hasImage(url: string): Promise<boolean> {
      const parsed = parseStoredUrl(url);
      if (!parsed) return false;
      const found = await Promise.all(widths.map((w) => store.exists(variantKey(parsed.id, w))));
      return found.every(Boolean);
    },

    keysOf,
  };
}

/** An image service keeping its files under DATA_DIR/images. */
export function imageServiceForDataDir(dataDir: string, options: EncodeOptions = {}): ImageService {
  return createImageService({
    ...options,
    store: new LocalImageStore(path.join(dataDir, "images")),
  });
}

/**
 * The image service a store runs with, from its settings: the S3-compatible bucket when S3_BUCKET
 * is set (config.s3), otherwise files under DATA_DIR/images. The one place the store is chosen.
 * The AWS SDK (about 0.1 s of module loading) is loaded only by a store that uses it.
 */
export async function imageServiceFor(
  config: Pick<Config, "dataDir" | "s3">,
  options: EncodeOptions = {},
): Promise<ImageService> {
  if (!config.s3) return imageServiceForDataDir(config.dataDir, options);
  const { S3ImageStore } = await import("./s3-store.ts");
  return createImageService({ ...options, store: new S3ImageStore(config.s3) });
}
