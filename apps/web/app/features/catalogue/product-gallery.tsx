import { ChevronLeft, ChevronRight } from "lucide-react";
import * as React from "react";
import { cn } from "~/components/ui/cn";
import { ResponsiveImage } from "~/components/ui/responsive-image";
import type { GalleryImage } from "~/lib/product";

export type ProductGalleryProps = {
  images: GalleryImage[];
  /** The image shown (controlled: choosing a colour switches it). */
  index: number;
  onIndexChange: (index: number) => void;
  className?: string;
};

/**
 * The product's images: the main image with previous/next arrows, thumbnails, and ←/→ while
 * focus is anywhere in the gallery. The position is announced to screen readers.
 */
export function ProductGallery({ images, index, onIndexChange, className }: ProductGalleryProps) {
  const count = images.length;
  const current = images[Math.min(index, count - 1)] ?? images[0];
  const thumbs = React.useRef<Array<HTMLButtonElement | null>>([]);
  const go = (next: number) => onIndexChange((next + count) % count);

  function onKeyDown(event: React.KeyboardEvent<HTMLElement>) {
    if (count < 2 || (event.key !== "ArrowLeft" && event.key !== "ArrowRight")) return;
    event.preventDefault();
    const next = (index + (event.key === "ArrowRight" ? 1 : -1) + count) % count;
    onIndexChange(next);
    // On a thumbnail, focus follows the chosen image (a roving focus).
    if (thumbs.current.includes(document.activeElement as HTMLButtonElement)) {
      thumbs.current[next]?.focus();
    }
  }

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Product images"
      className={cn("flex flex-col gap-3 md:flex-row-reverse md:items-start md:gap-4", className)}
      onKeyDown={onKeyDown}
    >
      <div className="relative min-w-0 flex-1">
        <div
          // Focusable so the arrow keys work from the image itself.
          // biome-ignore lint/a11y/noNoninteractiveTabindex: keyboard access to the ←/→ image switch
          tabIndex={0}
          aria-describedby={count > 1 ? "gallery-keys" : undefined}
          className="overflow-hidden rounded-lg bg-muted outline-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          <ResponsiveImage
            key={current?.url}
            src={current?.url}
            alt={current?.alt ?? ""}
            sizes="(min-width: 1280px) 560px, (min-width: 768px) 45vw, 100vw"
            priority={index === 0}
            className="aspect-[4/5] w-full object-cover"
          />
        </div>
        {count > 1 ? (
          <>
            <p id="gallery-keys" className="sr-only">
              Use the left and right arrow keys to see the other images.
            </p>
            <GalleryArrow side="left" onClick={() => go(index - 1)} />
            <GalleryArrow side="right" onClick={() => go(index + 1)} />
            <p
              aria-live="polite"
              aria-atomic="true"
              className="absolute right-3 bottom-3 rounded-full bg-maroon-950/75 px-2.5 py-1 text-xs font-medium text-ivory-50"
            >
              <span className="sr-only">Image </span>
              {index + 1} / {count}
              <span className="sr-only">: {current?.alt}</span>
            </p>
          </>
        ) : null}
      </div>

      {count > 1 ? (
        <ul
          aria-label="Choose an image"
          className="flex gap-2 overflow-x-auto pb-1 [scrollbar-width:thin] md:w-20 md:flex-col md:overflow-x-visible md:overflow-y-auto md:pb-0 lg:w-24"
        >
          {images.map((image, i) => (
            <li key={image.url || i} className="shrink-0">
              <button
                ref={(el) => {
                  thumbs.current[i] = el;
                }}
                type="button"
                onClick={() => onIndexChange(i)}
                aria-label={`Show image ${i + 1} of ${count}${image.color ? `: ${image.color}` : ""}`}
                aria-current={i === index ? "true" : undefined}
                tabIndex={i === index ? 0 : -1}
                className={cn(
                  "block w-16 overflow-hidden rounded-md border-2 transition-colors md:w-full",
                  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
                  i === index
                    ? "border-primary"
                    : "border-transparent opacity-80 hover:opacity-100",
                )}
              >
                <ResponsiveImage
                  src={image.url}
                  alt=""
                  sizes="96px"
                  widths={[320]}
                  width={320}
                  className="aspect-[4/5] w-full object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function GalleryArrow({ side, onClick }: { side: "left" | "right"; onClick: () => void }) {
  const Icon = side === "left" ? ChevronLeft : ChevronRight;
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={side === "left" ? "Previous image" : "Next image"}
      className={cn(
        "absolute top-1/2 grid size-11 -translate-y-1/2 place-items-center rounded-full bg-card/90 text-foreground shadow-md backdrop-blur-sm transition-colors hover:bg-card hover:text-primary",
        "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
        side === "left" ? "left-3" : "right-3",
      )}
    >
      <Icon aria-hidden="true" className="size-5" />
    </button>
  );
}
