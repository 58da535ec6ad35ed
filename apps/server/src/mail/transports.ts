/**
 * Where e-mail goes: an SMTP server when SMTP_URL is set, otherwise the development mailbox
 * (a table the /dev/mailbox page reads). Both receive the same message, Message-ID included.
 */
import { createRequire } from "node:module";
import type Nodemailer from "nodemailer";
import type { Db } from "../db/client.ts";
import { devMailbox } from "../db/schema.ts";
import { type InlineAttachment, withDataUrls } from "./inline-images.ts";

export type MailMessage = {
  outboxId: string;
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
  /** Pictures the HTML shows by `cid:` (record 0067). */
  attachments?: InlineAttachment[];
};

/** Messages one mail worker sends at the same time (and SMTP connections it keeps open). */
export const MAIL_CONCURRENCY = 4;

export type MailTransport = {
  name: "smtp" | "dev-mailbox";
  send(message: MailMessage): Promise<void>;
  close(): void;
};

/** The Message-ID is derived from the outbox row, so a receiver can recognise a repeat. */
export function messageIdFor(outboxId: string): string {
  return `<${outboxId}@outbox.vastra>`;
}

/**
 * SMTP through a pool of `connections` kept-open connections (the mail worker sends that many
 * messages at once); options in the URL (`?pool=…&maxConnections=…`) take precedence.
 */
export function smtpTransport(url: string, connections = MAIL_CONCURRENCY): MailTransport {
  // Loaded only when SMTP is configured (~40 modules; issue #11, record 0054).
  const nodemailer = createRequire(import.meta.url)("nodemailer") as typeof Nodemailer;
  const transporter = nodemailer.createTransport({ url, pool: true, maxConnections: connections });
  return {
    name: "smtp",
    async send(m) {
      await transporter.sendMail({
        from: m.from,
        to: m.to,
        subject: m.subject,
        html: m.html,
        text: m.text,
        headers: m.headers,
        messageId: messageIdFor(m.outboxId),
        // Inline, under the Content-ID the HTML names (nodemailer sends multipart/related).
        attachments: m.attachments ?? [],
      });
    },
    close: () => transporter.close(),
  };
}

export function devMailboxTransport(db: Db): MailTransport {
  return {
    name: "dev-mailbox",
    async send(m) {
      await db
        .insert(devMailbox)
        .values({
          outboxId: m.outboxId,
          fromAddress: m.from,
          toAddress: m.to,
          subject: m.subject,
          // The page shows the HTML itself, not a mail client: its pictures go in as data: URLs.
          html: withDataUrls(m.html, m.attachments ?? []),
          text: m.text,
          headers: { "Message-ID": messageIdFor(m.outboxId), ...m.headers },
        })
        .onConflictDoNothing();
    },
    close: () => {},
  };
}
