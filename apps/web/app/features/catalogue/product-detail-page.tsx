import { CART_MESSAGES, onlyInStockMessage } from "@vastra/contracts/cart-messages";
import type { Product } from "@vastra/contracts/catalogue";
import type { Review } from "@vastra/contracts/reviews";
import type { FitQuestion, ProductSizeChart } from "@vastra/contracts/size-charts";
import type { FitSummary } from "@vastra/contracts/size-fit";
import { PackageX, RotateCcw, Share2, ShoppingBag, Truck } from "lucide-react";
import * as React from "react";
import { Link } from "react-router";
import { WishlistHeart } from "~/components/commerce/wishlist-heart";
import { DeliveryCheck } from "~/components/delivery/delivery-check";
import { Button } from "~/components/ui/button";
import { Spinner } from "~/components/ui/spinner";
import { RatingSummary } from "~/components/ui/stars";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { useToast } from "~/components/ui/toast";
import { useNonce } from "~/lib/nonce";
import { galleryImages, sizeStockOf, stockOfSize } from "~/lib/product";
import { useStoreSettings } from "~/lib/store";
import { PriceTag } from "./price-tag";
import { ProductGallery } from "./product-gallery";
import { ProductDetails } from "./product-info";
import { ColorChooser, QuantityStepper, SizeChooser } from "./product-options";
import type { Viewer } from "./product-reviews";
import { jsonForScript } from "./seo";
import { nativeShare, SHARE_MESSAGES } from "./share";
import { FitLine, FitQuestionProvider, SizeChartButton } from "./size-fit";
import { StockBadge } from "./stock-badge";
import { useAddToCart } from "./use-add-to-cart";

/**
 * The share menu's code loads when Share is first pressed (or pointed at, or focused): until then
 * it is one plain button, and the device's own share sheet needs none of it. The product page's
 * script budget (issue #11) is spent on what a shopper needs first.
 */
const loadShareMenu = () => import("./share-menu");
const ShareMenu = React.lazy(() =>
  loadShareMenu().then((module) => ({ default: module.ShareMenu })),
);

function ShareButton({ url, title, text }: { url: string; title: string; text: string }) {
  const toast = useToast();
  const [menu, setMenu] = React.useState(false);
  const tryNativeShare = (onFailed: () => void) =>
    nativeShare({ title, text, url }, () => toast.success(SHARE_MESSAGES.shared), onFailed);
  const button = (
    <Button
      variant="ghost"
      size="md"
      className="px-3"
      onPointerEnter={() => void loadShareMenu()}
      onFocus={() => void loadShareMenu()}
      onClick={() => {
        if (!tryNativeShare(() => setMenu(true))) setMenu(true);
      }}
    >
      <Share2 aria-hidden="true" />
      Share
    </Button>
  );
  if (!menu) return button;
  return (
    <React.Suspense fallback={button}>
      <ShareMenu
        url={url}
        title={title}
        messages={SHARE_MESSAGES}
        tryNativeShare={tryNativeShare}
        defaultOpen
      />
    </React.Suspense>
  );
}
/**
 * The Reviews tab's code (the list, its replies, the fit answers, the edit and delete actions)
 * loads when the tab is first pointed at, focused or chosen (record 0053): the page opens on
 * Details, and most visits never open Reviews.
 */
const loadReviews = () => import("./product-reviews");
const ProductReviews = React.lazy(() =>
  loadReviews().then((module) => ({ default: module.ProductReviews })),
);

/** The Shipping tab's text likewise (the same figures as the shipping and returns pages). */
const loadShippingInfo = () => import("./shipping-info");
const ShippingInfo = React.lazy(() =>
  loadShippingInfo().then((module) => ({ default: module.ShippingInfo })),
);

/** The phone's sticky bar likewise, and only once the page has been scrolled (see below). */
const StickyAddToCart = React.lazy(() =>
  import("./sticky-add-to-cart").then((module) => ({ default: module.StickyAddToCart })),
);

export const PRODUCT_MESSAGES = {
  selectSize: CART_MESSAGES.selectSize,
  outOfStock: CART_MESSAGES.outOfStock,
  onlyAvailable: onlyInStockMessage,
} as const;

export type ProductDetailPageProps = {
  product: Product;
  reviews: Review[] | null;
  viewer: Viewer;
  /** The absolute URL of this page (share links). */
  url: string;
  /** The schema.org Product of this page. */
  jsonLd: unknown;
  /** The product's size chart (record 0046); null: none, so no "Size chart" button. */
  sizeChart?: ProductSizeChart | null;
  /** May the signed-in shopper say how it fitted (null: a guest). */
  fitQuestion?: FitQuestion | null;
  /**
   * Written by the loader from the store's shipping rules and contracts/policy.ts: the delivery
   * line (charges and cities served) and the default return window.
   */
  policy: { shippingLine: string; returnWindowDays: number };
  /** The fit line's figures (fitSummary of the product's fit answers), by the loader. */
  fitSummary?: FitSummary | null;
};

type Tab = "details" | "reviews" | "shipping";

/** Product detail: gallery, choosers, add to cart, share, and the details/reviews/shipping tabs. */
export function ProductDetailPage({
  product,
  reviews,
  viewer,
  url,
  jsonLd,
  sizeChart = null,
  fitQuestion = null,
  policy,
  fitSummary = null,
}: ProductDetailPageProps) {
  const nonce = useNonce();
  // The store's return window (record 0048): the policy pages and My Orders use the same setting.
  const returnDays = useStoreSettings()?.returnWindowDays ?? policy.returnWindowDays;
  // The sticky bar is wanted only once the page has scrolled (the add button can only leave the
  // screen then): its code loads at the first scroll, not with the page.
  const [scrolled, setScrolled] = React.useState(false);
  React.useEffect(() => {
    if (scrolled) return;
    if (window.scrollY > 0) {
      setScrolled(true);
      return;
    }
    const onScroll = () => setScrolled(true);
    window.addEventListener("scroll", onScroll, { once: true, passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, [scrolled]);
  const toast = useToast();
  const { add, pending } = useAddToCart();
  const images = React.useMemo(() => galleryImages(product), [product]);
  const sizes = sizeStockOf(product);

  const [imageIndex, setImageIndex] = React.useState(0);
  const [color, setColor] = React.useState<string | null>(
    product.defaultColor && product.colors.includes(product.defaultColor)
      ? product.defaultColor
      : (product.colors[0] ?? null),
  );
  const [size, setSize] = React.useState<string | null>(() => {
    const inStock = sizes.filter((s) => s.stock > 0);
    return sizes.length === 1 && inStock.length === 1 ? inStock[0]!.size : null;
  });
  const [sizeError, setSizeError] = React.useState<string | null>(null);
  const [quantity, setQuantity] = React.useState(1);
  const [tab, setTab] = React.useState<Tab>("details");
  const tabsRef = React.useRef<HTMLDivElement>(null);
  // The page's add-to-cart row: the phone's sticky bar shows once it scrolls out of view.
  const addRowRef = React.useRef<HTMLDivElement>(null);

  const outOfStock = product.stockStatus === "Out of Stock" || !product.inStock;
  const maxQuantity = size ? stockOfSize(product, size) : Math.max(1, product.stock);

  function chooseColor(next: string) {
    setColor(next);
    const i = images.findIndex((image) => image.color === next);
    if (i >= 0) setImageIndex(i);
  }

  /**
   * Paging the gallery to a picture of another colour chooses that colour (record 0035): the
   * picture on screen is the piece the cart gets. A picture of no colour (the main image, extra
   * views) keeps the colour chosen.
   */
  function showImage(i: number) {
    setImageIndex(i);
    const shown = images[i]?.color;
    if (shown && product.colors.includes(shown)) setColor(shown);
  }

  // The 'Please select a size!' toast, closed once a size is chosen (it would be stale).
  const sizeToast = React.useRef<number | null>(null);

  function chooseSize(next: string) {
    setSize(next);
    setSizeError(null);
    if (sizeToast.current !== null) {
      toast.dismiss(sizeToast.current);
      sizeToast.current = null;
    }
    const stock = stockOfSize(product, next);
    setQuantity((q) => Math.max(1, Math.min(q, stock)));
  }

  async function addToCart() {
    if (outOfStock) {
      toast.error(PRODUCT_MESSAGES.outOfStock);
      return;
    }
    if (!size) {
      setSizeError(PRODUCT_MESSAGES.selectSize);
      if (sizeToast.current !== null) toast.dismiss(sizeToast.current);
      sizeToast.current = toast.error(PRODUCT_MESSAGES.selectSize);
      document.querySelector<HTMLInputElement>("[data-size-chooser] input:not(:disabled)")?.focus();
      return;
    }
    const stock = stockOfSize(product, size);
    if (quantity > stock) {
      toast.error(PRODUCT_MESSAGES.onlyAvailable(stock));
      return;
    }
    await add({ productId: product._id, size, quantity, color: color ?? undefined });
  }

  function showReviews() {
    setTab("reviews");
    requestAnimationFrame(() => {
      tabsRef.current?.scrollIntoView({ behavior: "smooth", block: "start" });
      tabsRef.current?.querySelector<HTMLElement>('[role="tab"][data-state="active"]')?.focus();
    });
  }

  return (
    <div className="mx-auto w-full max-w-7xl px-4 pt-6 pb-16 sm:px-6 md:pt-10 lg:px-8">
      <Breadcrumb product={product} />

      <div className="mt-6 grid gap-8 md:grid-cols-2 lg:gap-14">
        <ProductGallery
          images={images}
          index={imageIndex}
          onIndexChange={showImage}
          className="md:sticky md:top-24 md:self-start"
        />

        <div className="flex min-w-0 flex-col gap-6">
          <div className="grid gap-3">
            {product.category ? (
              <p className="text-xs font-semibold tracking-[0.2em] text-gold-700 uppercase">
                {product.category}
              </p>
            ) : null}
            <h1 className="font-display text-4xl leading-tight font-semibold text-foreground sm:text-5xl">
              {product.title}
            </h1>
            {product.reviewCount > 0 ? (
              <button
                type="button"
                onClick={showReviews}
                className="w-fit rounded-sm text-left underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
              >
                <RatingSummary average={product.averageRating} count={product.reviewCount} />
              </button>
            ) : (
              <RatingSummary average={0} count={0} />
            )}
            <FitLine summary={fitSummary} />
            <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
              <PriceTag
                size="page"
                price={product.price}
                mrp={product.mrp}
                discountPercent={product.discountPercent}
              />
              <p className="text-sm text-muted-foreground">Inclusive of all taxes</p>
            </div>
            {outOfStock ? (
              <p className="flex items-center gap-2 font-medium text-destructive">
                <PackageX aria-hidden="true" className="size-5" />
                {PRODUCT_MESSAGES.outOfStock}
              </p>
            ) : product.stockStatus === "Low Stock" ? (
              <p className="flex items-center gap-2 text-sm text-muted-foreground">
                <StockBadge status="Low Stock" />
                Selling fast: only a few pieces left.
              </p>
            ) : null}
          </div>

          <div className="grid gap-6 border-t border-border pt-6">
            <ColorChooser colors={product.colors} value={color} onChange={chooseColor} />
            <div data-size-chooser="" className="relative">
              {sizeChart && sizes.length > 0 ? (
                <SizeChartButton
                  sizeChart={sizeChart}
                  title={product.title}
                  size={size}
                  className="absolute top-0 right-0"
                />
              ) : null}
              <SizeChooser
                sizes={sizes}
                value={size}
                onChange={chooseSize}
                error={sizeError}
                lowStockThreshold={product.lowStockThreshold}
              />
            </div>
            <QuantityStepper
              value={quantity}
              max={maxQuantity}
              onChange={setQuantity}
              disabled={outOfStock}
            />
          </div>

          <div
            ref={addRowRef}
            data-add-to-cart-row=""
            className="flex flex-wrap items-center gap-3"
          >
            <Button
              size="lg"
              className="min-w-0 flex-1 sm:flex-none sm:px-10"
              disabled={outOfStock}
              loading={pending}
              loadingText="Adding…"
              onClick={() => void addToCart()}
            >
              <ShoppingBag aria-hidden="true" />
              {outOfStock ? "Out of stock" : "Add to cart"}
            </Button>
            <WishlistHeart productId={product._id} title={product.title} className="shadow-none" />
            <ShareButton url={url} title={product.title} text={`${product.title} at Vastra`} />
          </div>

          <DeliveryCheck />

          <ul className="grid gap-2 rounded-lg bg-muted p-4 text-sm text-foreground/90">
            <li className="flex items-center gap-3">
              <Truck aria-hidden="true" className="size-5 shrink-0 text-gold-700" />
              {policy.shippingLine}
            </li>
            <li className="flex items-center gap-3">
              <RotateCcw aria-hidden="true" className="size-5 shrink-0 text-gold-700" />
              {returnDays > 0
                ? `Easy returns within ${returnDays} days of delivery`
                : "Returns are not accepted on this store's orders"}
            </li>
          </ul>
        </div>
      </div>

      <div ref={tabsRef} className="mt-14 scroll-mt-24 md:mt-20">
        <Tabs value={tab} onValueChange={(v) => setTab(v as Tab)}>
          <TabsList aria-label="Product information">
            <TabsTrigger value="details">Details</TabsTrigger>
            <TabsTrigger
              value="reviews"
              onPointerEnter={() => void loadReviews()}
              onFocus={() => void loadReviews()}
            >
              Reviews{product.reviewCount > 0 ? ` (${product.reviewCount})` : ""}
            </TabsTrigger>
            <TabsTrigger
              value="shipping"
              onPointerEnter={() => void loadShippingInfo()}
              onFocus={() => void loadShippingInfo()}
            >
              {/* One flex item: the trigger's gap must not open inside the label. */}
              <span>
                Shipping<span className="hidden sm:inline"> &amp; returns</span>
              </span>
            </TabsTrigger>
          </TabsList>
          <TabsContent value="details" className="pt-2">
            <ProductDetails product={product} size={size} />
          </TabsContent>
          <TabsContent value="reviews" className="pt-2">
            <FitQuestionProvider value={fitQuestion}>
              <React.Suspense fallback={<Spinner label="Loading reviews" className="my-8" />}>
                <ProductReviews
                  productId={product._id}
                  averageRating={product.averageRating}
                  reviewCount={product.reviewCount}
                  reviews={reviews}
                  viewer={viewer}
                />
              </React.Suspense>
            </FitQuestionProvider>
          </TabsContent>
          <TabsContent value="shipping" className="pt-2">
            <React.Suspense fallback={<Spinner label="Loading" className="my-8" />}>
              <ShippingInfo />
            </React.Suspense>
          </TabsContent>
        </Tabs>
      </div>

      {scrolled ? (
        <React.Suspense fallback={null}>
          <StickyAddToCart
            watch={addRowRef}
            title={product.title}
            price={product.price}
            mrp={product.mrp}
            discountPercent={product.discountPercent}
            size={size}
            outOfStock={outOfStock}
            pending={pending}
            onAdd={() => void addToCart()}
          />
        </React.Suspense>
      ) : null}

      <script
        type="application/ld+json"
        nonce={nonce}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON-LD, escaped by jsonForScript
        dangerouslySetInnerHTML={{ __html: jsonForScript(jsonLd) }}
      />
    </div>
  );
}

function Breadcrumb({ product }: { product: Product }) {
  const linkClass = "underline-offset-4 hover:text-primary hover:underline";
  return (
    <nav aria-label="Breadcrumb" className="text-sm text-muted-foreground">
      <ol className="flex flex-wrap items-center gap-1.5">
        <li>
          <Link to="/" className={linkClass}>
            Home
          </Link>
        </li>
        <li aria-hidden="true">/</li>
        <li>
          <Link to="/products" className={linkClass}>
            Collections
          </Link>
        </li>
        {product.category ? (
          <>
            <li aria-hidden="true">/</li>
            <li>
              <Link
                to={`/products?${new URLSearchParams({ category: product.category })}`}
                className={linkClass}
              >
                {product.category}
              </Link>
            </li>
          </>
        ) : null}
        <li aria-hidden="true">/</li>
        <li className="min-w-0">
          <span aria-current="page" className="line-clamp-1 text-foreground">
            {product.title}
          </span>
        </li>
      </ol>
    </nav>
  );
}
