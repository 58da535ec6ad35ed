/**
 * The checkout's address book (issue #16, record 0040): the saved addresses as a choice (the
 * default chosen to start with) or a new address, which can be saved for next time. The order
 * still carries the whole address, checked by the server like any typed one.
 */
import {
  ADDRESS_BOOK_MAX,
  ADDRESS_BOOK_MESSAGES,
  ADDRESS_TYPE_LABELS,
  addressSummary,
  type SavedAddress,
} from "@vastra/contracts/addresses";
import { Plus } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { cn } from "~/components/ui/cn";
import type { CheckoutValues } from "./form";

/** The choice that means "type a new address". */
export const NEW_ADDRESS = "new";

/** The address the checkout starts with: the default (or the newest), if any. */
export function startingAddress(addresses: readonly SavedAddress[]): SavedAddress | undefined {
  return addresses.find((a) => a.isDefault) ?? addresses[0];
}

/** The form's values with a saved address (and its recipient) in place. */
export function withSavedAddress(values: CheckoutValues, address: SavedAddress): CheckoutValues {
  return {
    ...values,
    name: address.name,
    phone: address.phone,
    streetAddress: address.streetAddress,
    apartment: address.apartment,
    city: address.city,
    state: address.state,
    pincode: address.pincode,
    country: address.country,
    addressType: address.addressType,
  };
}

/** The form's values with the address emptied for a new one (the contact details stay). */
export function withNewAddress(values: CheckoutValues): CheckoutValues {
  return {
    ...values,
    streetAddress: "",
    apartment: "",
    city: "",
    state: "",
    pincode: "",
    addressType: "home",
  };
}

const optionClass = (chosen: boolean) =>
  cn(
    "flex cursor-pointer items-start gap-3 rounded-md border p-3 text-sm transition-colors",
    "has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring",
    chosen ? "border-primary bg-maroon-50" : "border-input bg-card hover:border-foreground/60",
  );

/** The saved addresses and "a new address", as radios named addressId (posted without JavaScript too). */
export function SavedAddressChoice({
  addresses,
  choice,
  onChoose,
}: {
  addresses: readonly SavedAddress[];
  choice: string;
  onChoose: (choice: string) => void;
}) {
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-2 text-sm font-medium text-foreground">
        Deliver to a saved address, or a new one
      </legend>
      {addresses.map((address) => (
        <label key={address.id} className={optionClass(choice === address.id)}>
          <input
            type="radio"
            name="addressId"
            value={address.id}
            checked={choice === address.id}
            onChange={() => onChoose(address.id)}
            className="mt-0.5 size-4 accent-primary"
          />
          <span className="grid min-w-0 gap-0.5">
            <span className="flex flex-wrap items-center gap-2 font-medium text-foreground">
              {ADDRESS_TYPE_LABELS[address.addressType]}
              {address.isDefault ? <Badge variant="gold">Default</Badge> : null}
            </span>
            <span className="text-foreground">{address.name}</span>
            <span className="text-muted-foreground [overflow-wrap:anywhere]">
              {addressSummary(address)}
            </span>
            <span className="text-muted-foreground">{address.phone}</span>
          </span>
        </label>
      ))}
      <label className={optionClass(choice === NEW_ADDRESS)}>
        <input
          type="radio"
          name="addressId"
          value={NEW_ADDRESS}
          checked={choice === NEW_ADDRESS}
          onChange={() => onChoose(NEW_ADDRESS)}
          className="mt-0.5 size-4 accent-primary"
        />
        <span className="flex items-center gap-1.5 font-medium text-foreground">
          <Plus aria-hidden="true" className="size-4" />
          Deliver to a new address
        </span>
      </label>
      <p className="text-sm text-muted-foreground">
        <Link
          to="/profile#address-book"
          className="text-primary underline-offset-4 hover:underline"
        >
          Manage your addresses
        </Link>{" "}
        in your profile.
      </p>
    </fieldset>
  );
}

/** "Save to my address book" under a new address (not offered when the book is full). */
export function SaveAddressBox({
  checked,
  full,
  onChange,
}: {
  checked: boolean;
  full: boolean;
  onChange: (checked: boolean) => void;
}) {
  if (full) {
    return (
      <p className="text-sm text-muted-foreground sm:col-span-2">
        {ADDRESS_BOOK_MESSAGES.full(ADDRESS_BOOK_MAX)}
      </p>
    );
  }
  return (
    <label className="flex items-center gap-2 text-sm font-medium sm:col-span-2">
      <input
        type="checkbox"
        name="saveAddress"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        className="size-4 accent-primary"
      />
      Save to my address book
    </label>
  );
}

/** After the order: what became of "Save to my address book". */
export function savedNote(saved: CheckoutAddressSaved | undefined): string {
  switch (saved) {
    case "saved":
      return ADDRESS_BOOK_MESSAGES.savedAtCheckout;
    case "full":
      return ADDRESS_BOOK_MESSAGES.notSavedFull(ADDRESS_BOOK_MAX);
    case "failed":
      return ADDRESS_BOOK_MESSAGES.notSavedFailed;
    default:
      return "";
  }
}

export type CheckoutAddressSaved = "saved" | "known" | "full" | "failed";
