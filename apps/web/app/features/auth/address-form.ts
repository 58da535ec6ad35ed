/**
 * The address book's form (issue #16, record 0040): its fields and checks, in the browser and
 * again in the profile's action. The checks are the API's own schema (addressInputSchema, the
 * checkout's address contract plus name and phone), so the messages are the checkout's.
 */
import {
  type AddressInput,
  addressInputSchema,
  type SavedAddress,
} from "@vastra/contracts/addresses";
import { ADDRESS_TYPES, type AddressType } from "@vastra/contracts/orders";
import type { FieldErrors } from "./types";

export const ADDRESS_FIELDS = [
  "name",
  "phone",
  "streetAddress",
  "apartment",
  "pincode",
  "city",
  "state",
  "addressType",
] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];
export type AddressValues = Record<AddressField, string> & { isDefault: boolean };

/** An empty form: the shopper's own name and phone to start with. */
export function blankAddress(user: { name: string; phone: string | null }): AddressValues {
  return {
    name: user.name,
    phone: user.phone ?? "",
    streetAddress: "",
    apartment: "",
    pincode: "",
    city: "",
    state: "",
    addressType: "home",
    isDefault: false,
  };
}

export function valuesOf(address: SavedAddress): AddressValues {
  return {
    name: address.name,
    phone: address.phone,
    streetAddress: address.streetAddress,
    apartment: address.apartment,
    pincode: address.pincode,
    city: address.city,
    state: address.state,
    addressType: address.addressType,
    isDefault: address.isDefault,
  };
}

/** A posted form's values ("" when missing; the checkbox "isDefault" is on or off). */
export function readAddressForm(form: FormData): AddressValues {
  const values = { isDefault: form.get("isDefault") === "on" } as AddressValues;
  for (const name of ADDRESS_FIELDS) {
    const value = form.get(name);
    values[name] = typeof value === "string" ? value : "";
  }
  return values;
}

/** The API's body for the values. */
export function addressBody(values: AddressValues): AddressInput {
  const type = (ADDRESS_TYPES as readonly string[]).includes(values.addressType)
    ? (values.addressType as AddressType)
    : "home";
  return {
    name: values.name,
    phone: values.phone,
    streetAddress: values.streetAddress,
    apartment: values.apartment,
    pincode: values.pincode,
    city: values.city,
    state: values.state,
    country: "India",
    addressType: type,
    isDefault: values.isDefault,
  };
}

/** The first message of each field; {} when all is well. */
export function validateAddress(values: AddressValues): FieldErrors {
  const result = addressInputSchema.safeParse(addressBody(values));
  const errors: FieldErrors = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? "");
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}
