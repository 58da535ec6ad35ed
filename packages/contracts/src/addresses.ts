/**
 * The shopper's address book (issue #16, record 0040): up to ADDRESS_BOOK_MAX saved delivery
 * addresses, one of them the default, each with the recipient's name and mobile number. An entry
 * is the checkout's own address contract (shippingAddressSchema: the same fields, checks and
 * messages) plus the name and phone; `addressType` (home, office, other) is its label.
 */
import { requiredText } from "./common.ts";
import {
  ADDRESS_TYPES,
  checkoutPhoneSchema,
  ORDER_MESSAGES,
  shippingAddressSchema,
} from "./orders.ts";
import { z } from "./zod.ts";

/** The most addresses one shopper keeps. */
export const ADDRESS_BOOK_MAX = 10;

export const ADDRESS_TYPE_LABELS: Record<(typeof ADDRESS_TYPES)[number], string> = {
  home: "Home",
  office: "Office",
  other: "Other",
};

export const ADDRESS_BOOK_MESSAGES = {
  notFound: "Address not found",
  full: (max: number) =>
    `Your address book holds up to ${max} addresses. Please delete one you no longer use before adding another.`,
  added: "Address saved to your address book",
  alreadySaved: "This address is already in your address book",
  updated: "Address updated",
  deleted: "Address deleted",
  madeDefault: "Default address changed",
  loadFailed: "Failed to load your addresses",
  saveFailed: "Failed to save the address. Please try again.",
  deleteFailed: "Failed to delete the address. Please try again.",
  defaultFailed: "Failed to change the default address. Please try again.",
  /** At checkout: a chosen address that is gone (deleted in another tab). */
  chosenGone:
    "The saved address you chose is no longer in your address book. Please choose another or enter a new one.",
  /** At checkout, after the order: the address was not saved because the book is full. */
  notSavedFull: (max: number) =>
    `Your address book already holds ${max} addresses, so this one was not saved. You can manage them in your profile.`,
  notSavedFailed: "Your order is placed, but the address could not be saved to your address book.",
  savedAtCheckout: "The address is saved to your address book for next time.",
} as const;

/** POST /api/me/addresses and PUT /api/me/addresses/:id: the address, recipient and default flag. */
export const addressInputSchema = shippingAddressSchema
  .extend({
    name: requiredText(ORDER_MESSAGES.requiredFields, 100),
    phone: checkoutPhoneSchema,
    /** Make this the default address (the first address is the default whatever this says). */
    isDefault: z.boolean({ error: "Please say whether this is the default address" }).optional(),
  })
  .meta({ id: "AddressInput" });
export type AddressInput = z.input<typeof addressInputSchema>;
export type AddressFields = z.output<typeof addressInputSchema>;

export const savedAddressSchema = z
  .object({
    id: z.string(),
    addressType: z.enum(ADDRESS_TYPES),
    name: z.string(),
    phone: z.string(),
    streetAddress: z.string(),
    apartment: z.string(),
    city: z.string(),
    state: z.string(),
    pincode: z.string(),
    country: z.string(),
    isDefault: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: "SavedAddress" });
export type SavedAddress = z.infer<typeof savedAddressSchema>;

/** The book, default first, then the newest. */
export const addressBookSchema = z.array(savedAddressSchema).meta({ id: "AddressBook" });

export const addressReplySchema = z
  .object({
    message: z.string(),
    address: savedAddressSchema,
    /** False when an identical address was already in the book (nothing new was added). */
    created: z.boolean(),
  })
  .meta({ id: "AddressReply" });
export type AddressReply = z.infer<typeof addressReplySchema>;

/** One comma-joined line: street, apartment, city, state, PIN (for lists and the review). */
export function addressSummary(
  address: Pick<SavedAddress, "streetAddress" | "apartment" | "city" | "state" | "pincode">,
): string {
  return [address.streetAddress, address.apartment, address.city, address.state, address.pincode]
    .map((part) => part.trim())
    .filter((part) => part !== "")
    .join(", ");
}
