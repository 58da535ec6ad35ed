/**
 * Stored images: every upload is re-encoded to WebP at these widths, all 4:5 (portrait, like a
 * fashion photograph). A stored image's URL names its largest width: /images/<id>-w1280.webp.
 */
export const IMAGE_WIDTHS = [320, 640, 960, 1280] as const;
export const IMAGE_ASPECT = { width: 4, height: 5 } as const;
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const IMAGE_PLACEHOLDER = "/placeholder.svg";
export const LOGO_URL = "/favicon.svg";

const STORED = /^\/images\/([A-Za-z0-9_-]+)-w(\d+)\.webp$/;

/** The URL of one width of a stored image. */
export function imageVariant(url: string, width: number): string {
  const m = STORED.exec(url);
  return m ? `/images/${m[1]}-w${width}.webp` : url;
}

/**
 * Where the browser fetches a stored image: under the CDN's base (IMAGE_PUBLIC_BASE_URL, which
 * serves `/images/<key>` as `<base>/<key>`) when the store has one, else the store's own
 * `/images/…`. Any other URL is returned as it is. Stored URLs never change (record 0030).
 */
export function publicImageUrl(url: string, base: string | undefined): string {
  if (!base || !STORED.test(url)) return url;
  return `${base}${url.slice("/images".length)}`;
}

/** A srcset for a stored image (undefined for any other URL, which is used as it is). */
export function imageSrcSet(url: string): string | undefined {
  if (!STORED.test(url)) return undefined;
  return IMAGE_WIDTHS.map((w) => `${imageVariant(url, w)} ${w}w`).join(", ");
}

/** Height for a width at the stored aspect ratio (for width/height attributes: no layout shift). */
export const imageHeightFor = (width: number) =>
  Math.round((width * IMAGE_ASPECT.height) / IMAGE_ASPECT.width);
