/**
 * Newsletter subscriptions (decisions.md §6): subscribing is idempotent and re-subscribes an
 * unsubscribed address; unsubscribe links carry an HMAC of the address under APP_SECRET, so only a
 * link the store sent can unsubscribe it. The link and RFC 8058 header helpers are for the sending
 * side (the admin's newsletter). Subscribing is limited per network (IPv4 /24, IPv6 /56: 429) with a
 * budget a carrier's shared address does not reach and, silently, per address; an address is
 * welcomed at most once a day, so the form cannot be used to mail someone repeatedly. A re-subscribe
 * that carries the address's unsubscribe token is limited by neither (record 0042).
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { NEWSLETTER_MESSAGES, NEWSLETTER_RATE_LIMIT } from "@vastra/contracts";
import { and, eq, isNull, lte, or, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client.ts";
import { newsletterSubscribers } from "../../db/schema.ts";
import { enqueueEmail } from "../../mail/outbox.ts";
import { type Clock, systemClock } from "../clock.ts";
import { TooManyRequestsError, ValidationError } from "../errors.ts";
import { networkKey, type RateLimits } from "../rate-limit.ts";
import { getStoreSettings } from "../store-settings.ts";
import { welcomeEmail } from "./welcome.ts";

/** The unsubscribe token of an address: HMAC-SHA256 of the lower-cased address, base64url. */
export function unsubscribeToken(secret: string, email: string): string {
  return createHmac("sha256", secret).update(email.trim().toLowerCase()).digest("base64url");
}

export function isValidUnsubscribeToken(secret: string, email: string, token: string): boolean {
  const expected = Buffer.from(unsubscribeToken(secret, email));
  const given = Buffer.from(token.trim());
  return given.length === expected.length && timingSafeEqual(given, expected);
}

type LinkConfig = { appSecret: string; publicUrl: string };

const origin = (publicUrl: string) => publicUrl.replace(/\/+$/, "");
const query = (config: LinkConfig, email: string) => {
  const address = email.trim().toLowerCase();
  return new URLSearchParams({
    email: address,
    token: unsubscribeToken(config.appSecret, address),
  }).toString();
};

/** The page link an e-mail shows: `${PUBLIC_URL}/unsubscribe?email=…&token=…`. */
export function unsubscribeLink(config: LinkConfig, email: string): string {
  return `${origin(config.publicUrl)}/unsubscribe?${query(config, email)}`;
}

/**
 * The one-click address for the List-Unsubscribe header: `${PUBLIC_URL}/api/newsletter/unsubscribe?…`.
 * A mail provider POSTs `List-Unsubscribe=One-Click` to it (RFC 8058); a browser that opens it is
 * sent on to the unsubscribe page.
 */
export function unsubscribePostUrl(config: LinkConfig, email: string): string {
  return `${origin(config.publicUrl)}/api/newsletter/unsubscribe?${query(config, email)}`;
}

/**
 * The RFC 8058 headers of a newsletter e-mail. The header names one HTTPS address, the one-click
 * POST address (`postUrl`, from unsubscribePostUrl); without one, the page link.
 */
export function listUnsubscribeHeaders(
  link: string,
  postUrl?: string,
): { "List-Unsubscribe": string; "List-Unsubscribe-Post": string } {
  return {
    "List-Unsubscribe": `<${postUrl ?? link}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}

export type UnsubscribeResult = "unsubscribed" | "already";

/** Subscribe calls per address and hour; beyond it the call answers as usual and does nothing. */
export const NEWSLETTER_ADDRESS_LIMIT = { points: 3, windowSeconds: 60 * 60 } as const;

/** An address gets the welcome e-mail at most once in this long. */
export const WELCOME_INTERVAL_MS = 24 * 60 * 60 * 1000;

export function createNewsletterService(deps: {
  db: Db;
  rateLimits: RateLimits;
  secret: string;
  clock?: Clock;
  /** The origin of e-mailed links (PUBLIC_URL); with it, a new subscriber gets a welcome e-mail. */
  publicUrl?: string;
}) {
  const { db, secret } = deps;
  const clock = deps.clock ?? systemClock;
  const perNetwork = deps.rateLimits.limiter("newsletter-network", NEWSLETTER_RATE_LIMIT);
  const perAddress = deps.rateLimits.limiter("newsletter-address", NEWSLETTER_ADDRESS_LIMIT);

  return {
    /**
     * Subscribes (again); an address already subscribed stays as it is. An address that becomes
     * subscribed (new, or back after unsubscribing) gets the welcome e-mail with its unsubscribe link,
     * unless it was welcomed in the last 24 hours. Over the per-address limit nothing happens, and
     * the caller cannot tell (the reply is the same), so the limit reveals nothing about the list.
     */
    async subscribe(
      input: { email: string; source: string; token?: string | undefined },
      ip: string,
    ): Promise<void> {
      if (input.token !== undefined) {
        // From the address's own unsubscribe link: its owner, whatever network they are on.
        if (!isValidUnsubscribeToken(secret, input.email, input.token)) {
          throw new ValidationError(NEWSLETTER_MESSAGES.invalidLink);
        }
      } else {
        await perNetwork.consume(networkKey(ip), NEWSLETTER_MESSAGES.tooMany);
        try {
          await perAddress.consume(input.email.trim().toLowerCase(), NEWSLETTER_MESSAGES.tooMany);
        } catch (error) {
          if (error instanceof TooManyRequestsError) return;
          throw error;
        }
      }
      const now = clock();
      await db.transaction(async (tx) => {
        // Insert, or (the address is on the list already) re-subscribe it if it had unsubscribed.
        const inserted = await tx
          .insert(newsletterSubscribers)
          .values({ email: input.email, source: input.source, subscribedAt: now })
          .onConflictDoNothing()
          .returning({ id: newsletterSubscribers.id });
        const changed =
          inserted.length > 0 ? inserted : await resubscribe(tx, input.email, input.source, now);
        if (changed.length === 0 || !deps.publicUrl) return;
        // At most one welcome a day: the mark is claimed in this transaction, so it holds for
        // simultaneous calls too.
        const welcomed = await tx
          .update(newsletterSubscribers)
          .set({ welcomedAt: now })
          .where(
            and(
              eq(newsletterSubscribers.id, changed[0]!.id),
              or(
                isNull(newsletterSubscribers.welcomedAt),
                lte(
                  newsletterSubscribers.welcomedAt,
                  new Date(now.getTime() - WELCOME_INTERVAL_MS),
                ),
              ),
            ),
          )
          .returning({ id: newsletterSubscribers.id });
        if (welcomed.length === 0) return;
        const links = { appSecret: secret, publicUrl: deps.publicUrl };
        const page = unsubscribeLink(links, input.email);
        const oneClick = unsubscribePostUrl(links, input.email);
        const store = await getStoreSettings(tx);
        await enqueueEmail(
          tx,
          welcomeEmail(
            store,
            input.email,
            { page, oneClick },
            listUnsubscribeHeaders(page, oneClick),
          ),
        );
      });
    },

    /**
     * Unsubscribes with a link's email and token. A wrong token is a 400; an address that is not on
     * the list (with a right token) counts as already unsubscribed.
     */
    async unsubscribe(input: { email: string; token: string }): Promise<UnsubscribeResult> {
      const email = input.email.trim().toLowerCase();
      if (!isValidUnsubscribeToken(secret, email, input.token)) {
        throw new ValidationError(NEWSLETTER_MESSAGES.invalidLink);
      }
      const changed = await db
        .update(newsletterSubscribers)
        .set({ status: "unsubscribed", unsubscribedAt: clock() })
        .where(
          sql`lower(${newsletterSubscribers.email}) = ${email} and ${newsletterSubscribers.status} = 'subscribed'`,
        )
        .returning({ id: newsletterSubscribers.id });
      return changed.length > 0 ? "unsubscribed" : "already";
    },
  };
}
export type NewsletterService = ReturnType<typeof createNewsletterService>;

/** Puts an unsubscribed address back on the list; returns the row when it changed. */
function resubscribe(tx: DbOrTx, email: string, source: string, now: Date) {
  return tx
    .update(newsletterSubscribers)
    .set({ status: "subscribed", source, subscribedAt: now, unsubscribedAt: null })
    .where(
      sql`lower(${newsletterSubscribers.email}) = ${email.toLowerCase()} and ${newsletterSubscribers.status} = 'unsubscribed'`,
    )
    .returning({ id: newsletterSubscribers.id });
}
