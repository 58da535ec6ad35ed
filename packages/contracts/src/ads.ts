import { GENDERS, PRICE_RANGES, PRODUCT_SORTS, type ProductSort } from "./catalogue.ts";
import { isCalendarDate } from "./stats.ts";
import { z } from "./zod.ts";

export const MAX_HERO_ADS = 4;

/** The advertisement as the home page reads it (storefront.md §3, admin.md §3). */
export const advertisementSchema = z
  .object({
    _id: z.string(),
    title: z.string(),
    description: z.string(),
    imageUrl: z.string(),
    buttonText: z.string(),
    buttonLink: z.string(),
    targetPage: z.string(),
    shopFilters: z.object({
      category: z.string().optional(),
      gender: z.string().optional(),
      priceRange: z.string().optional(),
      sortBy: z.string().optional(),
      /** The product id of the 'product' target. */
      product: z.string().optional(),
    }),
    isActive: z.boolean(),
    priority: z.number().int().min(1).max(10),
    createdAt: z.string(),
    /** The first day shown, YYYY-MM-DD in India time (from 00:00 IST); null: from now on. */
    startDate: z.string().nullable(),
    /** The last day shown, YYYY-MM-DD in India time (until 23:59 IST); null: no end. */
    endDate: z.string().nullable(),
  })
  .meta({ id: "Advertisement" });
export type Advertisement = z.infer<typeof advertisementSchema>;

/** India's offset: ad windows are whole days in India time (record 0042). */
const IST_OFFSET_MS = 330 * 60 * 1000;

/** The instant an India calendar day (YYYY-MM-DD) begins: 00:00 IST. */
export function istDayStart(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) - IST_OFFSET_MS);
}

/** The India calendar day (YYYY-MM-DD) of an instant. */
export function istDayOf(instant: Date): string {
  return new Date(instant.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/** The instant an ad with this last day stops showing: 00:00 IST the day after. */
export function istDayEnd(day: string): Date {
  return new Date(istDayStart(day).getTime() + 24 * 60 * 60 * 1000);
}

export type AdSchedule = "live" | "scheduled" | "ended" | "inactive";

/** Where an ad stands at `now`: shown (live), before its first day, after its last, or switched off. */
export function adScheduleAt(
  ad: Pick<Advertisement, "isActive" | "startDate" | "endDate">,
  now: Date,
): AdSchedule {
  if (!ad.isActive) return "inactive";
  if (ad.startDate && now < istDayStart(ad.startDate)) return "scheduled";
  if (ad.endDate && now >= istDayEnd(ad.endDate)) return "ended";
  return "live";
}

/** A link opens in a new tab when it starts with http, in the same window otherwise. */
export const opensInNewTab = (link: string) => /^https?:\/\//i.test(link);

// ---------------------------------------------------------------- admin (admin.md §2, §3, §5, §8, §9)

export const AD_PRIORITY_MIN = 1;
export const AD_PRIORITY_MAX = 10;
export const AD_DEFAULT_BUTTON_TEXT = "Shop Now";
export const AD_TITLE_MAX = 120;
export const AD_DESCRIPTION_MAX = 500;
export const AD_BUTTON_TEXT_MAX = 40;
export const AD_LINK_MAX = 2000;

/** The target pages an ad's button can open (admin.md §2), with the fixed path of each. */
export const AD_TARGET_PAGES = [
  { value: "home", label: "Home", path: "/" },
  { value: "category", label: "A category", path: "/products" },
  { value: "product", label: "A product", path: "" },
  { value: "shop-filters", label: "Shop with filters", path: "/products" },
  { value: "shop-all", label: "Shop all", path: "/products" },
  { value: "cart", label: "Cart", path: "/cart" },
  { value: "register", label: "Sign up", path: "/register" },
  { value: "login", label: "Sign in", path: "/login" },
  { value: "referrals", label: "Referrals", path: "/referrals" },
  { value: "contact", label: "Contact us", path: "/contact" },
  { value: "shipping", label: "Shipping policy", path: "/shipping" },
  { value: "custom", label: "Custom URL", path: "" },
] as const;
export type AdTargetPage = (typeof AD_TARGET_PAGES)[number]["value"];
const TARGET_VALUES = AD_TARGET_PAGES.map((t) => t.value) as [AdTargetPage, ...AdTargetPage[]];
export const AD_DEFAULT_TARGET: AdTargetPage = "shop-all";

/** Price bands of the shop-filter builder ("any" means no band) and sort labels (admin.md §9). */
export const AD_PRICE_RANGE_LABELS: Record<string, string> = {
  any: "Any price",
  "0-500": "Under ₹500",
  "500-1000": "₹500 – ₹1,000",
  "1000-2000": "₹1,000 – ₹2,000",
  "2000-5000": "₹2,000 – ₹5,000",
  "5000+": "₹5,000 and above",
};
export const AD_SORT_LABELS: Record<ProductSort, string> = {
  "price-low": "Price: low to high",
  "price-high": "Price: high to low",
  newest: "Newest",
  popular: "Popular",
};

export const AD_MESSAGES = {
  required: "Please fill in all required fields",
  titleRequired: "Title is required",
  imageRequired: "Please upload an image",
  imageInvalid:
    "Please upload the image here (or use an image already in the store: a path starting with /)",
  customUrlRequired: "Please enter a custom URL",
  customUrlInvalid:
    "Please enter a path starting with / or a full URL starting with http:// or https://",
  priority: `Priority must be a whole number from ${AD_PRIORITY_MIN} to ${AD_PRIORITY_MAX}`,
  categoryUnknown: "Please choose a category from the list",
  categoryRequired: "Please choose a category",
  productRequired: "Please choose a product",
  productUnknown: "Please choose a product from the search results",
  dateInvalid: "Please enter a date as YYYY-MM-DD",
  endBeforeStart: "The last day cannot be before the first day",
  notFound: "Advertisement not found",
  created: "Advertisement created successfully!",
  updated: "Advertisement updated successfully!",
  deleted: "Advertisement deleted successfully!",
  activated: "Advertisement activated",
  deactivated: "Advertisement deactivated",
  fetchFailed: "Error fetching advertisements",
  saveFailed: "Error saving advertisement",
  deleteFailed: "Error deleting advertisement",
  toggleFailed: "Error updating advertisement status",
  uploadFailed: "Error uploading image",
  uploaded: "Image uploaded successfully!",
} as const;

const emptyToUndefined = (v: unknown) => (v === "" || v === null ? undefined : v);

export const adShopFiltersSchema = z
  .object({
    /** A category id. */
    category: z.preprocess(emptyToUndefined, z.string().trim().max(100).optional()),
    gender: z.preprocess(emptyToUndefined, z.enum(GENDERS).optional()),
    priceRange: z.preprocess(
      (v) => (v === "any" ? undefined : emptyToUndefined(v)),
      z.enum(PRICE_RANGES).optional(),
    ),
    sortBy: z.preprocess(emptyToUndefined, z.enum(PRODUCT_SORTS).optional()),
    /** A product id (the 'product' target). */
    product: z.preprocess(emptyToUndefined, z.string().trim().max(100).optional()),
  })
  .strict();
export type AdShopFilters = z.output<typeof adShopFiltersSchema>;

/**
 * POST/PUT body. Title and image are required, and a custom target needs its URL: those are
 * checked by adFormErrors (server and form alike), so every missing field is named at once.
 * `buttonLink` is read only for the custom target; the other targets' links are derived.
 */
export const adInputSchema = z
  .object({
    title: z
      .string()
      .trim()
      .max(AD_TITLE_MAX, `Please keep the title under ${AD_TITLE_MAX} characters`)
      .default(""),
    description: z
      .string()
      .trim()
      .max(AD_DESCRIPTION_MAX, `Please keep the description under ${AD_DESCRIPTION_MAX} characters`)
      .default(""),
    imageUrl: z.string().trim().max(AD_LINK_MAX).default(""),
    buttonText: z
      .string()
      .trim()
      .max(AD_BUTTON_TEXT_MAX, `Please keep the button text under ${AD_BUTTON_TEXT_MAX} characters`)
      .default("")
      .transform((v) => v || AD_DEFAULT_BUTTON_TEXT),
    targetPage: z
      .enum(TARGET_VALUES, { error: "Please choose a target page" })
      .default(AD_DEFAULT_TARGET),
    shopFilters: adShopFiltersSchema.default({}),
    buttonLink: z.string().trim().max(AD_LINK_MAX).default(""),
    isActive: z.boolean().default(true),
    priority: z.coerce
      .number({ error: AD_MESSAGES.priority })
      .int(AD_MESSAGES.priority)
      .min(AD_PRIORITY_MIN, AD_MESSAGES.priority)
      .max(AD_PRIORITY_MAX, AD_MESSAGES.priority)
      .default(AD_PRIORITY_MIN),
    // The form's upload session (admin.md §4: ads are edited in upload sessions like products)
    // and the ad's own id, sent back by a form that holds the whole ad: accepted and ignored.
    /** The window in India calendar days (YYYY-MM-DD, both included); empty: open. */
    startDate: z.preprocess(emptyToUndefined, z.string().trim().max(20).optional()),
    endDate: z.preprocess(emptyToUndefined, z.string().trim().max(20).optional()),
    sessionId: z.string().max(100).optional(),
    _id: z.string().max(100).optional(),
  })
  // No component id: its input and output differ (normalizing transforms), which OpenAPI
  // cannot name once.
  .strict();
export type AdInput = z.output<typeof adInputSchema>;

export const adToggleSchema = z
  .object({ isActive: z.boolean({ error: "isActive must be true or false" }) })
  .strict()
  .meta({ id: "AdvertisementToggle" });

export const adReplySchema = z
  .object({ message: z.string(), advertisement: advertisementSchema })
  .meta({ id: "AdvertisementReply" });
export type AdReply = z.infer<typeof adReplySchema>;

/** The shop link of the filter builder: /products?category=…&gender=…&priceRange=…&sort=… */
export function shopLinkFor(filters: {
  category?: string | undefined;
  product?: string | undefined;
  gender?: string | undefined;
  priceRange?: string | undefined;
  sortBy?: string | undefined;
}): string {
  const query = new URLSearchParams();
  if (filters.category) query.set("category", filters.category);
  if (filters.gender) query.set("gender", filters.gender);
  if (filters.priceRange && filters.priceRange !== "any")
    query.set("priceRange", filters.priceRange);
  if (filters.sortBy) query.set("sort", filters.sortBy);
  const search = query.toString();
  return search ? `/products?${search}` : "/products";
}

/** A custom link the store can stand behind: a path on this site, or an http(s) URL. */
export function isValidCustomLink(link: string): boolean {
  if (link.startsWith("/")) return !link.startsWith("//") && !/[\\\s]/.test(link);
  if (!/^https?:\/\//i.test(link)) return false;
  try {
    const url = new URL(link);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  } catch {
    return false;
  }
}

/** The button link an ad gets from its target page (and filters, or its custom URL). */
export function adLinkFor(
  targetPage: AdTargetPage,
  shopFilters: Parameters<typeof shopLinkFor>[0],
  customUrl: string,
): string {
  if (targetPage === "custom") return customUrl.trim();
  if (targetPage === "shop-filters") return shopLinkFor(shopFilters);
  if (targetPage === "category") return shopLinkFor({ category: shopFilters.category });
  if (targetPage === "product") {
    return shopFilters.product ? `/products/${encodeURIComponent(shopFilters.product)}` : "";
  }
  return AD_TARGET_PAGES.find((t) => t.value === targetPage)?.path ?? "/products";
}

/**
 * The fields a save would refuse, by field name (admin.md §5). Empty when the ad can be saved.
 * The reply's message is AD_MESSAGES.required when a required field is missing.
 */
export function adFormErrors(input: {
  title: string;
  imageUrl: string;
  targetPage: string;
  buttonLink: string;
  category?: string | undefined;
  product?: string | undefined;
  startDate?: string | undefined;
  endDate?: string | undefined;
}): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!input.title.trim()) errors.title = AD_MESSAGES.titleRequired;
  const image = input.imageUrl.trim();
  if (!image) errors.imageUrl = AD_MESSAGES.imageRequired;
  else if (!image.startsWith("/") || image.startsWith("//") || /[\\\s]/.test(image)) {
    errors.imageUrl = AD_MESSAGES.imageInvalid;
  }
  if (input.targetPage === "custom") {
    const link = input.buttonLink.trim();
    if (!link) errors.buttonLink = AD_MESSAGES.customUrlRequired;
    else if (!isValidCustomLink(link)) errors.buttonLink = AD_MESSAGES.customUrlInvalid;
  }
  if (input.targetPage === "category" && !input.category) {
    errors["shopFilters.category"] = AD_MESSAGES.categoryRequired;
  }
  if (input.targetPage === "product" && !input.product) {
    errors["shopFilters.product"] = AD_MESSAGES.productRequired;
  }
  const { startDate, endDate } = input;
  if (startDate && !isCalendarDate(startDate)) errors.startDate = AD_MESSAGES.dateInvalid;
  if (endDate && !isCalendarDate(endDate)) errors.endDate = AD_MESSAGES.dateInvalid;
  if (startDate && endDate && !errors.startDate && !errors.endDate && endDate < startDate) {
    errors.endDate = AD_MESSAGES.endBeforeStart;
  }
  return errors;
}

/** The message of a refused save: the required-fields one first (admin.md §5), else the first. */
export function adErrorMessage(errors: Record<string, string>): string {
  if (errors.title === AD_MESSAGES.titleRequired || errors.imageUrl === AD_MESSAGES.imageRequired) {
    return AD_MESSAGES.required;
  }
  return Object.values(errors)[0] ?? AD_MESSAGES.saveFailed;
}
