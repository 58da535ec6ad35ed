import { emailField } from "./common.ts";
import { NEWSLETTER_MESSAGES } from "./newsletter-messages.ts";
import { z } from "./zod.ts";

// The texts live in a zod-free module so storefront pages can import them without zod.
export { ALREADY_UNSUBSCRIBED, NEWSLETTER_MESSAGES } from "./newsletter-messages.ts";

/** At most this many subscribe calls per IP in the window. */
export const NEWSLETTER_RATE_LIMIT = { points: 10, windowSeconds: 600 } as const;

export const subscribeSchema = z
  .object({
    email: emailField(NEWSLETTER_MESSAGES.emailRequired),
    /** Where the form was (home, footer, unsubscribe page …); 'website' when absent. */
    source: z
      .string()
      .trim()
      .max(50, "Please keep the source under 50 characters")
      .optional()
      .transform((v) => (v ? v : "website")),
  })
  .strict()
  .meta({ id: "NewsletterSubscribe" });
export type SubscribeInput = z.input<typeof subscribeSchema>;

export const unsubscribeSchema = z
  .object({
    email: z
      .string({ error: NEWSLETTER_MESSAGES.missingEmail })
      .trim()
      .min(1, NEWSLETTER_MESSAGES.missingEmail)
      .max(254, NEWSLETTER_MESSAGES.invalidLink)
      .transform((v) => v.toLowerCase()),
    token: z
      .string({ error: NEWSLETTER_MESSAGES.invalidLink })
      .trim()
      .min(1, NEWSLETTER_MESSAGES.invalidLink)
      .max(200, NEWSLETTER_MESSAGES.invalidLink),
  })
  .meta({ id: "NewsletterUnsubscribe" });
export type UnsubscribeInput = z.input<typeof unsubscribeSchema>;
