/**
 * The admin's side of the newsletter (admin.md §2 Newsletter, §3, §7; decisions.md §6): the
 * subscriber list with its stats, filter, search and pages of 50; deleting a subscriber; the CSV
 * export (CSV injection escaped); the newsletter settings; the preview of a template exactly as it
 * will be sent.
 */

import {
  NEWSLETTER_ADMIN_MESSAGES,
  NEWSLETTER_TEST_LIMIT,
  type NewsletterSettings,
  type NewsletterTemplate,
  newsletterSettingsSchema,
  RECENT_SUBSCRIBER_DAYS,
  SUBSCRIBER_CSV_COLUMNS,
  SUBSCRIBERS_PAGE_SIZE,
  type SubscribersReply,
  testSubject,
} from "@vastra/contracts";
import { stringify } from "csv-stringify/sync";
import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { newsletterSettings, newsletterSubscribers } from "../../db/schema.ts";
import { enqueueEmail } from "../../mail/outbox.ts";
import {
  type EmailContent,
  renderNewsletter,
  UNSUBSCRIBE_PLACEHOLDER,
} from "../../mail/templates.ts";
import { withActivityContext } from "../activity/context.ts";
import { type Clock, systemClock } from "../clock.ts";
import { NotFoundError, ValidationError } from "../errors.ts";
import { createRateLimits, type RateLimits } from "../rate-limit.ts";
import { getStoreSettings } from "../store-settings.ts";
import { unsubscribeLink } from "./index.ts";

type StatusFilter = "all" | "subscribed" | "unsubscribed";

/** The newsletter settings; a missing or damaged stored value falls back to its default. */
export async function getNewsletterSettings(db: DbOrTx): Promise<NewsletterSettings> {
  const [row] = await db.select().from(newsletterSettings).where(eq(newsletterSettings.id, 1));
  const defaults = newsletterSettingsSchema.parse({});
  const stored = (
    row && typeof row.data === "object" && row.data !== null && !Array.isArray(row.data)
      ? row.data
      : {}
  ) as Record<string, unknown>;
  const settings: Record<string, unknown> = { ...defaults };
  for (const [key, field] of Object.entries(newsletterSettingsSchema.shape)) {
    if (!(key in stored)) continue;
    const parsed = field.safeParse(stored[key]);
    if (parsed.success) settings[key] = parsed.data;
  }
  return settings as NewsletterSettings;
}

const IST = new Intl.DateTimeFormat("en-CA", {
  timeZone: "Asia/Kolkata",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

/** '2026-11-26 18:05:09': India time, in a form spreadsheets read as a date and time. */
export function istDateTime(instant: Date): string {
  const part = Object.fromEntries(IST.formatToParts(instant).map((p) => [p.type, p.value]));
  return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}:${part.second}`;
}

/**
 * A cell as a spreadsheet should read it: one starting with = + - @, a tab or a carriage return
 * gets a leading apostrophe, so it is shown as text and never run as a formula (OWASP CSV
 * injection).
 */
export function csvSafe(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

const statusWhere = (status: StatusFilter): SQL | undefined =>
  status === "all" ? undefined : eq(newsletterSubscribers.status, status);

const searchWhere = (search: string): SQL | undefined => {
  const term = search.trim().toLowerCase();
  if (!term) return undefined;
  const pattern = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql`(lower(${newsletterSubscribers.email}) like ${pattern} or lower(${newsletterSubscribers.source}) like ${pattern})`;
};

export type NewsletterAdminDeps = {
  db: DbOrTx;
  clock?: Clock;
  appSecret: string;
  publicUrl: string;
  /** Limits the test sends (in memory when absent). */
  rateLimits?: RateLimits;
};

export function createNewsletterAdmin(deps: NewsletterAdminDeps) {
  const { db } = deps;
  const clock = deps.clock ?? systemClock;
  const testLimiter = (deps.rateLimits ?? createRateLimits()).limiter(
    "newsletter-test",
    NEWSLETTER_TEST_LIMIT,
  );

  async function stats() {
    const since = new Date(clock().getTime() - RECENT_SUBSCRIBER_DAYS * 24 * 3600_000);
    const [row] = await db
      .select({
        total: sql<number>`count(*)::int`,
        subscribed: sql<number>`(count(*) filter (where ${newsletterSubscribers.status} = 'subscribed'))::int`,
        unsubscribed: sql<number>`(count(*) filter (where ${newsletterSubscribers.status} = 'unsubscribed'))::int`,
        recent: sql<number>`(count(*) filter (where ${newsletterSubscribers.status} = 'subscribed' and ${newsletterSubscribers.subscribedAt} >= ${since.toISOString()}))::int`,
      })
      .from(newsletterSubscribers);
    const subscribed = Number(row?.subscribed ?? 0);
    return {
      total: Number(row?.total ?? 0),
      subscribed,
      active: subscribed,
      unsubscribed: Number(row?.unsubscribed ?? 0),
      recent: Number(row?.recent ?? 0),
    };
  }

  return {
    stats,

    /** One page (50) of subscribers, newest first, with the list's stats and pagination. */
    async list(query: {
      status: StatusFilter;
      search: string;
      page: number;
    }): Promise<SubscribersReply> {
      const where = and(statusWhere(query.status), searchWhere(query.search));
      const [counted] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(newsletterSubscribers)
        .where(where);
      const totalItems = Number(counted?.n ?? 0);
      const totalPages = Math.max(1, Math.ceil(totalItems / SUBSCRIBERS_PAGE_SIZE));
      const currentPage = Math.min(query.page, totalPages);
      const rows = await db
        .select()
        .from(newsletterSubscribers)
        .where(where)
        .orderBy(desc(newsletterSubscribers.subscribedAt), newsletterSubscribers.email)
        .limit(SUBSCRIBERS_PAGE_SIZE)
        .offset((currentPage - 1) * SUBSCRIBERS_PAGE_SIZE);
      return {
        subscribers: rows.map((r) => ({
          _id: r.id,
          email: r.email,
          status: r.status,
          source: r.source,
          subscribedAt: r.subscribedAt.toISOString(),
          unsubscribedAt: r.unsubscribedAt?.toISOString() ?? null,
        })),
        stats: await stats(),
        pagination: {
          currentPage,
          totalPages,
          totalItems,
          hasNext: currentPage < totalPages,
          hasPrev: currentPage > 1,
        },
      };
    },

    async remove(id: string): Promise<void> {
      const deleted = await db
        .delete(newsletterSubscribers)
        .where(eq(newsletterSubscribers.id, id))
        .returning({ id: newsletterSubscribers.id });
      if (deleted.length === 0)
        throw new NotFoundError(NEWSLETTER_ADMIN_MESSAGES.subscriberNotFound);
    },

    /** The export: `subscribers-YYYY-MM-DD.csv` (the date in India) and its CSV text. */
    async exportCsv(status: StatusFilter): Promise<{ filename: string; csv: string }> {
      const rows = await db
        .select()
        .from(newsletterSubscribers)
        .where(statusWhere(status))
        .orderBy(desc(newsletterSubscribers.subscribedAt), newsletterSubscribers.email);
      const date = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" }).format(clock());
      const csv = stringify(
        rows.map((r) => [
          csvSafe(r.email),
          r.status,
          csvSafe(r.source),
          istDateTime(r.subscribedAt),
          r.unsubscribedAt ? istDateTime(r.unsubscribedAt) : "",
        ]),
        {
          header: true,
          columns: [...SUBSCRIBER_CSV_COLUMNS],
          record_delimiter: "windows",
        },
      );
      return { filename: `subscribers-${date}.csv`, csv: `\uFEFF${csv}` };
    },

    getSettings: () => getNewsletterSettings(db),

    async saveSettings(
      settings: NewsletterSettings,
      actorId?: string,
    ): Promise<NewsletterSettings> {
      // Custom CSS that the inliner cannot read would break every e-mail: refused when saved.
      try {
        renderNewsletter(
          {
            subject: "Check",
            mainTitle: "Check",
            description: "Check",
            headerImage: "",
            buttonText: "",
            buttonUrl: "",
            footerMessage: "",
            companyName: "",
            logoUrl: "",
          },
          settings,
          await getStoreSettings(db),
          { publicUrl: deps.publicUrl, unsubscribeUrl: UNSUBSCRIBE_PLACEHOLDER },
        );
      } catch {
        throw ValidationError.field("customCSS", NEWSLETTER_ADMIN_MESSAGES.cssInvalid);
      }
      await db.transaction(async (tx) => {
        await withActivityContext(tx, { actorId, reason: "admin edit" });
        await tx
          .insert(newsletterSettings)
          .values({ id: 1, data: settings, updatedAt: clock() })
          .onConflictDoUpdate({
            target: newsletterSettings.id,
            set: { data: settings, updatedAt: clock() },
          });
      });
      return getNewsletterSettings(db);
    },

    /**
     * The template rendered exactly as it will be sent, with a sample subscriber's unsubscribe
     * link. Subject and main title are required (admin.md §5).
     */
    async preview(template: NewsletterTemplate): Promise<EmailContent> {
      requireFields(template, ["subject", "mainTitle"], NEWSLETTER_ADMIN_MESSAGES.previewRequired);
      const settings = await getNewsletterSettings(db);
      const store = await getStoreSettings(db);
      return renderNewsletter(template, settings, store, {
        publicUrl: deps.publicUrl,
        unsubscribeUrl: unsubscribeLink(
          { appSecret: deps.appSecret, publicUrl: deps.publicUrl },
          "subscriber@example.in",
        ),
      });
    },

    /**
     * The draft, rendered as it will be sent, to the signed-in admin's own address only, through the
     * outbox (record 0042); a few an admin per ten minutes. The subscriber list is not touched.
     */
    async sendTest(
      template: NewsletterTemplate,
      admin: { id: string; email: string },
    ): Promise<{ to: string }> {
      requireFields(template, ["subject", "mainTitle"], NEWSLETTER_ADMIN_MESSAGES.previewRequired);
      await testLimiter.consume(admin.id, NEWSLETTER_ADMIN_MESSAGES.testTooMany);
      const settings = await getNewsletterSettings(db);
      const store = await getStoreSettings(db);
      const links = { appSecret: deps.appSecret, publicUrl: deps.publicUrl };
      const content = renderNewsletter(template, settings, store, {
        publicUrl: deps.publicUrl,
        unsubscribeUrl: unsubscribeLink(links, admin.email),
      });
      await enqueueEmail(db, {
        ...content,
        subject: testSubject(content.subject),
        kind: "newsletter-test",
        to: admin.email,
      });
      return { to: admin.email };
    },
  };
}
export type NewsletterAdmin = ReturnType<typeof createNewsletterAdmin>;

/** Refuses a template missing one of `fields`: the message, and each missing field marked. */
export function requireFields(
  template: NewsletterTemplate,
  fields: Array<"subject" | "mainTitle" | "description">,
  message: string,
): void {
  const missing = fields.filter((f) => !template[f].trim());
  if (missing.length > 0) {
    throw new ValidationError(message, Object.fromEntries(missing.map((f) => [f, message])));
  }
}
