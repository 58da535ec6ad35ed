/**
 * Codes the store e-mails, read back from the development mailbox (decisions.md §9): every e-mail
 * sent without SMTP_URL lands there, and GET /api/dev/mailbox?to=ADDRESS lists an address's
 * messages newest first. A code's subject is '<code> is your <store> <kind> code'.
 */
import type { APIRequestContext } from "@playwright/test";
import { runToken } from "../fixtures/store.ts";
import { expect } from "../fixtures/test.ts";

export type CodeKind = "verification" | "password reset" | "e-mail change";

type MailSummary = { subject: string; to: string; createdAt: string };

/** The address's messages, newest first. */
export async function mailTo(request: APIRequestContext, to: string): Promise<MailSummary[]> {
  const res = await request.get(`/api/dev/mailbox?to=${encodeURIComponent(to)}`);
  expect(res.ok(), `GET /api/dev/mailbox?to=${to}`).toBe(true);
  return (await res.json()) as MailSummary[];
}

/**
 * Waits for the newest `kind` code e-mailed to `to` (skipping codes in `except`, e.g. the one
 * before a resend) and returns it. The e-mail queue delivers within a moment, hence the polling.
 */
export async function codeFor(
  request: APIRequestContext,
  to: string,
  kind: CodeKind,
  options: { except?: readonly string[]; timeout?: number } = {},
): Promise<string> {
  const subject = new RegExp(`^(\\d{6}) is your .+ ${kind.replace(/[-\s]/g, "[-\\s]")} code$`);
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/dev/mailbox?to=${encodeURIComponent(to)}`);
        if (!res.ok()) return undefined;
        for (const mail of (await res.json()) as MailSummary[]) {
          const found = subject.exec(mail.subject)?.[1];
          if (found && !options.except?.includes(found)) {
            code = found;
            return code;
          }
        }
        return undefined;
      },
      {
        timeout: options.timeout ?? 20_000,
        intervals: [250, 500, 1000],
        message: `a ${kind} code should be e-mailed to ${to}`,
      },
    )
    .toBeTruthy();
  return code!;
}

/** A fresh address for one test (the code and rate limits are per address). */
export function freshEmail(tag: string): string {
  return `${tag}-${runToken()}@vastra.example`;
}
