import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { CaptionRotator } from "./caption-rotator";
import { HeroAds } from "./hero-ads";
import type { HeroAd } from "./types";

/** Static figures of the hero (storefront.md §2). */
export const STORE_FIGURES = [
  { value: "10K+", label: "Satisfied Clients" },
  { value: "100+", label: "Unique Options" },
  { value: "24/7", label: "Service" },
] as const;

export type HeroProps = {
  storeName: string;
  tagline: string;
  ads: Promise<HeroAd[]> | HeroAd[];
};

/** Brand, rotating collection caption, Shop Now and the advertisements. */
export function Hero({ storeName, tagline, ads }: HeroProps) {
  return (
    <section
      aria-labelledby="hero-title"
      className="relative -mt-16 overflow-hidden bg-[radial-gradient(ellipse_at_85%_15%,rgb(216_189_138/0.35),transparent_55%),radial-gradient(ellipse_at_5%_95%,rgb(122_31_43/0.10),transparent_50%)] md:-mt-20"
    >
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 pt-24 pb-14 sm:px-6 md:pt-32 lg:grid-cols-[minmax(0,0.8fr)_minmax(0,1.2fr)] xl:grid-cols-[minmax(0,0.95fr)_minmax(0,1.05fr)] lg:gap-14 lg:px-8 lg:pt-36 lg:pb-20">
        <div className="max-w-2xl">
          <CaptionRotator />
          <h1
            id="hero-title"
            className="mt-5 font-display text-6xl leading-[0.9] font-semibold tracking-[0.08em] text-primary uppercase sm:text-8xl lg:text-7xl xl:text-9xl"
          >
            {storeName}
          </h1>
          <p className="mt-5 font-display text-2xl leading-snug font-medium text-foreground sm:text-3xl">
            {tagline}
          </p>
          <p className="mt-4 max-w-lg text-base leading-relaxed text-muted-foreground sm:text-lg">
            Sarees, kurtas, lehengas and festive edits, chosen for craft, comfort and colour, and
            delivered to your door across India.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:items-center">
            <Button asChild size="lg" className="group">
              <Link to="/products">
                Shop Now
                <ArrowRight
                  aria-hidden="true"
                  className="size-4 transition-transform group-hover:translate-x-0.5"
                />
              </Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to="/contact">Personal styling</Link>
            </Button>
          </div>
          <dl className="mt-10 grid max-w-md grid-cols-3 divide-x divide-gold-400/50 border-y border-gold-400/50 py-4">
            {STORE_FIGURES.map((figure) => (
              <div
                key={figure.label}
                className="flex flex-col items-center gap-0.5 px-2 text-center"
              >
                <dt className="order-2 text-[0.6875rem] font-medium tracking-[0.14em] text-muted-foreground uppercase sm:text-xs">
                  {figure.label}
                </dt>
                <dd className="order-1 font-display text-3xl font-semibold text-primary sm:text-4xl">
                  {figure.value}
                </dd>
              </div>
            ))}
          </dl>
        </div>

        <HeroAds ads={ads} />
      </div>
    </section>
  );
}
