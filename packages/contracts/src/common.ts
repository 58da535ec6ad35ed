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
/**
 * A pragmatic e-mail check: something@label.tld, no spaces, no empty domain labels. Linear: the
 * domain's labels and dots cannot overlap (the old `[^\s@]+\.[^\s@]+` backtracked quadratically,
 * 120 ms for 8,000 dots). Still run it only after the length check (`emailField`).
 */
export const EMAIL = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;
/** The longest address SMTP allows. */
export const EMAIL_MAX = 254;

/** A required, trimmed string whose empty form gets `message`. */
export const requiredText = (message: string, max = 200) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, { error: `Please keep this under ${max} characters`, abort: true });

/**
 * A required e-mail address, lower-cased. The length is checked first and a too-long value stops
 * there (`abort`): zod would otherwise run the pattern on a megabyte of input as well.
 */
export const emailField = (
  requiredMessage = "Email is required",
  invalidMessage = "Please enter a valid email address",
) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, { error: requiredMessage, abort: true })
    .max(EMAIL_MAX, { error: invalidMessage, abort: true })
    .regex(EMAIL, invalidMessage)
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
