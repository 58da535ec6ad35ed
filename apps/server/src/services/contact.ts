/**
 * Contact messages: stored, and e-mailed to the store through the outbox in the same transaction.
 */
import { CONTACT_RATE_LIMIT, CONTACT_SUBJECTS, type contactRequestSchema } from "@vastra/contracts";
import type { z } from "zod";
import type { Db } from "../db/client.ts";
import { contactMessages } from "../db/schema.ts";
import { enqueueEmail } from "../mail/outbox.ts";
import { renderEmail } from "../mail/templates.ts";
import type { RateLimits } from "./rate-limit.ts";
import { getStoreSettings } from "./store-settings.ts";

export type ContactInput = z.output<typeof contactRequestSchema>;

export function createContactService(deps: { db: Db; rateLimits: RateLimits }) {
  const perIp = deps.rateLimits.limiter("contact-ip", CONTACT_RATE_LIMIT);
  return {
    async submit(input: ContactInput, ip: string): Promise<{ id: string }> {
      await perIp.consume(
        ip,
        "You have sent several messages in a short time. Please wait a few minutes, or write to us by e-mail.",
      );
      return deps.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(contactMessages)
          .values({ ...input, phone: input.phone || null, ip })
          .returning({ id: contactMessages.id });
        const store = await getStoreSettings(tx);
        const subjectLabel =
          CONTACT_SUBJECTS.find((s) => s.value === input.subject)?.label ?? input.subject;
        const email = renderEmail(
          {
            subject: `Contact form: ${subjectLabel} from ${input.name}`,
            preheader: input.message.slice(0, 120),
            heading: `New message: ${subjectLabel}`,
            blocks: [
              {
                type: "rows",
                rows: [
                  ["Name", input.name],
                  ["E-mail", input.email],
                  ["Phone", input.phone || "Not given"],
                  ["Subject", subjectLabel],
                ],
              },
              { type: "quote", text: input.message },
              { type: "paragraph", text: "Reply to this e-mail to answer the customer directly." },
            ],
          },
          store,
        );
        await enqueueEmail(tx, {
          ...email,
          kind: "contact",
          to: store.email,
          headers: { "Reply-To": input.email },
        });
        return { id: row!.id };
      });
    },
  };
}
export type ContactService = ReturnType<typeof createContactService>;
