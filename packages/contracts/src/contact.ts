import { emailField, INDIAN_MOBILE, requiredText } from "./common.ts";
import { z } from "./zod.ts";

export const CONTACT_SUBJECTS = [
  { value: "general", label: "General Inquiry" },
  { value: "order", label: "Order Support" },
  { value: "returns", label: "Returns & Refunds" },
  { value: "shipping", label: "Shipping Questions" },
  { value: "product", label: "Product Information" },
  { value: "collaboration", label: "Business Collaboration" },
] as const;
export type ContactSubject = (typeof CONTACT_SUBJECTS)[number]["value"];

export const CONTACT_MESSAGES = {
  name: "Please enter your name",
  email: "Please enter your email address",
  phone: "Please enter a valid 10-digit phone number or leave it empty",
  subject: "Please choose a subject",
  message: "Please enter your message",
  success: "Thank you! Your message has been sent successfully. We'll get back to you soon.",
  failure: "Something went wrong. Please try again or contact us directly.",
} as const;

/** At most this many contact messages per IP in the window. */
export const CONTACT_RATE_LIMIT = { points: 5, windowSeconds: 600 } as const;

export const contactRequestSchema = z
  .object({
    name: requiredText(CONTACT_MESSAGES.name, 100),
    email: emailField(CONTACT_MESSAGES.email),
    phone: z
      .string()
      .trim()
      .transform((v) => v.replace(/[\s-]/g, "").replace(/^\+?91(?=\d{10}$)/, ""))
      .refine((v) => v === "" || INDIAN_MOBILE.test(v), CONTACT_MESSAGES.phone)
      .optional(),
    subject: z.enum(CONTACT_SUBJECTS.map((s) => s.value) as [ContactSubject, ...ContactSubject[]], {
      error: CONTACT_MESSAGES.subject,
    }),
    message: requiredText(CONTACT_MESSAGES.message, 5000),
  })
  .strict()
  .meta({ id: "ContactRequest" });
export type ContactRequest = z.input<typeof contactRequestSchema>;

export const contactReplySchema = z.object({ message: z.string(), id: z.string() });
