/**
 * The durable e-mail outbox. Callers enqueue inside the same transaction as the change that
 * causes the e-mail, so the e-mail exists exactly when the change does.
 */
import type { DbOrTx } from "../db/client.ts";
import { emailOutbox } from "../db/schema.ts";
import type { EmailContent } from "./templates.ts";

export type OutgoingEmail = EmailContent & {
  kind: string;
  to: string;
  headers?: Record<string, string>;
  campaignId?: string;
  /** Not sent before this moment (a held order e-mail the admin may still withdraw, record 0039). */
  notBefore?: Date | undefined;
};

export async function enqueueEmail(tx: DbOrTx, email: OutgoingEmail): Promise<string> {
  const [row] = await tx
    .insert(emailOutbox)
    .values({
      kind: email.kind,
      toAddress: email.to,
      subject: email.subject,
      html: email.html,
      text: email.text,
      headers: email.headers ?? {},
      campaignId: email.campaignId,
      ...(email.notBefore ? { nextAttemptAt: email.notBefore } : {}),
    })
    .returning({ id: emailOutbox.id });
  return row!.id;
}
