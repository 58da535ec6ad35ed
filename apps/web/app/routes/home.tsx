import { RETURNS, SHIPPING } from "@vastra/contracts/policy";
import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { useStoreSettings } from "~/lib/store";
import type { Route } from "./+types/home";

export function meta(_: Route.MetaArgs) {
  return [
    { title: "Vastra · Handpicked Indian fashion: sarees, kurtas & lehengas" },
    {
      name: "description",
      content:
        "Shop Vastra for handpicked Indian fashion: sarees, kurtas, lehengas and festive wear, delivered across India with easy returns.",
    },
    { property: "og:title", content: "Vastra · Handpicked Indian fashion" },
    { property: "og:type", content: "website" },
  ];
}

const PROMISES = [
  `Delivery to ${SHIPPING.citiesServed} cities`,
  `${RETURNS.returnWindowDays}-day returns`,
  "Pay once your order is confirmed",
];

/** Placeholder home: a hero with the brand and a way into the collections. */
export default function Home() {
  const store = useStoreSettings();
  const tagline = store?.tagline || "Handpicked Indian fashion, made to be worn";
  return (
    <section
      aria-labelledby="hero-title"
      className="relative -mt-16 overflow-hidden bg-[radial-gradient(ellipse_at_85%_15%,rgb(216_189_138/0.35),transparent_55%),radial-gradient(ellipse_at_5%_95%,rgb(122_31_43/0.10),transparent_50%)] md:-mt-20"
    >
      <div className="mx-auto grid min-h-[calc(100svh-4rem)] max-w-7xl items-center gap-14 px-4 pt-28 pb-16 sm:px-6 md:min-h-[44rem] md:pt-36 lg:grid-cols-[1.15fr_0.85fr] lg:px-8 lg:pb-24">
        <div className="max-w-2xl">
          <p className="flex items-center gap-3 text-xs font-semibold tracking-[0.28em] text-gold-700 uppercase">
            <span aria-hidden="true" className="h-px w-10 bg-gold-500" />
            Handpicked in India
          </p>
          <h1
            id="hero-title"
            className="mt-6 font-display text-7xl leading-[0.9] font-semibold tracking-[0.08em] text-primary uppercase sm:text-8xl lg:text-9xl"
          >
            Vastra
          </h1>
          <p className="mt-6 font-display text-2xl leading-snug text-foreground italic sm:text-3xl">
            {tagline}
          </p>
          <p className="mt-5 max-w-lg text-base leading-relaxed text-muted-foreground sm:text-lg">
            Sarees, kurtas, lehengas and festive edits, chosen for craft, comfort and colour, and
            delivered to your door across India.
          </p>
          <div className="mt-9 flex flex-col gap-3 sm:flex-row sm:items-center">
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
          <ul className="mt-10 flex flex-wrap gap-x-6 gap-y-2 text-sm text-muted-foreground">
            {PROMISES.map((promise) => (
              <li key={promise} className="flex items-center gap-2">
                <span aria-hidden="true" className="size-1.5 rotate-45 bg-gold-500" />
                {promise}
              </li>
            ))}
          </ul>
        </div>

        <div aria-hidden="true" className="relative mx-auto hidden w-full max-w-sm lg:block">
          <div className="absolute -inset-4 translate-x-6 translate-y-6 rounded-t-full border border-gold-400/70" />
          <div className="relative aspect-[3/4] rounded-t-full bg-gradient-to-b from-maroon-700 via-maroon-800 to-maroon-950 p-3 shadow-[0_30px_60px_-20px_rgb(61_15_22/0.55)]">
            <div className="flex h-full flex-col items-center justify-end rounded-t-full border border-gold-300/60 bg-[repeating-linear-gradient(45deg,rgb(216_189_138/0.09)_0_1px,transparent_1px_22px),repeating-linear-gradient(-45deg,rgb(216_189_138/0.09)_0_1px,transparent_1px_22px)] px-8 pb-12 text-center">
              <span className="mb-6 size-3 rotate-45 border border-gold-300" />
              <p className="font-display text-4xl text-gold-200 italic">The Festive Edit</p>
              <p className="mt-3 text-xs tracking-[0.3em] text-ivory-200/90 uppercase">
                New arrivals every week
              </p>
            </div>
          </div>
        </div>
      </div>
    </section>
  );
}
