/**
 * The profile's address book (issue #16, record 0040): the saved addresses as cards (the default
 * first), add and edit in a form whose PIN fills city and state from the PIN directory, delete
 * (asked once) and make default. Every form posts to /profile and works before JavaScript too.
 */
import {
  ADDRESS_BOOK_MAX,
  ADDRESS_BOOK_MESSAGES,
  ADDRESS_TYPE_LABELS,
  addressSummary,
  type SavedAddress,
} from "@vastra/contracts/addresses";
import { ADDRESS_TYPES, INDIAN_STATES } from "@vastra/contracts/orders";
import { PIN_PATTERN } from "@vastra/contracts/pincode-messages";
import { MapPin, Pencil, Plus, Star, Trash2 } from "lucide-react";
import * as React from "react";
import { type FetcherWithComponents, Link, useFetcher } from "react-router";
import { type DeliveryLookup, lookUpDelivery, placeOf } from "~/components/delivery/lookup";
import { AddressTypeChooser } from "~/components/ui/address-type-chooser";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { cn } from "~/components/ui/cn";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";
import { useToast } from "~/components/ui/toast";
import {
  ADDRESS_FIELDS,
  type AddressField,
  type AddressValues,
  blankAddress,
  validateAddress,
  valuesOf,
} from "./address-form";
import { focusField, useOnNewResult } from "./hooks";
import type { AuthResult, FieldErrors } from "./types";
import { FormAlert, PhoneInput } from "./ui";

export const ADDRESS_INTENTS = [
  "address-add",
  "address-edit",
  "address-delete",
  "address-default",
] as const;

export type AddressBookPanelProps = {
  user: { name: string; phone: string | null };
  addresses: SavedAddress[];
  /** The book could not be read. */
  failed: boolean;
  /** Opened by the address (?address=new or ?address=<id>), for pages without JavaScript. */
  startEditing: string | undefined;
  /** The answer to a form posted before JavaScript ran (any panel's). */
  result: AuthResult | undefined;
};

export function AddressBookPanel({
  user,
  addresses,
  failed,
  startEditing,
  result,
}: AddressBookPanelProps) {
  const fromPage =
    result && (ADDRESS_INTENTS as readonly string[]).includes(result.intent) ? result : undefined;
  const refusedEdit =
    fromPage &&
    !fromPage.ok &&
    (fromPage.intent === "address-add" || fromPage.intent === "address-edit")
      ? fromPage
      : undefined;
  const [editing, setEditing] = React.useState<string | null>(() => {
    if (refusedEdit)
      return refusedEdit.intent === "address-add" ? "new" : (refusedEdit.addressId ?? null);
    if (startEditing === "new" || addresses.some((a) => a.id === startEditing)) {
      return startEditing ?? null;
    }
    return null;
  });
  const [notice, setNotice] = React.useState(() => (fromPage?.ok ? fromPage.message : ""));
  const full = addresses.length >= ADDRESS_BOOK_MAX;
  const addRef = React.useRef<HTMLAnchorElement>(null);
  const headingRef = React.useRef<HTMLHeadingElement>(null);
  const toast = useToast();
  // Deleting goes through the panel's fetcher: the card is gone once the page data is reloaded,
  // so the panel says what happened and takes the focus.
  const deleter = useFetcher<AuthResult>({ key: "address-book-delete" });
  useOnNewResult(deleter.state === "idle" ? deleter.data : undefined, (r) => {
    if (r.ok) {
      toast.success(r.message);
      headingRef.current?.focus();
    } else if (r.message) toast.error(r.message);
  });

  const close = () => {
    setEditing(null);
    requestAnimationFrame(() => addRef.current?.focus());
  };

  return (
    <Card aria-labelledby="profile-addresses-heading" role="region" id="address-book">
      <div className="grid grid-cols-[auto_minmax(0,1fr)] items-start gap-x-3 gap-y-3 border-b border-border px-5 py-4 sm:grid-cols-[auto_minmax(0,1fr)_auto] sm:px-6">
        <span className="mt-0.5 grid size-10 shrink-0 place-items-center rounded-full bg-maroon-50 text-primary">
          <MapPin aria-hidden="true" className="size-5" />
        </span>
        <div className="grid gap-0.5">
          <h2
            ref={headingRef}
            tabIndex={-1}
            id="profile-addresses-heading"
            className="font-display text-xl leading-tight font-semibold outline-none"
          >
            Address Book
          </h2>
          <p className="text-sm text-muted-foreground">
            Where we deliver: choose one at checkout instead of typing it again. Up to{" "}
            {ADDRESS_BOOK_MAX} addresses.
          </p>
        </div>
        {editing === "new" || full || failed ? null : (
          <div className="col-start-2 sm:col-start-3 sm:row-start-1">
            <Button asChild variant="outline" size="sm">
              <Link
                ref={addRef}
                to="/profile?address=new#address-book"
                preventScrollReset
                onClick={(event) => {
                  event.preventDefault();
                  setNotice("");
                  setEditing("new");
                }}
              >
                <Plus aria-hidden="true" />
                Add address
              </Link>
            </Button>
          </div>
        )}
      </div>
      <div className="grid gap-4 px-5 py-5 sm:px-6">
        <FormAlert tone="success">{notice}</FormAlert>
        {fromPage && !fromPage.ok && !refusedEdit ? (
          <FormAlert tone="error">{fromPage.message}</FormAlert>
        ) : null}
        {failed ? (
          <FormAlert tone="error">{ADDRESS_BOOK_MESSAGES.loadFailed}</FormAlert>
        ) : addresses.length === 0 && editing !== "new" ? (
          <p className="text-sm text-muted-foreground">
            No saved addresses yet. Add one here, or tick “Save to my address book” at checkout.
          </p>
        ) : null}
        {full ? (
          <FormAlert tone="info" live={false}>
            {ADDRESS_BOOK_MESSAGES.full(ADDRESS_BOOK_MAX)}
          </FormAlert>
        ) : null}
        {addresses.length > 0 ? (
          <ul className="grid gap-4 md:grid-cols-2" aria-label="Saved addresses">
            {addresses.map((address) =>
              editing === address.id ? (
                <li key={address.id} className="md:col-span-2">
                  <AddressEditor
                    intent="address-edit"
                    addressId={address.id}
                    initial={
                      refusedEdit?.addressId === address.id && refusedEdit.values
                        ? keptValues(refusedEdit.values)
                        : valuesOf(address)
                    }
                    refused={refusedEdit?.addressId === address.id ? refusedEdit : undefined}
                    onDone={close}
                  />
                </li>
              ) : (
                <li key={address.id}>
                  <AddressCard
                    address={address}
                    deleter={deleter}
                    onEdit={() => {
                      setNotice("");
                      setEditing(address.id);
                    }}
                  />
                </li>
              ),
            )}
          </ul>
        ) : null}
        {editing === "new" ? (
          <AddressEditor
            intent="address-add"
            initial={
              refusedEdit?.intent === "address-add" && refusedEdit.values
                ? keptValues(refusedEdit.values)
                : { ...blankAddress(user), isDefault: addresses.length === 0 }
            }
            refused={refusedEdit?.intent === "address-add" ? refusedEdit : undefined}
            onDone={close}
          />
        ) : null}
      </div>
    </Card>
  );
}

/** What a refused form posted before JavaScript ran kept. */
function keptValues(values: Record<string, string>): AddressValues {
  const kept = { isDefault: values.isDefault === "on" } as AddressValues;
  for (const name of ADDRESS_FIELDS) kept[name] = values[name] ?? "";
  return kept;
}

function AddressCard({
  address,
  deleter,
  onEdit,
}: {
  address: SavedAddress;
  deleter: FetcherWithComponents<AuthResult>;
  onEdit: () => void;
}) {
  const fetcher = useFetcher<AuthResult>();
  const toast = useToast();
  const [confirming, setConfirming] = React.useState(false);
  const busy = fetcher.state !== "idle";
  const sending = fetcher.formData?.get("intent");
  const deleting = deleter.state !== "idle" && deleter.formData?.get("addressId") === address.id;
  const headingId = React.useId();

  useOnNewResult(fetcher.state === "idle" ? fetcher.data : undefined, (r) => {
    if (r.ok) toast.success(r.message);
    else if (r.message) toast.error(r.message);
    setConfirming(false);
  });

  return (
    <article
      aria-labelledby={headingId}
      className={cn(
        "grid h-full content-start gap-3 rounded-lg border p-4",
        address.isDefault ? "border-primary/50 bg-maroon-50/40" : "border-border bg-card",
      )}
    >
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={headingId} className="font-medium text-foreground">
          {ADDRESS_TYPE_LABELS[address.addressType]}
        </h3>
        {address.isDefault ? (
          <Badge variant="gold">
            <Star aria-hidden="true" />
            Default
          </Badge>
        ) : null}
      </div>
      <div className="grid gap-0.5 text-sm">
        <p className="font-medium break-words text-foreground">{address.name}</p>
        <p className="text-muted-foreground [overflow-wrap:anywhere]">{addressSummary(address)}</p>
        <p className="text-muted-foreground">{address.phone}</p>
      </div>
      {confirming ? (
        <deleter.Form method="post" action="/profile" className="grid gap-2">
          <input type="hidden" name="addressId" value={address.id} />
          <p className="text-sm font-medium text-foreground">Delete this address?</p>
          <div className="flex flex-wrap gap-2">
            <Button
              type="submit"
              name="intent"
              value="address-delete"
              variant="destructive"
              size="sm"
              loading={deleting}
              loadingText="Deleting…"
            >
              Delete
            </Button>
            <Button type="button" variant="ghost" size="sm" onClick={() => setConfirming(false)}>
              Keep it
            </Button>
          </div>
        </deleter.Form>
      ) : (
        <fetcher.Form method="post" action="/profile" className="flex flex-wrap gap-2">
          <input type="hidden" name="addressId" value={address.id} />
          <Button asChild variant="outline" size="sm">
            <Link
              to={`/profile?address=${address.id}#address-book`}
              preventScrollReset
              aria-label={`Edit ${ADDRESS_TYPE_LABELS[address.addressType]} address: ${address.streetAddress}`}
              onClick={(event) => {
                event.preventDefault();
                onEdit();
              }}
            >
              <Pencil aria-hidden="true" />
              Edit
            </Link>
          </Button>
          {address.isDefault ? null : (
            <Button
              type="submit"
              name="intent"
              value="address-default"
              variant="outline"
              size="sm"
              loading={busy && sending === "address-default"}
              loadingText="Saving…"
            >
              Make default
            </Button>
          )}
          <Button
            type="submit"
            name="intent"
            value="address-delete"
            variant="ghost"
            size="sm"
            aria-label={`Delete ${ADDRESS_TYPE_LABELS[address.addressType]} address: ${address.streetAddress}`}
            onClick={(event) => {
              // With JavaScript: asked once first.
              event.preventDefault();
              setConfirming(true);
            }}
          >
            <Trash2 aria-hidden="true" />
            Delete
          </Button>
        </fetcher.Form>
      )}
    </article>
  );
}

/** Add or edit one address: the PIN fills city and state (unless typed) and says if we deliver. */
function AddressEditor({
  intent,
  addressId,
  initial,
  refused,
  onDone,
}: {
  intent: "address-add" | "address-edit";
  addressId?: string;
  initial: AddressValues;
  refused: AuthResult | undefined;
  onDone: () => void;
}) {
  const fetcher = useFetcher<AuthResult>();
  const toast = useToast();
  const [values, setValues] = React.useState(initial);
  const [errors, setErrors] = React.useState<FieldErrors>(refused?.errors ?? {});
  const [banner, setBanner] = React.useState(refused?.message ?? "");
  const formRef = React.useRef<HTMLFormElement>(null);
  const busy = fetcher.state !== "idle";
  const pinInfoId = React.useId();
  const pin = values.pincode.trim();
  const [pinCheck, setPinCheck] = React.useState<{ pin: string; result: DeliveryLookup } | null>(
    null,
  );
  const autoFilled = React.useRef({ city: "", state: "" });
  const typed = React.useRef(values);
  React.useEffect(() => {
    typed.current = values;
  });

  React.useEffect(() => {
    focusField(formRef.current, "name");
  }, []);

  React.useEffect(() => {
    if (!PIN_PATTERN.test(pin)) {
      setPinCheck(null);
      return;
    }
    let current = true;
    void lookUpDelivery(pin).then((result) => {
      if (!current) return;
      setPinCheck({ pin, result });
      if (!result.ok || !result.check.known) return;
      const { district, state } = result.check;
      const now = typed.current;
      const filled = autoFilled.current;
      const fills: Partial<AddressValues> = {};
      if (district && (now.city.trim() === "" || now.city === filled.city)) fills.city = district;
      if (state && (now.state === "" || now.state === filled.state)) fills.state = state.name;
      autoFilled.current = { city: fills.city ?? filled.city, state: fills.state ?? filled.state };
      if (!fills.city && !fills.state) return;
      setValues((v) => ({ ...v, ...fills }));
      setErrors((e) => ({
        ...e,
        ...(fills.city ? { city: "" } : {}),
        ...(fills.state ? { state: "" } : {}),
      }));
    });
    return () => {
      current = false;
    };
  }, [pin]);
  const pinAnswer = pinCheck?.pin === pin && pinCheck.result.ok ? pinCheck.result.check : null;

  useOnNewResult(fetcher.state === "idle" ? fetcher.data : undefined, (r) => {
    if (r.ok) {
      toast.success(r.message);
      onDone();
      return;
    }
    setErrors(r.errors);
    setBanner(r.message);
    if (r.message) toast.error(r.message);
    const first = ADDRESS_FIELDS.find((name) => r.errors[name]);
    if (first) focusField(formRef.current, first);
  });

  const change = (name: AddressField, value: string) => {
    const next = { ...values, [name]: value };
    setValues(next);
    if (errors[name]) setErrors((e) => ({ ...e, [name]: validateAddress(next)[name] ?? "" }));
  };

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    const found = validateAddress(values);
    setErrors(found);
    setBanner("");
    const first = ADDRESS_FIELDS.find((name) => found[name]);
    if (first) {
      event.preventDefault();
      focusField(event.currentTarget, first);
    }
  };

  const text = (
    name: AddressField,
    label: string,
    props: React.ComponentProps<typeof Input> = {},
    required = true,
  ) => (
    <Field label={label} error={errors[name] || undefined} required={required}>
      <Input
        name={name}
        value={values[name]}
        onChange={(event) => change(name, event.target.value)}
        {...props}
      />
    </Field>
  );

  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      action="/profile"
      noValidate
      onSubmit={onSubmit}
      aria-label={intent === "address-add" ? "New address" : "Edit address"}
      className="grid gap-5 rounded-lg border border-border bg-background p-4 sm:p-5"
    >
      <input type="hidden" name="intent" value={intent} />
      {addressId ? <input type="hidden" name="addressId" value={addressId} /> : null}
      <h3 className="font-display text-lg font-semibold">
        {intent === "address-add" ? "New address" : "Edit address"}
      </h3>
      <FormAlert tone="error">{banner}</FormAlert>
      <div className="grid gap-4 sm:grid-cols-2">
        {text("name", "Full name", { autoComplete: "name", maxLength: 100 })}
        <Field label="Mobile number" error={errors.phone || undefined} required>
          <PhoneInput
            name="phone"
            value={values.phone}
            onChange={(event) =>
              change("phone", event.target.value.replace(/\D/g, "").slice(0, 10))
            }
            placeholder="98765 43210"
          />
        </Field>
        <div className="sm:col-span-2">
          {text("streetAddress", "Street address", {
            autoComplete: "address-line1",
            placeholder: "House number, street, area",
          })}
        </div>
        <div className="sm:col-span-2">
          {text(
            "apartment",
            "Apartment, suite, landmark (optional)",
            { autoComplete: "address-line2" },
            false,
          )}
        </div>
        <div className="grid content-start gap-1.5">
          <Field
            label="Pincode"
            error={
              errors.pincode ||
              (pinAnswer && !pinAnswer.serviceable ? pinAnswer.message : undefined)
            }
            required
          >
            <Input
              name="pincode"
              value={values.pincode}
              onChange={(event) => change("pincode", event.target.value)}
              inputMode="numeric"
              autoComplete="postal-code"
              placeholder="6 digits"
              maxLength={6}
              aria-describedby={pinInfoId}
            />
          </Field>
          <p id={pinInfoId} aria-live="polite" className="text-sm text-muted-foreground">
            {pinAnswer?.serviceable ? `${placeOf(pinAnswer)}. ${pinAnswer.message}.` : ""}
          </p>
        </div>
        {text("city", "City", { autoComplete: "address-level2" })}
        <Field label="State / Union territory" error={errors.state || undefined} required>
          <NativeSelect
            name="state"
            value={values.state}
            autoComplete="address-level1"
            onChange={(event) => change("state", event.target.value)}
          >
            <option value="">Choose a state</option>
            {INDIAN_STATES.map((state) => (
              <option key={state} value={state}>
                {state}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <AddressTypeChooser
          types={ADDRESS_TYPES}
          labels={ADDRESS_TYPE_LABELS}
          legend="Label"
          value={values.addressType}
          onChange={(type) => change("addressType", type)}
        />
        {initial.isDefault && intent === "address-edit" ? null : (
          <label className="flex items-center gap-2 text-sm font-medium sm:col-span-2">
            <input
              type="checkbox"
              name="isDefault"
              checked={values.isDefault}
              onChange={(event) => setValues((v) => ({ ...v, isDefault: event.target.checked }))}
              className="size-4 accent-primary"
            />
            Make this my default address
          </label>
        )}
      </div>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" loading={busy} loadingText="Saving…">
          Save address
        </Button>
        <Button asChild variant="ghost">
          <Link
            to="/profile#address-book"
            preventScrollReset
            onClick={(event) => {
              event.preventDefault();
              onDone();
            }}
          >
            Cancel
          </Link>
        </Button>
      </div>
    </fetcher.Form>
  );
}
