/**
 * The address book's loads and the profile's address forms (issue #16, record 0040): the API in
 * process, with the shopper's cookie. Server-only.
 */
import { ADDRESS_BOOK_MESSAGES, type AddressReply } from "@vastra/contracts/addresses";
import { data, type RouterContextProvider, redirect } from "react-router";
import { loginUrl } from "~/lib/auth.server";
import { ADDRESS_FIELDS, addressBody, readAddressForm, validateAddress } from "./address-form";
import { callAuthApi } from "./api.server";
import { type AuthResult, failure } from "./types";

type Context = Readonly<RouterContextProvider>;

const signInAgain = () => redirect(loginUrl("/profile"));

/** The id a form names (hidden field "addressId"). */
const idOf = (form: FormData) => {
  const id = form.get("addressId");
  return typeof id === "string" ? id : "";
};

/** Add (no id) or edit (with the id) an address. */
export async function saveAddress(
  context: Context,
  form: FormData,
  intent: "address-add" | "address-edit",
) {
  const values = readAddressForm(form);
  const kept = { ...values, isDefault: values.isDefault ? "on" : "" };
  const id = idOf(form);
  const errors = validateAddress(values);
  if (Object.keys(errors).length > 0) {
    return data(failure(intent, "", errors, { values: kept, addressId: id }));
  }
  const path =
    intent === "address-edit" ? `/api/me/addresses/${encodeURIComponent(id)}` : "/api/me/addresses";
  const reply = await callAuthApi<AddressReply>(context, path, {
    method: intent === "address-edit" ? "PUT" : "POST",
    body: addressBody(values),
    fallback: ADDRESS_BOOK_MESSAGES.saveFailed,
    fields: ADDRESS_FIELDS,
  });
  if (!reply.ok) {
    if (reply.status === 401) return signInAgain();
    return data(failure(intent, reply.message, reply.errors, { values: kept, addressId: id }));
  }
  return data<AuthResult>({ intent, ok: true, message: reply.data.message, errors: {} });
}

/** Delete, or make default, the address the form names. */
export async function changeAddress(
  context: Context,
  form: FormData,
  intent: "address-delete" | "address-default",
) {
  const id = idOf(form);
  const reply = await callAuthApi<{ message: string }>(
    context,
    intent === "address-delete"
      ? `/api/me/addresses/${encodeURIComponent(id)}`
      : `/api/me/addresses/${encodeURIComponent(id)}/default`,
    {
      method: intent === "address-delete" ? "DELETE" : "POST",
      fallback:
        intent === "address-delete"
          ? ADDRESS_BOOK_MESSAGES.deleteFailed
          : ADDRESS_BOOK_MESSAGES.defaultFailed,
    },
  );
  if (!reply.ok) {
    if (reply.status === 401) return signInAgain();
    return data(failure(intent, reply.message, {}, { addressId: id }));
  }
  return data<AuthResult>({ intent, ok: true, message: reply.data.message, errors: {} });
}
