/**
 * The checkout form's fields and checks, in the browser and again in the action. The checks are
 * the API's own schema (placeOrderSchema), so the messages are storefront.md §5's and the API never
 * gets a body it would refuse for a field.
 */
import { joinAddress } from "@vastra/contracts/address-lines";
import type { CartLine } from "@vastra/contracts/cart";
import {
  ADDRESS_TYPES,
  type AddressType,
  type PlaceOrderInput,
  placeOrderSchema,
} from "@vastra/contracts/orders";
import { CHECKOUT_PAYMENT_METHODS, type CheckoutPaymentMethod } from "@vastra/contracts/shipping";
import { cartTotal } from "~/lib/cart-money";

export const CHECKOUT_FIELDS = [
  "name",
  "email",
  "phone",
  "streetAddress",
  "apartment",
  "city",
  "state",
  "pincode",
  "country",
  "addressType",
  "paymentMethod",
  // Optional: a business buyer's GSTIN (record 0037).
  "buyerGstin",
] as const;
export type CheckoutField = (typeof CHECKOUT_FIELDS)[number];
export type CheckoutValues = Record<Exclude<CheckoutField, "buyerGstin">, string> & {
  buyerGstin?: string;
};
export type FieldErrors = Partial<Record<CheckoutField, string>>;

export const DEFAULT_COUNTRY = "India";
export const DEFAULT_ADDRESS_TYPE: AddressType = "home";
/** Issue #14 (record 0036): UPI when the store contacts the shopper, unless COD is chosen. */
export const DEFAULT_PAYMENT_METHOD: CheckoutPaymentMethod = "upi";

/** The form's payment method, or the default for anything else. */
export function paymentMethodOf(
  values: Pick<CheckoutValues, "paymentMethod">,
): CheckoutPaymentMethod {
  return (CHECKOUT_PAYMENT_METHODS as readonly string[]).includes(values.paymentMethod)
    ? (values.paymentMethod as CheckoutPaymentMethod)
    : DEFAULT_PAYMENT_METHOD;
}

/** The form's first values: the signed-in user's name, e-mail and phone (storefront.md §2). */
export function initialValues(user: {
  name: string;
  email: string;
  phone: string | null;
}): CheckoutValues {
  return {
    name: user.name,
    email: user.email,
    phone: user.phone ?? "",
    streetAddress: "",
    apartment: "",
    city: "",
    state: "",
    pincode: "",
    country: DEFAULT_COUNTRY,
    addressType: DEFAULT_ADDRESS_TYPE,
    paymentMethod: DEFAULT_PAYMENT_METHOD,
  };
}

/** Every field of a posted form ("" when missing; the country and address type get their defaults). */
export function readValues(form: FormData): CheckoutValues {
  const values = {} as CheckoutValues;
  for (const name of CHECKOUT_FIELDS) {
    const value = form.get(name);
    values[name] = typeof value === "string" ? value : "";
  }
  if (!values.country) values.country = DEFAULT_COUNTRY;
  if (!(ADDRESS_TYPES as readonly string[]).includes(values.addressType)) {
    values.addressType = DEFAULT_ADDRESS_TYPE;
  }
  values.paymentMethod = paymentMethodOf(values);
  return values;
}

export type { AddressParts } from "@vastra/contracts/address-lines";

/** The spec's one comma-joined address (street, apartment, city, state, pincode, country), as the API's. */
export const addressLine = joinAddress;

/** The line of the cart the order is about (what the shopper saw). */
export type ShownLine = Pick<CartLine, "productId" | "size" | "quantity" | "price"> & {
  color?: string | undefined;
};

/**
 * POST /api/orders's body (storefront.md §3, decisions.md §4): the spec's `user` block with the
 * comma-joined address, the items and total as shown, status 'pending', and the structured
 * address with its type (decisions.md §4 stores the address type with the order).
 */
export function orderBody(
  values: CheckoutValues,
  lines: readonly ShownLine[],
  /** The total the shopper was shown (items, shipping, COD fee); default: the items alone. */
  totalAmount: number = cartTotal(lines),
): PlaceOrderInput {
  const address = {
    streetAddress: values.streetAddress.trim(),
    apartment: values.apartment.trim(),
    city: values.city.trim(),
    state: values.state.trim(),
    pincode: values.pincode.trim(),
    country: values.country.trim() || DEFAULT_COUNTRY,
  };
  return {
    user: {
      name: values.name,
      email: values.email,
      phone: values.phone,
      address: addressLine(address),
    },
    items: lines.map((line) => ({
      productId: line.productId,
      size: line.size,
      quantity: line.quantity,
      ...(line.color ? { color: line.color } : {}),
    })),
    totalAmount,
    status: "pending",
    shippingAddress: { ...address, addressType: values.addressType as AddressType },
    paymentMethod: paymentMethodOf(values),
    ...(values.buyerGstin?.trim() ? { buyerGstin: values.buyerGstin.trim() } : {}),
  };
}

/** An API field path ("user.phone", "shippingAddress.pincode") as the form's field name. */
export function formField(path: string): CheckoutField | undefined {
  const last = path.split(".").at(-1) ?? "";
  if (path === "user.address") return "pincode";
  return (CHECKOUT_FIELDS as readonly string[]).includes(last)
    ? (last as CheckoutField)
    : undefined;
}

/** The first message of each field, checked with the API's schema; {} when all is well. */
export function validateCheckout(values: CheckoutValues): FieldErrors {
  // The items are the server's business (its cart); one placeholder line lets the fields speak.
  const body = orderBody(values, [{ productId: "x", size: "M", quantity: 1, price: 0 }]);
  const result = placeOrderSchema.safeParse(body);
  const errors: FieldErrors = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = formField(issue.path.join("."));
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/** The API's `errors` (field path → message) as the form's fields, and whether any was left over. */
export function placeServerErrors(errors: Record<string, string> | undefined): {
  fields: FieldErrors;
  unplaced: boolean;
} {
  const fields: FieldErrors = {};
  let unplaced = false;
  for (const [path, message] of Object.entries(errors ?? {})) {
    const field = formField(path);
    if (field) fields[field] ??= message;
    else unplaced = true;
  }
  return { fields, unplaced };
}
