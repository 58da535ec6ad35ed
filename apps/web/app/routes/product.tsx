/** Product detail (/products/{id}): server-rendered with its reviews; 404 when there is no such product. */
import { RETURNS, SHIPPING } from "@vastra/contracts/policy";
import { DEFAULT_SHIPPING_RULES, shippingChargeSentence } from "@vastra/contracts/shipping-rules";
import { fitSummary } from "@vastra/contracts/size-fit";
import * as React from "react";
import { data } from "react-router";
import { changeReview, loadProduct, loadReviews } from "~/features/catalogue/catalogue.server";
import { ProductDetailPage } from "~/features/catalogue/product-detail-page";
import {
  absoluteUrl,
  DEFAULT_STORE_NAME,
  ogImageUrl,
  pageMeta,
  productDescription,
  productJsonLd,
  storeNameFrom,
} from "~/features/catalogue/seo";
import { loadFitQuestion, loadSizeChart } from "~/features/catalogue/size-fit.server";
import { formatPrice } from "~/lib/format";
import { productPath } from "~/lib/product";
import { getCurrentUser } from "~/lib/session.server";
import { loadStoreSettings } from "~/lib/store.server";
import type { Route } from "./+types/product";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const origin = new URL(request.url).origin;
  const [load, reviews, user, sizeChart, store] = await Promise.all([
    loadProduct(context, params.id),
    loadReviews(context, params.id),
    getCurrentUser(context),
    loadSizeChart(context, params.id),
    loadStoreSettings(context),
  ]);
  if (load.status !== "ok") {
    return data(
      { product: null, failed: load.status === "error", reviews: null, viewer: null, origin },
      { status: load.status === "error" ? 502 : 404 },
    );
  }
  return {
    product: load.product,
    failed: false,
    reviews,
    viewer: user ? { _id: user._id, name: user.name, isAdmin: user.isAdmin } : null,
    origin,
    // Size and fit (record 0046): the chart, and whether this shopper may say how it fitted.
    sizeChart,
    fitQuestion: user ? await loadFitQuestion(context, params.id) : null,
    // The delivery and returns lines beside the add button, written here: the shipping rules'
    // texts and the policy module stay out of the page's script (record 0053). The store's own
    // return window (record 0048) still wins on the page, as the root's settings hold it.
    // The schema.org Product, written here (the browser never needs its code; record 0053), with
    // the store's name as the root's titles have it.
    // The fit line (record 0046), likewise.
    fitSummary: fitSummary(load.product.fit),
    jsonLd: productJsonLd(load.product, origin, store.name || DEFAULT_STORE_NAME),
    policy: {
      shippingLine: `${shippingChargeSentence(store.shipping ?? DEFAULT_SHIPPING_RULES)} Delivery to ${SHIPPING.citiesServed} cities.`,
      returnWindowDays: RETURNS.returnWindowDays,
    },
  };
}

/** Writes, edits and deletes the shopper's review (POST/PUT/DELETE /api/reviews in-process). */
export async function action({ params, request, context }: Route.ActionArgs) {
  const { result, status } = await changeReview(context, params.id, await request.formData());
  return data(result, { status });
}

/** The not-found view's code loads only with a not-found page (record 0053). */
const ProductNotFound = React.lazy(() =>
  import("~/features/catalogue/product-not-found").then((module) => ({
    default: module.ProductNotFound,
  })),
);

export function meta({ loaderData, matches, params }: Route.MetaArgs) {
  const storeName = storeNameFrom(matches);
  const product = loaderData?.product;
  if (!product || !loaderData) {
    return [{ title: `Product Not Found | ${storeName}` }, { name: "robots", content: "noindex" }];
  }
  const canonical = absoluteUrl(loaderData.origin, productPath(params.id));
  return [
    ...pageMeta({
      title: `${product.title} | ${storeName}`,
      description: productDescription(product),
      canonical,
      image: ogImageUrl(loaderData.origin, product.imageUrl),
      type: "product",
      storeName,
    }),
    { property: "product:price:amount", content: product.price.toFixed(2) },
    { property: "product:price:currency", content: "INR" },
    { name: "twitter:label1", content: "Price" },
    { name: "twitter:data1", content: formatPrice(product.price) },
  ];
}

export default function ProductRoute({ loaderData }: Route.ComponentProps) {
  const { product, reviews, viewer, origin, failed } = loaderData;
  if (!product) {
    return (
      <React.Suspense fallback={null}>
        <ProductNotFound failed={failed} />
      </React.Suspense>
    );
  }
  const url = absoluteUrl(origin, productPath(product._id));
  return (
    <ProductDetailPage
      key={product._id}
      product={product}
      reviews={reviews}
      viewer={viewer}
      url={url}
      jsonLd={loaderData.jsonLd}
      sizeChart={"sizeChart" in loaderData ? loaderData.sizeChart : null}
      fitQuestion={"fitQuestion" in loaderData ? loaderData.fitQuestion : null}
      policy={loaderData.policy}
      fitSummary={loaderData.fitSummary}
    />
  );
}
