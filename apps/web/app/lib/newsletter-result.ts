/**
 * The home newsletter form's timing and result shape, apart from its submit code
 * (newsletter-submit.ts), which the form loads on first use (the home page's script budget).
 */

/** How long the success or error message stays before the form returns (storefront.md §9). */
export const NEWSLETTER_MESSAGE_MS = 5000;

/** On a failure `email` is the address as typed, so the form shows it again (no JavaScript). */
export type NewsletterResult = { ok: boolean; message: string; email?: string };
