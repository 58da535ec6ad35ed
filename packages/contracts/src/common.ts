import { z } from "./zod.ts";

/** Every error reply: `{ message, errors? }` (login also carries `msg`). */
export const errorSchema = z
  .object({
    message: z.string(),
    errors: z.record(z.string(), z.string()).optional(),
    msg: z.string().optional(),
  })
  .meta({ id: "Error" });
export type ErrorReply = z.infer<typeof errorSchema>;

export const messageSchema = z.object({ message: z.string() });

/** Indian mobile numbers: 10 digits starting 6-9. */
export const INDIAN_MOBILE = /^[6-9]\d{9}$/;
/** A pragmatic e-mail check: something@something.tld, no spaces. */
export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A required, trimmed string whose empty form gets `message`. */
export const requiredText = (message: string, max = 200) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, `Please keep this under ${max} characters`);

export const emailField = (requiredMessage = "Email is required") =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(254, "Please enter a valid email address")
    .regex(EMAIL, "Please enter a valid email address")
    .transform((v) => v.toLowerCase());

export const uuidParam = z.object({ id: z.uuid("Not found") });

/**
 * `?page=` and `?limit=` of a paged list, spread into its query schema: the page from 1 (anything
 * else is 1); the limit clamped to 1..max, and the default when it is not a number.
 */
export const pageParams = (defaultLimit: number, maxLimit: number) => ({
  page: z.coerce.number().int().min(1).default(1).catch(1),
  limit: z.coerce
    .number()
    .int()
    .default(defaultLimit)
    .catch(defaultLimit)
    .transform((v) => Math.min(maxLimit, Math.max(1, v))),
});
