import { emailField } from "./common.ts";
import { z } from "./zod.ts";

/** The newsletter's texts (storefront.md §4, §7, §8; decisions.md §6). */
export const NEWSLETTER_MESSAGES = {
  subscribed:
    "Welcome to the Vastra family! You're on the list for new collections, styling notes and members-only offers.",
  emailRequired: "Please enter your email address",
  emailInvalid: "Please enter a valid email address",
  tooMany: "Too many subscription attempts from your network. Please try again in a few minutes.",
  unsubscribed: "You have been unsubscribed from the Vastra newsletter.",
  alreadyUnsubscribed: "This email is already unsubscribed.",
  invalidLink: "Invalid unsubscribe link",
  // storefront.md §8 and the unsubscribe page
  subscribeFailed: "Subscription failed. Please try again.",
  unsubscribeFailed: "Failed to unsubscribe. Please try again.",
  missingEmail: "Invalid unsubscribe link. Email parameter is missing.",
} as const;

/** The words an 'already' reply contains (the unsubscribe page checks for them). */
export const ALREADY_UNSUBSCRIBED = "already unsubscribed";

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
