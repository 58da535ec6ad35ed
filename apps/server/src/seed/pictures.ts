/**
 * The demo store's pictures: which ones there are (one per product colour, close-ups, hero scenes,
 * advertisements), their stored URLs, and drawing them through the image module.
 *
 * Drawing all of them takes a while (about 0.3 s of CPU each), so the store does not wait for it:
 * the seed writes the rows with each picture's URL, and the pictures are drawn right after start-up
 * in the background, the ones seen first (advertisements, heroes, main pictures) first. A picture's
 * id follows from what it shows, so a start interrupted half-way (or a lost file) is mended at the
 * next start: every demo picture the database refers to and the store lacks is drawn again.
 */
import { createHash } from "node:crypto";
import { availableParallelism } from "node:os";
import { isNotNull } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { advertisements, productImages, products } from "../db/schema.ts";
import { createImageService, type ImageService, imageUrlOf } from "../services/images/index.ts";
import { type AdArt, adSvg, heroSvg, type ProductArt, productSvg, rasterise } from "./artwork.ts";
import {
  ADVERTISEMENTS,
  type AdSeed,
  COLOURS,
  type ColourName,
  PRODUCTS,
  type ProductSeed,
} from "./catalogue-data.ts";
import { SILVER } from "./motifs.ts";

/** Bump when the artwork changes, so changed pictures get new URLs (they are cached for a year). */
export const ARTWORK_VERSION = 1;

type Job = { key: string; priority: number; svg: (width: number) => string };

const hex = (name: ColourName) => COLOURS[name];

function productArt(p: ProductSeed, colour: ColourName, seed: number): ProductArt {
  return {
    kind: p.art.kind,
    color: hex(colour),
    motif: p.art.motif,
    women: p.gender === "Women",
    borders: p.art.borders,
    zari: p.art.silver ? SILVER : undefined,
    second: p.art.second ? hex(p.art.second) : undefined,
    seed,
  };
}

const art = (
  kind: ProductArt["kind"],
  colour: ColourName,
  motif: ProductArt["motif"],
  extra: Partial<ProductArt> = {},
): ProductArt => ({ kind, color: hex(colour), motif, seed: 1, ...extra });

function adArt(ad: AdSeed): AdArt {
  switch (ad.art) {
    case "festive":
      return {
        layout: "spotlight",
        wall: "#f3e6cf",
        jaal: "#6e1423",
        garment: art("saree", "Emerald", "buti", { borders: true }),
      };
    case "new-season":
      return {
        layout: "trio",
        wall: "#efe2d2",
        garments: [
          art("kurta", "Mustard", "block", { women: true }),
          art("anarkali", "Powder Blue", "chikan", { women: true, borders: true }),
          art("kurta-set", "Coral", "block", { women: true, second: hex("Ivory") }),
        ],
      };
    case "groom":
      return {
        layout: "trio",
        wall: "#d9d2c8",
        garments: [
          art("nehru-jacket", "Navy", "plain"),
          art("sherwani", "Ivory", "zari", { borders: true }),
          art("bandhgala", "Wine", "zari", { borders: true }),
        ],
      };
    case "stoles":
      return {
        layout: "swatches",
        wall: "#ece3d6",
        fabrics: [
          { color: hex("Maroon"), motif: "paisley" },
          { color: hex("Mustard"), motif: "bandhani" },
          { color: hex("Teal"), motif: "ikat" },
          { color: hex("Sea Green"), motif: "leheriya" },
          { color: hex("Rani Pink"), motif: "buti" },
        ],
      };
    case "referral":
      return {
        layout: "swatches",
        wall: "#e4e8ec",
        fabrics: [
          { color: hex("Powder Pink"), motif: "chikan" },
          { color: hex("Mint"), motif: "buti" },
          { color: hex("Lavender"), motif: "floral" },
        ],
      };
  }
}

/**
 * Every demo picture, keyed: `p<i>:<colour>` (a product in a colour), `p<i>:top|hem` (close-ups),
 * `p<i>:hero`, `ad<i>`. Lower priority is drawn first.
 */
function jobs(): Job[] {
  const out: Job[] = [];
  ADVERTISEMENTS.forEach((ad, i) => {
    out.push({ key: `ad${i}`, priority: ad.isActive ? 0 : 3, svg: (w) => adSvg(adArt(ad), w) });
  });
  PRODUCTS.forEach((p, i) => {
    const main = p.colours[0]!;
    p.colours.forEach((colour, c) => {
      out.push({
        key: `p${i}:${colour}`,
        priority: c === 0 ? (p.hero ? 0 : 1) : 2,
        svg: (w) => productSvg(productArt(p, colour, i + c), "front", w),
      });
    });
    for (const detail of p.details ?? []) {
      out.push({
        key: `p${i}:${detail}`,
        priority: 3,
        svg: (w) =>
          productSvg(productArt(p, main, i), detail === "top" ? "detail-top" : "detail-hem", w),
      });
    }
    if (p.hero) {
      out.push({ key: `p${i}:hero`, priority: 0, svg: (w) => heroSvg(productArt(p, main, i), w) });
    }
  });
  return out.sort((a, b) => a.priority - b.priority);
}

const JOBS = jobs();

/** The stored URL of a demo picture (the same for every store using these widths). */
export function demoPictureUrl(images: ImageService, key: string): string {
  if (!JOBS.some((j) => j.key === key)) throw new Error(`No demo picture ${key}`);
  return imageUrlOf(demoPictureId(images, key), images.widths.at(-1)!);
}

function demoPictureId(images: ImageService, key: string): string {
  return createHash("sha256")
    .update(`vastra-demo/${ARTWORK_VERSION}/${images.widths.join(",")}/${key}`)
    .digest("hex")
    .slice(0, 24);
}

export const DEMO_PICTURE_COUNT = JOBS.length;

/** URLs any row of the store refers to (product, colour and extra images, heroes, ads). */
async function referencedUrls(db: Db): Promise<Set<string>> {
  const [a, b, c, d] = await Promise.all([
    db.select({ url: products.imageUrl }).from(products),
    db.select({ url: products.heroImage }).from(products).where(isNotNull(products.heroImage)),
    db.select({ url: productImages.url }).from(productImages),
    db.select({ url: advertisements.imageUrl }).from(advertisements),
  ]);
  return new Set([...a, ...b, ...c, ...d].map((r) => r.url).filter((u): u is string => !!u));
}

export type DrawOptions = {
  /** Pictures drawn at once; by default one per CPU core, 1 to 4. */
  concurrency?: number;
  /** Stops after the pictures being drawn (the rest are drawn at the next start). */
  signal?: AbortSignal;
};

export type DrawResult = { drawn: number; ms: number };

/**
 * Draws every demo picture the database refers to that the store does not have. With a fresh demo
 * store that is all of them; after that, usually none (a quick check of the store).
 */
export async function drawDemoPictures(
  db: Db,
  images: ImageService,
  options: DrawOptions = {},
): Promise<DrawResult> {
  const started = performance.now();
  const used = await referencedUrls(db);
  const wanted = JOBS.map((job) => ({ job, url: demoPictureUrl(images, job.key) })).filter((j) =>
    used.has(j.url),
  );
  const present = await Promise.all(wanted.map((w) => images.hasImage(w.url)));
  const todo = wanted.filter((_, i) => !present[i]);
  // The uploads' processing with a quicker WebP effort: ~2.5× faster to encode, ~6% larger files.
  const service = createImageService({ ...images.options, store: images.store, effort: 2 });
  const width = images.widths.at(-1)!;
  const limit = options.concurrency ?? Math.min(4, Math.max(1, availableParallelism()));
  let next = 0;
  let drawn = 0;
  const worker = async () => {
    for (let item = todo[next++]; item && !options.signal?.aborted; item = todo[next++]) {
      const bytes = await rasterise(item.job.svg(width));
      await service.processImage(bytes, { id: demoPictureId(images, item.job.key) });
      drawn += 1;
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, todo.length) }, worker));
  return { drawn, ms: Math.round(performance.now() - started) };
}

export type BackgroundDrawing = {
  /** Settles when drawing ends (done, stopped or failed; failures are logged, not thrown). */
  done: Promise<DrawResult | undefined>;
  /** Stops after the pictures in hand and waits for them. */
  stop(): Promise<void>;
};

/** drawDemoPictures in the background, for a store that is already serving. */
export function drawDemoPicturesInBackground(
  db: Db,
  images: ImageService,
  log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void },
): BackgroundDrawing {
  const controller = new AbortController();
  const done = drawDemoPictures(db, images, { signal: controller.signal }).then(
    (result) => {
      if (result.drawn > 0) {
        log.info(
          result,
          `demo pictures: drew ${result.drawn} in ${(result.ms / 1000).toFixed(1)} s`,
        );
      }
      return result;
    },
    (err: unknown) => {
      log.error({ err }, "demo pictures: drawing failed");
      return undefined;
    },
  );
  return {
    done,
    async stop() {
      controller.abort();
      await done;
    },
  };
}
