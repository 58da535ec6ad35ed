import { RETURN_WINDOW_DAYS_DEFAULT } from "./returns-messages.ts";
import { shippingRulesSchema } from "./shipping.ts";
import { DEFAULT_SHIPPING_RULES } from "./shipping-rules.ts";
import { z } from "./zod.ts";

/** The one store-settings shape: footer, contact page, policies, bill and e-mails read it. */
export const storeSettingsSchema = z
  .object({
    name: z.string().min(1),
    legalName: z.string().min(1),
    tagline: z.string(),
    address: z.object({
      line1: z.string(),
      line2: z.string(),
      city: z.string(),
      state: z.string(),
      pincode: z.string().regex(/^[1-9]\d{5}$/),
      country: z.string(),
    }),
    phone: z.string(),
    whatsapp: z.string(),
    email: z.email(),
    ordersEmail: z.email(),
    gstin: z.string(),
    social: z.object({ instagram: z.url(), facebook: z.url(), whatsapp: z.url() }),
    /**
     * The store's hours (India time): one list that the footer and the contact page both show, so
     * they cannot disagree (record 0035; it replaces the old footerHours and supportHours).
     */
    hours: z.array(z.object({ days: z.string(), hours: z.string() })),
    referralRewardRupees: z.number().nonnegative(),
  })
  .meta({ id: "StoreSettings" });
export type StoreSettings = z.infer<typeof storeSettingsSchema>;

/**
 * GET /api/store: the settings, and where the browser fetches stored images when a CDN serves
 * them (IMAGE_PUBLIC_BASE_URL; absent when the store serves them itself).
 */
export const storeInfoSchema = storeSettingsSchema
  .extend({
    imageBaseUrl: z.url().optional(),
    /** The shipping charges (delivery settings), so every page can say what a shopper pays. */
    shipping: shippingRulesSchema,
    /** Days after delivery a return or exchange is taken (delivery settings; record 0048). */
    returnWindowDays: z.number().int(),
  })
  .meta({ id: "StoreInfo" });
export type StoreInfo = z.infer<typeof storeInfoSchema>;

/** Placeholders in valid Indian formats; the store replaces them without code changes. */
export const DEFAULT_STORE_SETTINGS: StoreSettings = {
  name: "Vastra",
  legalName: "Vastra Retail Private Limited",
  tagline: "Handpicked Indian fashion, made to be worn",
  address: {
    line1: "Shop 12, Palladium Arcade",
    line2: "462 Senapati Bapat Marg, Lower Parel",
    city: "Mumbai",
    state: "Maharashtra",
    pincode: "400013",
    country: "India",
  },
  phone: "+91 98200 12345",
  whatsapp: "919820012345",
  email: "hello@vastra.example",
  ordersEmail: "orders@vastra.example",
  gstin: "27AAACV1234F1ZP",
  social: {
    instagram: "https://instagram.com/vastra.example",
    facebook: "https://facebook.com/vastra.example",
    whatsapp: "https://wa.me/919820012345",
  },
  // storefront.md §1's hours; the contact page's other hours (§9) contradicted them (record 0035).
  hours: [
    { days: "Mon-Sat", hours: "10:00 AM-8:00 PM" },
    { days: "Sun", hours: "12:00 PM-6:00 PM" },
  ],
  referralRewardRupees: 100,
};

/** GET /api/store of a new store: the default settings and the default shipping charges. */
export const DEFAULT_STORE_INFO: StoreInfo = {
  ...DEFAULT_STORE_SETTINGS,
  shipping: DEFAULT_SHIPPING_RULES,
  returnWindowDays: RETURN_WINDOW_DAYS_DEFAULT,
};
