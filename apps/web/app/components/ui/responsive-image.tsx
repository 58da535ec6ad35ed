import {
  IMAGE_PLACEHOLDER,
  IMAGE_WIDTHS,
  imageHeightFor,
  imageSrcSet,
  imageVariant,
  LOGO_URL,
  publicImageUrl,
} from "@vastra/contracts/images";
import * as React from "react";
import { cn } from "~/components/ui/cn";

export type ResponsiveImageFallback = "placeholder" | "logo";

export type ResponsiveImageProps = Omit<
  React.ComponentProps<"img">,
  "src" | "srcSet" | "sizes" | "alt" | "width" | "height" | "loading" | "fetchPriority"
> & {
  /** The image URL; a stored image (/images/<id>-w1280.webp) gets a srcset. Empty shows the fallback. */
  src: string | null | undefined;
  /** Text alternative; "" for a decorative image. */
  alt: string;
  /** The rendered width per breakpoint, e.g. "(min-width: 1024px) 25vw, 50vw". */
  sizes: string;
  /** Limit the srcset to these stored widths (default: every stored width, 320-1280). */
  widths?: readonly number[];
  /**
   * The width attribute; the height attribute follows at the stored 4:5 ratio, so the browser
   * reserves the space before the image arrives (no layout shift). Default 1280.
   */
  width?: number;
  /** Above the fold (the first hero image): loads eagerly with fetchpriority="high". */
  priority?: boolean;
  /** What shows when the image is missing or fails to load: the placeholder (default) or the logo. */
  fallback?: ResponsiveImageFallback;
  className?: string;
};

/**
 * Where stored images are fetched: the CDN's base URL (IMAGE_PUBLIC_BASE_URL, from GET
 * /api/store), or undefined for the store's own /images/…. Provided once by the root layout.
 */
export const ImageBaseContext = React.createContext<string | undefined>(undefined);

const FALLBACK_URL: Record<ResponsiveImageFallback, string> = {
  placeholder: IMAGE_PLACEHOLDER,
  logo: LOGO_URL,
};

function srcSetFor(
  src: string,
  widths: readonly number[] | undefined,
  base: string | undefined,
): string | undefined {
  if (!imageSrcSet(src)) return undefined;
  const chosen = widths ? IMAGE_WIDTHS.filter((w) => widths.includes(w)) : [];
  return (chosen.length ? chosen : IMAGE_WIDTHS)
    .map((w) => `${publicImageUrl(imageVariant(src, w), base)} ${w}w`)
    .join(", ");
}

/**
 * A product or banner image: srcset of the stored WebP widths, width/height at the 4:5 ratio,
 * lazy unless `priority`, decoded off the main thread (the priority image with its first paint).
 * When the image is missing or fails, it swaps once to the placeholder (or the logo) and marks
 * itself with data-fallback.
 *
 * <ResponsiveImage src={p.imageUrl} alt={p.title} sizes="(min-width: 1024px) 25vw, 50vw"
 *   className="aspect-[4/5] w-full object-cover" />
 */
export function ResponsiveImage({
  src,
  alt,
  sizes,
  widths,
  width = 1280,
  priority = false,
  fallback = "placeholder",
  className,
  onError,
  ...props
}: ResponsiveImageProps) {
  const ref = React.useRef<HTMLImageElement>(null);
  const base = React.useContext(ImageBaseContext);
  // The src that failed; a new src (a gallery switching images) gets its own chance.
  const [failedSrc, setFailedSrc] = React.useState<string | null>(null);
  const failed = !src || failedSrc === src;

  // An image that failed before React hydrated never fired onError here: check once on mount.
  React.useEffect(() => {
    const img = ref.current;
    const rendered = src && publicImageUrl(src, base);
    if (src && img?.complete && img.naturalWidth === 0 && img.getAttribute("src") === rendered) {
      setFailedSrc(src);
    }
  }, [src, base]);

  const shownSrc = failed ? FALLBACK_URL[fallback] : publicImageUrl(src, base);
  return (
    <img
      ref={ref}
      {...props}
      src={shownSrc}
      srcSet={failed ? undefined : srcSetFor(src, widths, base)}
      sizes={failed ? undefined : sizes}
      alt={alt}
      width={width}
      height={imageHeightFor(width)}
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : undefined}
      // The priority image (the page's largest paint) is decoded with the frame that first paints
      // it, so it shows with the first paint instead of a frame or two later; the rest off it.
      decoding={priority ? "sync" : "async"}
      data-fallback={failed ? fallback : undefined}
      className={cn(
        className,
        failed && "bg-ivory-200",
        failed && fallback === "logo" && "object-contain p-[18%]",
      )}
      onError={(event) => {
        // Swap once: a failing fallback is left alone (no loop).
        if (src && !failed) setFailedSrc(src);
        onError?.(event);
      }}
    />
  );
}
