import { Pause, Play } from "lucide-react";
import * as React from "react";
import { cn } from "~/components/ui/cn";

/** Undated on purpose (record 0042): a year or season in the demo text goes stale. */
export const HERO_CAPTIONS = [
  { title: "WEDDING & FESTIVE EDIT", tag: "NEW SEASON" },
  { title: "URBAN CHIC", tag: "TRENDING" },
  { title: "MODERN CLASSICS", tag: "TIMELESS" },
] as const;

/** storefront.md §9: the caption changes every 4000 ms. */
export const CAPTION_INTERVAL_MS = 4000;

function prefersReducedMotion(): boolean {
  return window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
}

/**
 * The hero's rotating collection caption. It does not announce itself (aria-live off: a change
 * every 4 s would drown a screen reader), stops while the tab is hidden, does not start on its
 * own for visitors who prefer reduced motion, and has a pause/play button (WCAG 2.2.2).
 */
export function CaptionRotator({ className }: { className?: string }) {
  const [index, setIndex] = React.useState(0);
  const [playing, setPlaying] = React.useState(true);
  const [tabVisible, setTabVisible] = React.useState(true);

  // Reduced motion: start paused (the visitor can still press play).
  React.useEffect(() => {
    if (prefersReducedMotion()) setPlaying(false);
  }, []);

  React.useEffect(() => {
    const update = () => setTabVisible(document.visibilityState !== "hidden");
    update();
    document.addEventListener("visibilitychange", update);
    return () => document.removeEventListener("visibilitychange", update);
  }, []);

  React.useEffect(() => {
    if (!playing || !tabVisible) return;
    const timer = window.setInterval(
      () => setIndex((i) => (i + 1) % HERO_CAPTIONS.length),
      CAPTION_INTERVAL_MS,
    );
    return () => window.clearInterval(timer);
  }, [playing, tabVisible]);

  const caption = HERO_CAPTIONS[index] ?? HERO_CAPTIONS[0];
  return (
    <div className={cn("flex items-center gap-3", className)}>
      <span aria-hidden="true" className="h-px w-8 shrink-0 bg-gold-500 sm:w-10" />
      <p
        aria-live="off"
        data-testid="hero-caption"
        data-caption-index={index}
        className="min-w-0 text-xs font-semibold tracking-[0.26em] text-gold-700 uppercase sm:text-sm"
      >
        <span
          key={index}
          className="inline-flex flex-wrap items-center gap-x-3 gap-y-1 animate-toast-in"
        >
          <span>{caption.title}</span>
          <span className="rounded-full border border-gold-500/60 px-2.5 py-0.5 text-[0.6875rem] tracking-[0.2em]">
            {caption.tag}
          </span>
        </span>
      </p>
      <button
        type="button"
        onClick={() => setPlaying((p) => !p)}
        aria-label={playing ? "Pause the collection captions" : "Play the collection captions"}
        className="grid size-8 shrink-0 place-items-center rounded-full text-gold-700 transition-colors hover:bg-gold-100 hover:text-primary"
      >
        {playing ? (
          <Pause aria-hidden="true" className="size-3.5" />
        ) : (
          <Play aria-hidden="true" className="size-3.5" />
        )}
      </button>
    </div>
  );
}
