import { emailField } from "./common.ts";
import { NEWSLETTER_MESSAGES } from "./newsletter-messages.ts";
import { z } from "./zod.ts";

// The texts live in a zod-free module so storefront pages can import them without zod.
export { ALREADY_UNSUBSCRIBED, NEWSLETTER_MESSAGES } from "./newsletter-messages.ts";

/**
 * At most this many subscribe calls per network (IPv4 /24, IPv6 /56) in the window (record 0042):
 * a carrier's NAT puts hundreds of shoppers behind one address, so the budget is for scripts, not
 * people; each address is limited on its own too (NEWSLETTER_ADDRESS_LIMIT, server side).
 */
export const NEWSLETTER_RATE_LIMIT = { points: 300, windowSeconds: 600 } as const;

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
    /**
     * The unsubscribe link's token, when re-subscribing from that link: it proves the address is
     * the caller's, so the network limit does not apply (a wrong token is a 400).
     */
    token: z.string().trim().max(200, NEWSLETTER_MESSAGES.invalidLink).optional(),
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
