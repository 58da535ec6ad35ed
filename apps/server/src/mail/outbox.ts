/**
 * The durable e-mail outbox. Callers enqueue inside the same transaction as the change that
 * causes the e-mail, so the e-mail exists exactly when the change does.
 */
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client.ts";
import { prepared } from "../db/prepared.ts";
import { emailOutbox } from "../db/schema.ts";
import type { InlineImage } from "./inline-images.ts";
import type { EmailContent } from "./templates.ts";

export type OutgoingEmail = EmailContent & {
  kind: string;
  to: string;
  headers?: Record<string, string>;
  campaignId?: string;
  /** Not sent before this moment (a held order e-mail the admin may still withdraw, record 0039). */
  notBefore?: Date | undefined;
  /** Pictures the HTML shows by `cid:`, made when it is sent (record 0067). */
  inlineImages?: InlineImage[] | undefined;
};

export async function enqueueEmail(tx: DbOrTx, email: OutgoingEmail): Promise<string> {
  const [row] = await insertEmail(tx, {
    kind: email.kind,
    toAddress: email.to,
    subject: email.subject,
    html: email.html,
    text: email.text,
    headers: email.headers ?? {},
    campaignId: email.campaignId ?? null,
    // As JSON text: an array would reach the driver as a PostgreSQL array, not JSON.
    inlineImages: JSON.stringify(email.inlineImages ?? []),
    // The database's clock when not held, as the column's default.
    notBefore: email.notBefore?.toISOString() ?? null,
  });
  return row!.id;
}

/** Built once (db/prepared.ts, record 0064): every order queues two. */
const insertEmail = prepared<
  {
    kind: string;
    toAddress: string;
    subject: string;
    html: string;
    text: string;
    headers: Record<string, string>;
    campaignId: string | null;
    inlineImages: string;
    notBefore: string | null;
  },
  { id: string }[]
>("email_outbox_insert", (db) =>
  db
    .insert(emailOutbox)
    .values({
      kind: sql.placeholder("kind"),
      toAddress: sql.placeholder("toAddress"),
      subject: sql.placeholder("subject"),
      html: sql.placeholder("html"),
      text: sql.placeholder("text"),
      headers: sql.placeholder("headers"),
      campaignId: sql.placeholder("campaignId"),
      inlineImages: sql`${sql.placeholder("inlineImages")}::jsonb`,
      nextAttemptAt: sql`coalesce(${sql.placeholder("notBefore")}::timestamptz, now())`,
    })
    .returning({ id: emailOutbox.id }),
);
