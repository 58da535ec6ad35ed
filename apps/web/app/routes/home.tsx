import type { ShouldRevalidateFunctionArgs } from "react-router";
import {
  buildQrCodes,
  loadFeaturedProducts,
  loadHeroAds,
  publicOrigin,
  socialLinks,
  within,
} from "~/features/home/data.server";
import { FeaturedCollections } from "~/features/home/featured-collections";
import { Hero } from "~/features/home/hero";
import { Newsletter } from "~/features/home/newsletter";
import { homeMeta, OrganizationJsonLd } from "~/features/home/seo";
import { SocialConnect } from "~/features/home/social-connect";
import { serverApi } from "~/lib/api.server";
import { subscribeToNewsletter } from "~/lib/newsletter-submit";
import { useStoreSettings } from "~/lib/store";
import { loadStoreSettings } from "~/lib/store.server";
import type { Route } from "./+types/home";

/**
 * How long the page waits for the advertisements and the featured products before streaming them
 * instead. Usually they are here well within it: the page then arrives complete, the first
 * advertisement's picture (the largest paint on every layout) preloaded from the head, and the
 * first product as og:image. When the API is slow, the hero shows its spinner until they arrive.
 */
const WAIT_MS = 300;

/** The QR codes of the social links are made on the server and streamed. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const api = serverApi(context);
  const ads = loadHeroAds(api);
  const featured = loadFeaturedProducts(api);
  const qrCodes = loadStoreSettings(context).then((store) => buildQrCodes(socialLinks(store)));
  const [adsNow, featuredNow] = await Promise.all([
    within(ads, WAIT_MS),
    within(featured, WAIT_MS),
  ]);
  return {
    ads: adsNow ?? ads,
    featured: featuredNow ?? featured,
    qrCodes,
    origin: publicOrigin(request),
    shareImage: featuredNow?.[0]?.image,
  };
}

/** Without JavaScript the newsletter form posts here; the API is called in-process. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const email = form.get("email");
  return subscribeToNewsletter(serverApi(context), typeof email === "string" ? email : "");
}

/** A newsletter sign-up changes nothing the page shows. */
export function shouldRevalidate({
  formAction,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  return formAction?.startsWith("/?index") ? false : defaultShouldRevalidate;
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const store = matches[0]?.loaderData?.store;
  return homeMeta({
    storeName: store?.name ?? "Vastra",
    origin: loaderData?.origin,
    image: loaderData?.shareImage,
  });
}

export default function Home({ loaderData, actionData }: Route.ComponentProps) {
  // The root loader always has settings (its own defaults when the API fails).
  const store = useStoreSettings();
  const storeName = store?.name ?? "Vastra";
  return (
    <>
      {store ? <OrganizationJsonLd store={store} origin={loaderData.origin} /> : null}
      <Hero
        storeName={storeName}
        tagline={store?.tagline || "Handpicked Indian fashion, made to be worn"}
        ads={loaderData.ads}
      />
      <FeaturedCollections products={loaderData.featured} />
      {store ? <SocialConnect store={store} qrCodes={loaderData.qrCodes} /> : null}
      <Newsletter storeName={storeName} initialResult={actionData} />
    </>
  );
}
