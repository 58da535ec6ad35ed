import { ArrowRight, ArrowUpRight, Sparkles } from "lucide-react";
import * as React from "react";
import { Await, Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { cn } from "~/components/ui/cn";
import { ResponsiveImage } from "~/components/ui/responsive-image";
import { Spinner } from "~/components/ui/spinner";
import type { HeroAd } from "./types";

/** The first two ads are tall 'Special Offer' cards, the next two square 'Trending' cards. */
const TALL_ADS = 2;

export type HeroAdsProps = {
  /** Streamed from the loader: never rejects (a failure is an empty list). */
  ads: Promise<HeroAd[]> | HeroAd[];
};

/** The hero's advertisements: a spinner while they load, the cards, or 'Coming Soon'. */
export function HeroAds({ ads }: HeroAdsProps) {
  return (
    <React.Suspense fallback={<AdsLoading />}>
      <Await resolve={ads} errorElement={<ComingSoonCard />}>
        {(list) => (list.length > 0 ? <AdCollage ads={list} /> : <ComingSoonCard />)}
      </Await>
    </React.Suspense>
  );
}

function AdsLoading() {
  return (
    <div
      data-testid="hero-ads-loading"
      className="grid min-h-[24rem] place-items-center rounded-xl border border-dashed border-gold-400/70 bg-ivory-50/60 text-primary lg:min-h-[44rem]"
    >
      <div className="flex flex-col items-center gap-3 text-sm text-muted-foreground">
        <Spinner size="lg" label="Loading special offers" className="text-primary" />
        <span aria-hidden="true">Loading special offers…</span>
      </div>
    </div>
  );
}

/**
 * Phones and tablets: a swipeable row (the next card peeks in). Desktops: a 2 × 2 collage, the
 * tall cards above the square ones, the right column set lower.
 */
function AdCollage({ ads }: { ads: HeroAd[] }) {
  return (
    <section aria-labelledby="hero-offers-title" className="min-w-0">
      <h2 id="hero-offers-title" className="sr-only">
        Special offers
      </h2>
      <ul
        data-testid="hero-ads"
        className={cn(
          "-mx-4 flex snap-x snap-mandatory items-end gap-4 overflow-x-auto px-4 pb-2 [scrollbar-width:thin] sm:-mx-6 sm:px-6",
          "lg:mx-0 lg:grid lg:grid-cols-2 lg:items-start lg:gap-5 lg:overflow-visible lg:px-0 lg:pb-10",
          ads.length === 1 && "lg:grid-cols-1 lg:max-w-md lg:mx-auto",
        )}
      >
        {ads.map((ad, i) => (
          <li
            key={ad._id}
            className={cn(
              "w-[78%] max-w-80 shrink-0 snap-start scroll-ml-4 sm:w-[42%] sm:scroll-ml-6",
              "lg:w-auto lg:max-w-none",
              i % 2 === 1 && "lg:translate-y-10",
            )}
          >
            <AdCard
              ad={ad}
              tall={i < TALL_ADS}
              priority={i === 0}
              sizes={ads.length === 1 ? ONE_AD_SIZES : AD_SIZES}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The rule of `opensInNewTab` in @vastra/contracts/ads (http links open in a new tab), repeated
 * here because importing that module would bring zod (its schemas) into the home page's bundle.
 */
const opensInNewTab = (link: string) => /^https?:\/\//i.test(link);

/** Only links the store can stand behind: http(s), or a path on this site. */
function safeLink(link: string): string {
  const trimmed = link.trim();
  if (/^https?:\/\//i.test(trimmed)) return trimmed;
  if (trimmed.startsWith("/") && !trimmed.startsWith("//")) return trimmed;
  if (trimmed.startsWith("#")) return `/${trimmed}`;
  // 'products?category=x' means /products?category=x; any other scheme (javascript:…) is refused.
  if (trimmed && !/^[a-z][a-z\d+.-]*:/i.test(trimmed) && !trimmed.startsWith("//")) {
    return `/${trimmed}`;
  }
  return "/products";
}

/**
 * The cards' rendered width: phones 78% and tablets 42% of the row (at most 20rem), desktops half
 * of the hero's right column (one ad alone: 28rem).
 */
const AD_SIZES =
  "(min-width: 1280px) 294px, (min-width: 1024px) calc(30vw - 46px), (min-width: 640px) min(320px, calc(42vw - 20px)), min(320px, calc(78vw - 25px))";
const ONE_AD_SIZES =
  "(min-width: 1024px) 448px, (min-width: 640px) min(320px, calc(42vw - 20px)), min(320px, calc(78vw - 25px))";

function AdCard({
  ad,
  tall,
  priority,
  sizes,
}: {
  ad: HeroAd;
  tall: boolean;
  /** The first ad: the home page's largest picture on every layout, so eager and high priority. */
  priority: boolean;
  sizes: string;
}) {
  const href = safeLink(ad.buttonLink);
  const external = opensInNewTab(href);
  const label = tall ? "Special Offer" : "Trending";
  const linkClasses = cn(
    "inline-flex h-10 items-center gap-2 rounded-md bg-ivory-50 px-4 text-sm font-semibold text-maroon-900 shadow-sm transition-colors",
    "group-hover:bg-gold-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-300",
    // The whole card is the link's target area.
    "after:absolute after:inset-0 after:content-['']",
  );
  const buttonText = ad.buttonText.trim() || "Shop Now";
  const content = (
    <>
      {buttonText}
      <span className="sr-only">
        : {ad.title}
        {external ? " (opens in a new tab)" : ""}
      </span>
      {external ? (
        <ArrowUpRight aria-hidden="true" className="size-4" />
      ) : (
        <ArrowRight aria-hidden="true" className="size-4" />
      )}
    </>
  );
  return (
    <article
      data-testid="hero-ad"
      data-kind={tall ? "special-offer" : "trending"}
      className={cn(
        "group relative isolate flex flex-col justify-end overflow-hidden rounded-xl bg-maroon-900 text-ivory-50 shadow-[0_24px_48px_-24px_rgb(61_15_22/0.6)]",
        "ring-1 ring-gold-300/30 focus-within:ring-2 focus-within:ring-gold-400",
        tall ? "aspect-[4/5]" : "aspect-square",
      )}
    >
      <ResponsiveImage
        src={ad.imageUrl}
        alt=""
        fallback="logo"
        priority={priority}
        sizes={sizes}
        className="absolute inset-0 -z-10 size-full object-cover transition-transform duration-700 ease-out group-hover:scale-[1.04]"
      />
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-gradient-to-t from-maroon-950/95 via-maroon-950/45 to-maroon-950/5"
      />
      <Badge
        variant={tall ? "gold" : "default"}
        className={cn(
          "absolute top-3 left-3 tracking-[0.14em] uppercase shadow-sm",
          !tall && "bg-maroon-800 text-ivory-50 ring-1 ring-gold-300/50",
        )}
      >
        {label}
      </Badge>
      {/* Not positioned: the link's ::after then covers the whole card. */}
      <div className="flex flex-col gap-2 p-4 sm:p-5">
        <h3 className="font-display text-2xl leading-tight font-semibold text-ivory-50 sm:text-[1.7rem] lg:text-2xl xl:text-[1.7rem]">
          {ad.title}
        </h3>
        {ad.description ? (
          <p
            className={cn(
              "text-sm leading-snug text-ivory-100/90",
              tall ? "line-clamp-3 lg:line-clamp-2 xl:line-clamp-3" : "line-clamp-2",
            )}
          >
            {ad.description}
          </p>
        ) : null}
        <div className="mt-1.5">
          {external ? (
            <a href={href} target="_blank" rel="noopener noreferrer" className={linkClasses}>
              {content}
            </a>
          ) : (
            <Link to={href} className={linkClasses}>
              {content}
            </Link>
          )}
        </div>
      </div>
    </article>
  );
}

/** No active advertisement (or they could not be loaded). */
function ComingSoonCard() {
  return (
    <div
      data-testid="hero-ads-empty"
      className="relative mx-auto w-full max-w-md overflow-hidden rounded-t-[10rem] rounded-b-xl bg-gradient-to-b from-maroon-700 via-maroon-800 to-maroon-950 p-3 shadow-[0_30px_60px_-20px_rgb(61_15_22/0.55)]"
    >
      <div className="flex min-h-80 flex-col items-center justify-end gap-3 rounded-t-[9.4rem] rounded-b-lg border border-gold-300/60 bg-[repeating-linear-gradient(45deg,rgb(216_189_138/0.09)_0_1px,transparent_1px_22px),repeating-linear-gradient(-45deg,rgb(216_189_138/0.09)_0_1px,transparent_1px_22px)] px-6 pt-16 pb-10 text-center sm:min-h-[26rem]">
        <Sparkles aria-hidden="true" className="size-6 text-gold-300" />
        <h2 className="font-display text-3xl font-semibold text-gold-100 sm:text-4xl">
          Special Offers Coming Soon
        </h2>
        <p className="max-w-xs text-sm leading-relaxed text-ivory-200">
          Our next festive edit is being stitched together. Join our newsletter to hear about it
          first.
        </p>
        <a
          href="#newsletter"
          className="mt-2 inline-flex h-10 items-center gap-2 rounded-md bg-gold-300 px-4 text-sm font-semibold text-maroon-950 transition-colors hover:bg-gold-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-300"
        >
          Notify me
          <ArrowRight aria-hidden="true" className="size-4" />
        </a>
      </div>
    </div>
  );
}
