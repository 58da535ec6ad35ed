/**
 * The welcome e-mail a new (or returning) subscriber gets: what the newsletter is, and their own
 * unsubscribe link, also in the RFC 8058 headers (decisions.md §6). Sent only when an address
 * becomes subscribed, so repeated sign-ups of a subscribed address mail nobody, and at most once a
 * day per address (newsletter_subscribers.welcomed_at), so unsubscribe/subscribe loops mail nobody
 * either.
 */
import type { StoreSettings } from "@vastra/contracts";
import type { OutgoingEmail } from "../../mail/outbox.ts";
import { renderEmail } from "../../mail/templates.ts";

export type NewsletterLinks = { page: string; oneClick: string };

export function welcomeEmail(
  store: StoreSettings,
  to: string,
  links: NewsletterLinks,
  headers: Record<string, string>,
): OutgoingEmail {
  const content = renderEmail(
    {
      subject: `Welcome to the ${store.name} newsletter`,
      preheader: "New collections, styling notes and members-only offers, a few times a month.",
      heading: `Welcome to the ${store.name} family!`,
      blocks: [
        {
          type: "paragraph",
          text: `You're on the list: ${to} will get our new collections, festive edits, styling notes and members-only offers, a few times a month.`,
        },
        { type: "paragraph", text: "No spam, and we never share your address." },
        {
          type: "paragraph",
          text: "Changed your mind, or didn't sign up? You can leave the list with one click:",
        },
        { type: "button", label: "Unsubscribe", url: links.page },
      ],
      footerNote: `You get this e-mail because ${to} was subscribed to the ${store.name} newsletter.`,
    },
    store,
  );
  return { ...content, kind: "newsletter-welcome", to, headers };
}
