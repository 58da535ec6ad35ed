/**
 * PIN codes (issue #14): the pattern, the store's list of states and union territories with their
 * GST codes (pincode-messages.ts, zod-free for the browser), and the delivery check's answer.
 */
import { GST_STATES, PIN_MESSAGES, PIN_PATTERN } from "./pincode-messages.ts";
import { z } from "./zod.ts";

export * from "./pincode-messages.ts";

/** A PIN code as typed: spaces around it are dropped, then 6 digits not starting with 0. */
export const pinSchema = z
  .string({ error: PIN_MESSAGES.invalid })
  .trim()
  .regex(PIN_PATTERN, PIN_MESSAGES.invalid);

export const pinParamsSchema = z.object({ pin: pinSchema });

export const gstStateSchema = z
  .object({
    code: z.enum(GST_STATES.map((s) => s.code) as [string, ...string[]]),
    name: z.string(),
  })
  .meta({ id: "GstState" });

/** GET /api/delivery/:pin: where the PIN is, whether and when the store delivers there. */
export const deliveryCheckSchema = z
  .object({
    pin: z.string(),
    /** False when the PIN is not in the India Post directory (a typo, or a PIN newer than the data). */
    known: z.boolean(),
    /** The post office areas the PIN covers (first the one to show). */
    areas: z.array(z.string()),
    /** The district: what the checkout puts in City. */
    district: z.string().nullable(),
    /** The state or union territory, with its GST state code. */
    state: gstStateSchema.nullable(),
    serviceable: z.boolean(),
    codAvailable: z.boolean(),
    /** The zone of the list's row that covers the PIN (null when none does: the defaults apply). */
    zone: z.string().nullable(),
    /** Working days in transit after dispatch (null when not served). */
    transitDays: z.number().int().nullable(),
    /** The promised day, India's calendar date (YYYY-MM-DD); null when not served. */
    deliveryBy: z.string().nullable(),
    /** What to show: "Delivery by Thu, 3 Dec", or why there is no delivery. */
    message: z.string(),
  })
  .meta({ id: "DeliveryCheck" });
export type DeliveryCheck = z.infer<typeof deliveryCheckSchema>;
