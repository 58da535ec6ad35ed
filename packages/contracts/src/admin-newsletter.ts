/**
 * The admin's newsletter (admin.md §2, §3, §5, §7, §8; decisions.md §6): subscribers, settings,
 * the template builder's preview and the campaigns a send creates.
 */
import { z } from "./zod.ts";

export const NEWSLETTER_ADMIN_MESSAGES = {
  fetchFailed: "Failed to fetch subscribers",
  settingsFetchFailed: "Failed to fetch settings",
  settingsSaved: "Settings saved successfully!",
  settingsSaveFailed: "Failed to save settings",
  deleted: "Subscriber deleted successfully",
  deleteFailed: "Failed to delete subscriber",
  subscriberNotFound: "Subscriber not found",
  exported: "Subscribers exported successfully",
  exportFailed: "Failed to export subscribers",
  previewRequired: "Subject and main title are required for preview",
  sendRequired: "Subject, main title, and description are required",
  previewFailed: "Failed to generate preview",
  sendFailed: "Failed to send newsletter",
  noSubscribers: "There are no active subscribers to send this newsletter to",
  campaignNotFound: "Campaign not found",
  campaignFailed: "The newsletter could not be delivered. Please check the mail settings.",
  imageUploaded: "Image uploaded successfully!",
  uploadFailed: "Upload failed",
  colorInvalid: "Please enter a colour like #1e293b",
  linkInvalid: "Please enter a link starting with / or https://",
  cssInvalid: "This custom CSS could not be read. Please check it for typos.",
  testFailed: "Failed to send the test e-mail",
  testTooMany: "You have sent several test e-mails just now. Please wait a few minutes.",
} as const;

/** 'Test sent to {address}…' (record 0042): the draft goes to the signed-in admin only. */
export const newsletterTestSentMessage = (address: string) =>
  `Test sent to ${address}. It arrives in a minute or so.`;

/** Test sends per admin (record 0042). */
export const NEWSLETTER_TEST_LIMIT = { points: 5, windowSeconds: 10 * 60 } as const;

/** A test's subject: the draft's, marked. */
export const testSubject = (subject: string) => `[Test] ${subject}`;

/** 'Newsletter sent successfully! {n} emails delivered.' (admin.md §8). */
export const newsletterSentMessage = (n: number) =>
  `Newsletter sent successfully! ${n} emails delivered.`;
/** The answer to a send: the campaign is queued and goes out in the background. */
export const newsletterQueuedMessage = (n: number) =>
  `Sending the newsletter to ${n} ${n === 1 ? "subscriber" : "subscribers"}…`;

export const SUBSCRIBERS_PAGE_SIZE = 50;
/** Subscribers who joined within this many days count as recent. */
export const RECENT_SUBSCRIBER_DAYS = 30;

/**
 * The store's own colours (the web app's theme, app.css; record 0042 replaces admin.md §9's slate
 * and teal): maroon-700 header and titles, maroon-900 footer, gold-700 button (white text on it
 * reads at 5:1).
 */
export const DEFAULT_NEWSLETTER_COLORS = {
  primaryColor: "#7a1f2b",
  secondaryColor: "#4f131c",
  accentColor: "#86622a",
} as const;

/** The subscriber export's columns: times are India time, said in the header (record 0042). */
export const SUBSCRIBER_CSV_COLUMNS = [
  "Email",
  "Status",
  "Source",
  "Subscribed At (IST, Asia/Kolkata)",
  "Unsubscribed At (IST, Asia/Kolkata)",
] as const;

const HEX = /^#[0-9a-f]{6}$/i;
/** A link a newsletter may carry: a path on the store (/products) or an http(s) address. */
export const NEWSLETTER_LINK = /^(\/(?!\/)[^\s]*|https?:\/\/[^\s]+)$/i;

const color = z
  .string({ error: NEWSLETTER_ADMIN_MESSAGES.colorInvalid })
  .trim()
  .regex(HEX, NEWSLETTER_ADMIN_MESSAGES.colorInvalid)
  .transform((v) => v.toLowerCase());
const text = (max: number) =>
  z.string().trim().max(max, `Please keep this under ${max} characters`).default("");
const link = z
  .string()
  .trim()
  .max(2000, NEWSLETTER_ADMIN_MESSAGES.linkInvalid)
  .refine((v) => v === "" || NEWSLETTER_LINK.test(v), NEWSLETTER_ADMIN_MESSAGES.linkInvalid)
  .default("");

// ---------------------------------------------------------------- subscribers

export const subscriberStatusFilter = z.enum(["all", "subscribed", "unsubscribed"]);

export const newsletterSubscriberSchema = z
  .object({
    _id: z.string(),
    email: z.string(),
    status: z.enum(["subscribed", "unsubscribed"]),
    source: z.string(),
    subscribedAt: z.string(),
    unsubscribedAt: z.string().nullable(),
  })
  .meta({ id: "NewsletterSubscriber" });
export type NewsletterSubscriber = z.infer<typeof newsletterSubscriberSchema>;

export const subscriberStatsSchema = z.object({
  total: z.number().int(),
  /** Subscribed now (also as `active`). */
  subscribed: z.number().int(),
  active: z.number().int(),
  unsubscribed: z.number().int(),
  /** Subscribed within the last RECENT_SUBSCRIBER_DAYS days. */
  recent: z.number().int(),
});
export type SubscriberStats = z.infer<typeof subscriberStatsSchema>;

export const subscriberPaginationSchema = z.object({
  currentPage: z.number().int(),
  totalPages: z.number().int(),
  totalItems: z.number().int(),
  hasNext: z.boolean(),
  hasPrev: z.boolean(),
});
export type SubscriberPagination = z.infer<typeof subscriberPaginationSchema>;

export const subscribersQuerySchema = z.object({
  status: subscriberStatusFilter.default("all"),
  search: z.string().trim().max(254).default(""),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type SubscribersQuery = z.input<typeof subscribersQuerySchema>;

export const subscribersReplySchema = z
  .object({
    subscribers: z.array(newsletterSubscriberSchema),
    stats: subscriberStatsSchema,
    pagination: subscriberPaginationSchema,
  })
  .meta({ id: "NewsletterSubscribers" });
export type SubscribersReply = z.infer<typeof subscribersReplySchema>;

export const subscriberExportQuerySchema = z.object({
  status: subscriberStatusFilter.default("all"),
});

// ---------------------------------------------------------------- settings

export const newsletterSettingsSchema = z
  .object({
    primaryColor: color.default(DEFAULT_NEWSLETTER_COLORS.primaryColor),
    secondaryColor: color.default(DEFAULT_NEWSLETTER_COLORS.secondaryColor),
    accentColor: color.default(DEFAULT_NEWSLETTER_COLORS.accentColor),
    companyName: text(100),
    logoUrl: link,
    websiteUrl: link,
    headerImage: link,
    footerText: text(1000),
    socialLinks: z
      .object({ instagram: link, facebook: link, twitter: link, linkedin: link })
      .strict()
      .default({ instagram: "", facebook: "", twitter: "", linkedin: "" }),
    customCSS: z
      .string()
      .max(20_000, "Please keep the custom CSS under 20,000 characters")
      .default(""),
  })
  .strict()
  .meta({ id: "NewsletterSettings" });
export type NewsletterSettings = z.output<typeof newsletterSettingsSchema>;
export type NewsletterSettingsInput = z.input<typeof newsletterSettingsSchema>;

/** The settings as the API answers them (every field filled in). */
export const newsletterSettingsOutputSchema = z
  .object({
    primaryColor: z.string(),
    secondaryColor: z.string(),
    accentColor: z.string(),
    companyName: z.string(),
    logoUrl: z.string(),
    websiteUrl: z.string(),
    headerImage: z.string(),
    footerText: z.string(),
    socialLinks: z.object({
      instagram: z.string(),
      facebook: z.string(),
      twitter: z.string(),
      linkedin: z.string(),
    }),
    customCSS: z.string(),
  })
  .meta({ id: "NewsletterSettingsReply" });

export const newsletterSettingsReplySchema = z.object({
  message: z.string().optional(),
  settings: newsletterSettingsOutputSchema,
});

// ---------------------------------------------------------------- template, preview, send

export const newsletterTemplateSchema = z
  .object({
    subject: text(200),
    mainTitle: text(200),
    description: text(10_000),
    headerImage: link,
    buttonText: text(60),
    buttonUrl: link,
    footerMessage: text(1000),
    primaryColor: color.optional().or(z.literal("").transform(() => undefined)),
    accentColor: color.optional().or(z.literal("").transform(() => undefined)),
    companyName: text(100),
    logoUrl: link,
  })
  .strict()
  .meta({ id: "NewsletterTemplate" });
export type NewsletterTemplate = z.output<typeof newsletterTemplateSchema>;
export type NewsletterTemplateInput = z.input<typeof newsletterTemplateSchema>;

export const DEFAULT_BUTTON_TEXT = "SHOP NOW";
export const DEFAULT_BUTTON_URL = "/products";

export const newsletterPreviewReplySchema = z.object({
  html: z.string(),
  text: z.string(),
  subject: z.string(),
});

export const newsletterCampaignStatusSchema = z.enum(["queued", "sending", "sent", "failed"]);
export type NewsletterCampaignStatus = z.infer<typeof newsletterCampaignStatusSchema>;

export const newsletterCampaignSchema = z
  .object({
    _id: z.string(),
    subject: z.string(),
    status: newsletterCampaignStatusSchema,
    /** Addresses the campaign goes to (active subscribers when it was sent). */
    total: z.number().int(),
    /** Handed to the e-mail queue so far. */
    queued: z.number().int(),
    /** Delivered (accepted by the mail server) so far. */
    sent: z.number().int(),
    failed: z.number().int(),
    results: z.object({ successful: z.number().int(), failed: z.number().int() }),
    createdAt: z.string(),
    finishedAt: z.string().nullable(),
    /** The closing message once the campaign is done. */
    message: z.string().nullable(),
  })
  .meta({ id: "NewsletterCampaign" });
export type NewsletterCampaign = z.infer<typeof newsletterCampaignSchema>;

/**
 * 202 reply of send-modern: the campaign to follow (GET /api/newsletter/campaigns/{campaignId}),
 * and admin.md §7's `results` — the counts so far (a campaign goes out in the background, so
 * `successful` grows as it is delivered; `total` is how many it goes to).
 */
export const newsletterSendReplySchema = z.object({
  message: z.string(),
  campaignId: z.string(),
  results: z.object({
    successful: z.number().int(),
    failed: z.number().int(),
    total: z.number().int(),
  }),
  campaign: newsletterCampaignSchema,
});
export type NewsletterSendReply = z.infer<typeof newsletterSendReplySchema>;

/** The builder's quick templates (admin.md §3). */
export const NEWSLETTER_QUICK_TEMPLATES = [
  {
    name: "New Collection Launch",
    template: {
      subject: "Just in: the new Vastra festive collection",
      mainTitle: "The Festive Edit Has Arrived",
      description:
        "Hand-finished kurtas, flowing anarkalis and silk sarees in jewel tones, made for the season's celebrations.\n\nBe among the first to explore the new pieces before they sell out.",
      buttonText: "SHOP THE COLLECTION",
      buttonUrl: "/products?sort=newest",
      footerMessage: "New arrivals land every Friday. See you there!",
    },
  },
  {
    name: "Seasonal Sale",
    template: {
      subject: "Season sale: up to 40% off at Vastra",
      mainTitle: "The Season Sale Is On",
      description:
        "Our favourite styles are now up to 40% off, from everyday cotton kurtas to statement lehengas.\n\nThe best sizes go quickly, so take your pick today.",
      buttonText: "SHOP THE SALE",
      buttonUrl: "/products?sort=price-low",
      footerMessage: "Offer valid while stocks last.",
    },
  },
  {
    name: "Style Guide",
    template: {
      subject: "Your Vastra style guide for the season",
      mainTitle: "Three Ways to Style a Kurta",
      description:
        "1. Pair a straight kurta with palazzos and juttis for an easy day look.\n2. Layer it with a Nehru jacket for an evening out.\n3. Add a silk dupatta and statement jhumkas for the festivities.\n\nFind the pieces in our latest edit.",
      buttonText: "EXPLORE THE LOOKS",
      buttonUrl: "/products",
      footerMessage: "Styling questions? Reply to this e-mail and our stylists will help.",
    },
  },
] as const;
