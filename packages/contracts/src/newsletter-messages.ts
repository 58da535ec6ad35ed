/**
 * The newsletter's texts, without zod: the home page and the unsubscribe page import this module
 * (@vastra/contracts/newsletter-messages) to keep the schemas out of their bundles.
 */

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

/** Where the storefront's sign-up forms record a subscription from (decisions.md §6). */
export const NEWSLETTER_SOURCES = { home: "home", unsubscribePage: "unsubscribe-page" } as const;
