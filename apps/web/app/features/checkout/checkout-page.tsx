import {
  ADDRESS_BOOK_MAX,
  ADDRESS_TYPE_LABELS,
  type SavedAddress,
} from "@vastra/contracts/addresses";
import type { Cart } from "@vastra/contracts/cart";
import { COD_MESSAGES } from "@vastra/contracts/cod";
import { ADDRESS_TYPES, INDIAN_STATES, ORDER_MESSAGES, type Order } from "@vastra/contracts/orders";
import { PIN_MESSAGES, PIN_PATTERN } from "@vastra/contracts/pincode-messages";
import {
  CHECKOUT_PAYMENT_LABELS,
  CHECKOUT_PAYMENT_METHODS,
  SHIPPING_MESSAGES,
  type ShippingRules,
} from "@vastra/contracts/shipping";
import { CircleAlert, CircleCheck, Lock, ShoppingBag } from "lucide-react";
import * as React from "react";
import { Form, Link, useFetcher } from "react-router";
import {
  ChargeRows,
  chargesFor,
  FreeShippingNote,
  orderChargesShown,
  type ShownCharges,
} from "~/components/commerce/charge-rows";
import {
  type AppliedCoupon,
  CouponField,
  cartKeyOf,
  clearStoredCoupon,
} from "~/components/commerce/coupon-field";
import { OrderLines } from "~/components/commerce/order-lines";
import { type DeliveryLookup, lookUpDelivery, placeOf } from "~/components/delivery/lookup";
import { readStoredPin, storePin } from "~/components/delivery/pin-storage";
import { PAGE_FRAME, PageHeader } from "~/components/layout/page-header";
import { AddressTypeChooser } from "~/components/ui/address-type-chooser";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { cn } from "~/components/ui/cn";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";
import { useToast } from "~/components/ui/toast";
import { cartQuantity, cartTotal, formatRupees, itemCount } from "~/lib/cart-money";
import {
  addressLine,
  CHECKOUT_FIELDS,
  type CheckoutField,
  type CheckoutValues,
  type FieldErrors,
  initialValues,
  paymentMethodOf,
  validateCheckout,
} from "./form";
import {
  type CheckoutAddressSaved,
  NEW_ADDRESS,
  SaveAddressBox,
  SavedAddressChoice,
  savedNote,
  startingAddress,
  withNewAddress,
  withSavedAddress,
} from "./saved-addresses";
import type { CheckoutResult } from "./types";

export type CheckoutPageProps = {
  user: { name: string; email: string; phone: string | null };
  cart: Cart;
  /** The cart could not be read. */
  failed: boolean;
  /** The answer to a form posted before JavaScript ran. */
  result: CheckoutResult | undefined;
  /** The store's shipping charges and COD fee (record 0036). */
  rules: ShippingRules;
  /** The shopper's saved addresses (record 0040): offered, the default chosen to start with. */
  addresses?: SavedAddress[];
};

/** The fields a saved address fills (record 0040). */
const ADDRESS_PARTS = [
  "streetAddress",
  "apartment",
  "city",
  "state",
  "pincode",
  "country",
  "addressType",
] as const satisfies readonly CheckoutField[];

/** A fresh Idempotency-Key for one checkout attempt. */
function newAttemptKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** The lines as the action needs them (what the shopper saw). */
function shownLines(cart: Cart): string {
  return JSON.stringify(
    cart.map((line) => ({
      productId: line.productId,
      size: line.size,
      quantity: line.quantity,
      price: line.price,
      ...(line.color ? { color: line.color } : {}),
    })),
  );
}

/**
 * /checkout (storefront.md §2 Checkout, §4, §5): the shipping form, the review dialog (Confirm or
 * Cancel), then the confirmation view. The cart is cleared by the server when the order is placed.
 */
export function CheckoutPage({
  user,
  cart,
  failed,
  result,
  rules,
  addresses = [],
}: CheckoutPageProps) {
  const fetcher = useFetcher<CheckoutResult>();
  const placed: Order | undefined =
    (fetcher.data?.ok ? fetcher.data.order : undefined) ?? (result?.ok ? result.order : undefined);

  if (placed) {
    const saved = (fetcher.data?.ok ? fetcher.data : result)?.addressSaved;
    return <Confirmation order={placed} saved={saved} />;
  }
  return (
    <div className={PAGE_FRAME}>
      <PageHeader eyebrow="Almost there" title="Checkout">
        <p>
          Tell us where to deliver. No payment is taken online: our team will contact you about
          payment and delivery after you order.
        </p>
      </PageHeader>
      {failed ? (
        <p
          role="alert"
          className="flex items-center gap-2 rounded-md border border-destructive/30 bg-destructive-soft px-4 py-3 text-sm text-destructive"
        >
          <CircleAlert aria-hidden="true" className="size-4 shrink-0" />
          Failed to load cart. Please refresh the page in a moment.
        </p>
      ) : cart.length === 0 ? (
        <EmptyCheckout />
      ) : (
        <CheckoutForm
          user={user}
          cart={cart}
          result={result}
          fetcher={fetcher}
          rules={rules}
          addresses={addresses}
        />
      )}
    </div>
  );
}

function EmptyCheckout() {
  return (
    <div className="grid justify-items-center gap-4 rounded-lg border border-dashed border-border bg-card px-6 py-14 text-center">
      <span className="grid size-16 place-items-center rounded-full bg-maroon-50 text-primary">
        <ShoppingBag aria-hidden="true" className="size-7" />
      </span>
      <h2 className="font-display text-3xl font-semibold text-foreground">
        {ORDER_MESSAGES.emptyCart}
      </h2>
      <p className="max-w-sm text-muted-foreground">
        Add a piece or two to your cart, then come back here to place your order.
      </p>
      <Button asChild size="lg">
        <Link to="/products">Browse products</Link>
      </Button>
    </div>
  );
}

type CheckoutFetcher = ReturnType<typeof useFetcher<CheckoutResult>>;

function CheckoutForm({
  user,
  cart,
  result,
  fetcher,
  rules,
  addresses,
}: {
  user: CheckoutPageProps["user"];
  cart: Cart;
  result: CheckoutResult | undefined;
  fetcher: CheckoutFetcher;
  rules: ShippingRules;
  addresses: SavedAddress[];
}) {
  const toast = useToast();
  // The address book (record 0040): the default address to start with, or a new one.
  const [choice, setChoice] = React.useState(() => {
    const kept = result?.addressId;
    if (kept && (kept === NEW_ADDRESS || addresses.some((a) => a.id === kept))) return kept;
    return startingAddress(addresses)?.id ?? NEW_ADDRESS;
  });
  const [saveAddress, setSaveAddress] = React.useState(
    () => result?.saveAddress ?? addresses.length === 0,
  );
  const [values, setValues] = React.useState<CheckoutValues>(() => {
    if (result?.values) return result.values;
    const start = startingAddress(addresses);
    return start ? withSavedAddress(initialValues(user), start) : initialValues(user);
  });
  const [errors, setErrors] = React.useState<FieldErrors>(() => result?.errors ?? {});
  const [message, setMessage] = React.useState(() => (result && !result.ok ? result.message : ""));
  const [reviewing, setReviewing] = React.useState(false);
  // Record 0047: the code applied in the cart or here; the order carries it.
  const [coupon, setCoupon] = React.useState<AppliedCoupon | null>(null);
  // A refused order checks the code again (it may have been used up meanwhile).
  const [refusals, setRefusals] = React.useState(0);
  const formRef = React.useRef<HTMLFormElement>(null);
  const alertRef = React.useRef<HTMLDivElement>(null);
  const attempt = React.useRef<{ key: string; body: string } | null>(null);
  const busy = fetcher.state !== "idle";
  const lines = shownLines(cart);
  const pinInfoId = React.useId();
  const pin = values.pincode.trim();
  const [pinCheck, setPinCheck] = React.useState<{ pin: string; result: DeliveryLookup } | null>(
    null,
  );
  /** What the PIN last put in City and State: replaced by the next PIN, unlike what was typed. */
  const autoFilled = React.useRef({ city: "", state: "" });
  /** The form as last rendered, for the PIN's answer that comes later. */
  const typedValues = React.useRef(values);
  React.useEffect(() => {
    typedValues.current = values;
  });

  // The PIN remembered from the delivery check (product page, cart) starts an empty field.
  React.useEffect(() => {
    const stored = readStoredPin();
    if (stored) setValues((v) => (v.pincode ? v : { ...v, pincode: stored }));
  }, []);

  // A whole PIN: where it is fills City and State (unless the shopper typed their own), and
  // whether the store delivers there shows at once.
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
      storePin(pin);
      const typed = typedValues.current;
      const filled = autoFilled.current;
      const fills: Partial<CheckoutValues> = {};
      if (district && (typed.city.trim() === "" || typed.city === filled.city)) {
        fills.city = district;
      }
      if (state && (typed.state === "" || typed.state === filled.state)) fills.state = state.name;
      autoFilled.current = { city: fills.city ?? filled.city, state: fills.state ?? filled.state };
      if (!fills.city && !fills.state) return;
      setValues((v) => ({ ...v, ...fills }));
      setErrors((e) => ({
        ...e,
        ...(fills.city ? { city: undefined } : {}),
        ...(fills.state ? { state: undefined } : {}),
      }));
    });
    return () => {
      current = false;
    };
  }, [pin]);

  const pinAnswer = pinCheck?.pin === pin && pinCheck.result.ok ? pinCheck.result.check : null;
  // The store does not deliver there: said at the field before the order is reviewed.
  const pinProblem = pinAnswer && !pinAnswer.serviceable ? pinAnswer.message : undefined;
  // Cash on delivery only where the PIN allows it and up to the store's cap (record 0038; the
  // server refuses it anyway).
  const codRefused =
    pinAnswer?.serviceable && !pinAnswer.codAvailable
      ? SHIPPING_MESSAGES.codNotAvailable(pinAnswer.pin)
      : chargesFor(cartTotal(cart), rules, "cash_on_delivery", coupon).total >
          rules.codMaxOrderRupees
        ? COD_MESSAGES.codOverCap(rules.codMaxOrderRupees)
        : undefined;
  const method = paymentMethodOf(values);
  const charges = chargesFor(cartTotal(cart), rules, method, coupon);

  const focusFirstError = React.useCallback((fieldErrors: FieldErrors) => {
    const first = CHECKOUT_FIELDS.find((name) => fieldErrors[name]);
    if (!first) return false;
    const control = formRef.current?.elements.namedItem(first);
    if (control instanceof HTMLElement) control.focus();
    else if (control instanceof RadioNodeList) (control[0] as HTMLElement | undefined)?.focus();
    return true;
  }, []);

  // The order's answer: a refusal closes the dialog and shows where the problem is; what was
  // typed stays in the form.
  React.useEffect(() => {
    const answer = fetcher.data;
    if (!answer || answer.ok || fetcher.state !== "idle") return;
    setReviewing(false);
    setRefusals((n) => n + 1);
    setErrors(answer.errors);
    setMessage(answer.message);
    if (answer.message) toast.error(answer.message);
    // After the dialog has given focus back.
    requestAnimationFrame(() => {
      if (!focusFirstError(answer.errors)) alertRef.current?.focus();
    });
  }, [fetcher.data, fetcher.state, toast, focusFirstError]);

  /** A saved address (its recipient too) fills the form; "new" empties the address for typing. */
  const choose = (next: string) => {
    const saved = addresses.find((a) => a.id === next);
    setChoice(saved ? saved.id : NEW_ADDRESS);
    setValues((v) => (saved ? withSavedAddress(v, saved) : withNewAddress(v)));
    autoFilled.current = { city: "", state: "" };
    setErrors((e) => {
      const rest = { ...e };
      for (const name of ADDRESS_PARTS) delete rest[name];
      if (saved) {
        delete rest.name;
        delete rest.phone;
      }
      return rest;
    });
  };
  // What stops a saved address, said beside it (its fields are not on screen).
  const chosenProblem =
    choice === NEW_ADDRESS
      ? undefined
      : (ADDRESS_PARTS.map((name) => errors[name]).find(Boolean) ?? pinProblem);

  const change = (name: CheckoutField, value: string) => {
    const next = { ...values, [name]: value };
    setValues(next);
    // A field that was marked is checked again as it is corrected.
    if (errors[name]) {
      const fresh = validateCheckout(next);
      setErrors((current) => ({ ...current, [name]: fresh[name] }));
    }
  };

  const openReview = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const found = validateCheckout(values);
    if (!found.pincode && pinProblem) found.pincode = pinProblem;
    if (method === "cash_on_delivery" && codRefused) found.paymentMethod = codRefused;
    setErrors(found);
    setMessage("");
    if (Object.keys(found).length > 0) {
      focusFirstError(found);
      return;
    }
    setReviewing(true);
  };

  const confirm = () => {
    if (busy) return;
    // One key per attempt: the same details and cart keep it (a retried or doubled submit is
    // answered with the first order); anything changed makes a new attempt.
    const body = JSON.stringify({ values, lines, total: charges.total, coupon: coupon?.code });
    if (attempt.current?.body !== body) attempt.current = { key: newAttemptKey(), body };
    const form = new FormData();
    for (const name of CHECKOUT_FIELDS) form.set(name, values[name] ?? "");
    form.set("intent", "place");
    form.set("lines", lines);
    form.set("shownTotal", String(charges.total));
    if (coupon) form.set("couponCode", coupon.code);
    form.set("idempotencyKey", attempt.current.key);
    form.set("addressId", choice);
    if (choice === NEW_ADDRESS && saveAddress) form.set("saveAddress", "on");
    void fetcher.submit(form, { method: "post" });
  };

  const text = (
    name: CheckoutField,
    label: string,
    props: React.ComponentProps<typeof Input> = {},
    required = true,
  ) => (
    <Field label={label} error={errors[name]} required={required}>
      <Input
        name={name}
        value={values[name]}
        onChange={(event) => change(name, event.target.value)}
        {...props}
      />
    </Field>
  );

  const noScriptReview = result?.intent === "review" && result.ok ? result : undefined;

  return (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_24rem] lg:gap-10">
      <div className="grid gap-6">
        {noScriptReview ? (
          <NoScriptReview
            values={noScriptReview.values}
            cart={cart}
            lines={lines}
            charges={chargesFor(cartTotal(cart), rules, paymentMethodOf(noScriptReview.values))}
            idempotencyKey={noScriptReview.idempotencyKey ?? ""}
            addressId={noScriptReview.addressId ?? NEW_ADDRESS}
            saveAddress={noScriptReview.saveAddress ?? false}
          />
        ) : null}
        <div
          ref={alertRef}
          tabIndex={-1}
          role="alert"
          className="outline-none empty:hidden"
          aria-live="assertive"
        >
          {message ? (
            <p className="flex items-start gap-2 rounded-md border border-destructive/30 bg-destructive-soft px-4 py-3 text-sm font-medium text-destructive">
              <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              {message}
            </p>
          ) : null}
        </div>
        <Form
          ref={formRef}
          method="post"
          noValidate
          onSubmit={openReview}
          aria-label="Shipping details"
          className="grid gap-6"
        >
          <Card className="gap-5 p-5 sm:p-6">
            <h2 className="font-display text-2xl leading-tight font-semibold">Contact details</h2>
            <div className="grid gap-4 sm:grid-cols-2">
              <div className="sm:col-span-2">
                {text("name", "Full name", { autoComplete: "name", maxLength: 100 })}
              </div>
              {text("email", "Email", { type: "email", autoComplete: "email", spellCheck: false })}
              {text("phone", "Mobile number", {
                type: "tel",
                autoComplete: "tel-national",
                inputMode: "tel",
                placeholder: "98765 43210",
              })}
            </div>
          </Card>
          <Card className="group/address gap-5 p-5 sm:p-6">
            <h2 className="font-display text-2xl leading-tight font-semibold">Shipping address</h2>
            {addresses.length > 0 ? (
              <SavedAddressChoice addresses={addresses} choice={choice} onChoose={choose} />
            ) : null}
            {choice !== NEW_ADDRESS ? (
              <div className="grid gap-1">
                <p aria-live="polite" className="text-sm text-muted-foreground">
                  {pinAnswer?.serviceable ? `${placeOf(pinAnswer)}. ${pinAnswer.message}.` : ""}
                </p>
                {chosenProblem ? (
                  <p className="text-sm font-medium text-destructive">
                    {chosenProblem} Please choose another address or deliver to a new one.
                  </p>
                ) : null}
              </div>
            ) : null}
            {/* A new address's fields; behind a saved address's radio they show when "new" is
                checked, with or without JavaScript. */}
            <div
              className={cn(
                "grid gap-4 sm:grid-cols-2",
                addresses.length > 0 &&
                  "hidden group-has-[input[name=addressId][value=new]:checked]/address:grid",
              )}
            >
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
                <Field label="Pincode" error={errors.pincode ?? pinProblem} required>
                  <Input
                    name="pincode"
                    value={values.pincode}
                    onChange={(event) => change("pincode", event.target.value)}
                    inputMode="numeric"
                    autoComplete="postal-code"
                    placeholder="6 digits"
                    aria-describedby={pinInfoId}
                  />
                </Field>
                <p id={pinInfoId} aria-live="polite" className="text-sm text-muted-foreground">
                  {pinAnswer?.serviceable
                    ? [
                        placeOf(pinAnswer),
                        pinAnswer.message,
                        pinAnswer.codAvailable
                          ? PIN_MESSAGES.codAvailable
                          : PIN_MESSAGES.codUnavailable,
                      ]
                        .filter(Boolean)
                        .join(". ")
                        .concat(".")
                    : ""}
                </p>
              </div>
              {text("city", "City", { autoComplete: "address-level2" })}
              <Field label="State / Union territory" error={errors.state} required>
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
              <Field
                label="Country"
                error={errors.country}
                required
                hint="We deliver within India only."
              >
                <NativeSelect
                  name="country"
                  value={values.country}
                  autoComplete="country-name"
                  onChange={(event) => change("country", event.target.value)}
                >
                  <option value="India">India</option>
                </NativeSelect>
              </Field>
              <AddressTypeChooser
                types={ADDRESS_TYPES}
                labels={ADDRESS_TYPE_LABELS}
                legend="Address type"
                value={values.addressType}
                onChange={(type) => change("addressType", type)}
              />
              <SaveAddressBox
                checked={saveAddress}
                full={addresses.length >= ADDRESS_BOOK_MAX}
                onChange={setSaveAddress}
              />
            </div>
            {/* Not part of the address: shown whichever address is chosen. */}
            <div className="grid gap-4 sm:grid-cols-2">
              <Field
                label="GSTIN (optional)"
                error={errors.buyerGstin}
                hint="For a business purchase: printed on your tax invoice. It must be registered in the delivery state."
                className="sm:col-span-2"
              >
                <Input
                  name="buyerGstin"
                  value={values.buyerGstin ?? ""}
                  maxLength={20}
                  autoCapitalize="characters"
                  spellCheck={false}
                  className="font-mono uppercase"
                  onChange={(event) => change("buyerGstin", event.target.value)}
                />
              </Field>
            </div>
          </Card>
          <PaymentChoice
            method={method}
            codFee={rules.codFeeRupees}
            codRefused={codRefused}
            error={errors.paymentMethod}
            onChange={(value) => change("paymentMethod", value)}
          />
          <input type="hidden" name="lines" value={lines} />
          <input type="hidden" name="shownTotal" value={String(charges.total)} />
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
            <Button asChild variant="link">
              <Link to="/cart">Back to cart</Link>
            </Button>
            <Button type="submit" name="intent" value="review" size="lg">
              Review order
            </Button>
          </div>
        </Form>
      </div>
      <CheckoutSummary
        cart={cart}
        charges={charges}
        rules={rules}
        coupon={<CouponField cartKey={`${cartKeyOf(cart)}#${refusals}`} onChange={setCoupon} />}
      />
      <ReviewDialog
        open={reviewing}
        onOpenChange={(open) => {
          if (!busy) setReviewing(open);
        }}
        values={values}
        cart={cart}
        charges={charges}
        busy={busy}
        onConfirm={confirm}
      />
    </div>
  );
}

/**
 * How the shopper pays (record 0036): UPI when the store gets in touch, or cash on delivery with
 * its fee, offered only where the PIN allows it.
 */
function PaymentChoice({
  method,
  codFee,
  codRefused,
  error,
  onChange,
}: {
  method: string;
  codFee: number;
  codRefused: string | undefined;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  const errorId = React.useId();
  const hints: Record<(typeof CHECKOUT_PAYMENT_METHODS)[number], string> = {
    upi: "No payment now. We contact you and you pay by UPI (a QR code and link on your order page).",
    cash_on_delivery:
      codFee > 0
        ? `Pay in cash when the parcel arrives; adds ${formatRupees(codFee)}.`
        : "Pay in cash when the parcel arrives.",
  };
  return (
    <Card className="gap-4 p-5 sm:p-6">
      <fieldset
        className="grid gap-3"
        aria-describedby={error ? errorId : undefined}
        aria-invalid={error ? true : undefined}
      >
        <legend className="mb-2 font-display text-xl font-semibold">Payment</legend>
        {CHECKOUT_PAYMENT_METHODS.map((value) => {
          const disabled = value === "cash_on_delivery" && Boolean(codRefused);
          return (
            <label
              key={value}
              className={cn(
                "flex cursor-pointer items-start gap-3 rounded-md border p-3 text-sm transition-colors",
                "has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring",
                method === value
                  ? "border-primary bg-maroon-50"
                  : "border-input bg-card hover:border-foreground/60",
                disabled && "cursor-not-allowed opacity-60",
              )}
            >
              <input
                type="radio"
                name="paymentMethod"
                value={value}
                checked={method === value}
                disabled={disabled}
                onChange={() => onChange(value)}
                className="mt-0.5 size-4 accent-primary"
              />
              <span className="grid gap-0.5">
                <span className="font-medium text-foreground">
                  {CHECKOUT_PAYMENT_LABELS[value]}
                </span>
                <span className="text-muted-foreground">
                  {disabled ? codRefused : hints[value]}
                </span>
              </span>
            </label>
          );
        })}
        {error ? (
          <p id={errorId} className="text-sm font-medium text-destructive">
            {error}
          </p>
        ) : null}
      </fieldset>
    </Card>
  );
}

function CheckoutSummary({
  cart,
  charges,
  rules,
  coupon,
}: {
  cart: Cart;
  charges: ShownCharges;
  rules: ShippingRules;
  /** The coupon field (record 0047). */
  coupon?: React.ReactNode;
}) {
  return (
    <Card className="gap-4 p-5 sm:p-6 lg:sticky lg:top-28">
      <h2 className="font-display text-2xl leading-tight font-semibold">Your order</h2>
      <OrderLines items={cart} label="Items in your order" />
      <div className="grid gap-2 border-t border-border pt-3">
        <div className="flex justify-between gap-4 text-sm">
          <span className="text-muted-foreground">Items</span>
          <span className="tabular-nums">{cartQuantity(cart)}</span>
        </div>
        <ChargeRows charges={charges} totalTestId="checkout-total" />
      </div>
      {coupon}
      <FreeShippingNote subtotal={charges.subtotal - (charges.discount ?? 0)} rules={rules} />
      <p className="flex items-center gap-2 text-xs text-muted-foreground">
        <Lock aria-hidden="true" className="size-3.5" />
        {ORDER_MESSAGES.contactAboutPayment}
      </p>
    </Card>
  );
}

/** What the shopper confirms: where it goes, what it is, what it costs. */
function ReviewDetails({
  values,
  cart,
  charges,
}: {
  values: CheckoutValues;
  cart: Cart;
  charges: ShownCharges;
}) {
  const address = addressLine({
    streetAddress: values.streetAddress.trim(),
    apartment: values.apartment.trim(),
    city: values.city.trim(),
    state: values.state,
    pincode: values.pincode.trim(),
    country: values.country || "India",
  });
  return (
    <div className="grid gap-5 text-sm">
      <section aria-labelledby="review-deliver" className="grid gap-1">
        <h3
          id="review-deliver"
          className="text-xs font-semibold tracking-wider text-gold-800 uppercase"
        >
          Deliver to (
          {ADDRESS_TYPE_LABELS[values.addressType as keyof typeof ADDRESS_TYPE_LABELS] ?? "Home"})
        </h3>
        <p className="font-medium text-foreground">{values.name.trim()}</p>
        <p className="text-muted-foreground [overflow-wrap:anywhere]">{address}</p>
        <p className="text-muted-foreground [overflow-wrap:anywhere]">
          {values.phone.trim()} · {values.email.trim()}
        </p>
        {values.buyerGstin?.trim() ? (
          <p className="text-muted-foreground">
            GSTIN:{" "}
            <span className="font-mono text-foreground">
              {values.buyerGstin.trim().toUpperCase()}
            </span>
          </p>
        ) : null}
      </section>
      <section aria-labelledby="review-items" className="grid gap-3">
        <h3
          id="review-items"
          className="text-xs font-semibold tracking-wider text-gold-800 uppercase"
        >
          {itemCount(cartQuantity(cart))}
        </h3>
        <OrderLines items={cart} />
      </section>
      <p className="text-muted-foreground">
        Payment:{" "}
        <span className="font-medium text-foreground">
          {CHECKOUT_PAYMENT_LABELS[paymentMethodOf(values)]}
        </span>
      </p>
      <ChargeRows charges={charges} className="border-t border-border pt-3" />
    </div>
  );
}

function ReviewDialog({
  open,
  onOpenChange,
  values,
  cart,
  charges,
  busy,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  values: CheckoutValues;
  cart: Cart;
  charges: ShownCharges;
  busy: boolean;
  onConfirm: () => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent hideClose={busy} className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>Review your order</DialogTitle>
          <DialogDescription>
            Please check your details. {ORDER_MESSAGES.contactAboutPayment}
          </DialogDescription>
        </DialogHeader>
        <ReviewDetails values={values} cart={cart} charges={charges} />
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={busy}>
              Cancel
            </Button>
          </DialogClose>
          <Button onClick={onConfirm} loading={busy} loadingText="Placing order…">
            Confirm order
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** The review as a plain page section, for a form posted before JavaScript ran. */
function NoScriptReview({
  values,
  cart,
  lines,
  charges,
  idempotencyKey,
  addressId,
  saveAddress,
}: {
  values: CheckoutValues;
  cart: Cart;
  lines: string;
  charges: ShownCharges;
  /** Made by the action for this review: its Confirm places one order however often it is sent. */
  idempotencyKey: string;
  /** The saved address chosen, and whether a new one is saved (record 0040). */
  addressId: string;
  saveAddress: boolean;
}) {
  return (
    <Card className="gap-5 border-primary/40 p-5 sm:p-6">
      <h2 className="font-display text-2xl leading-tight font-semibold">Review your order</h2>
      <ReviewDetails values={values} cart={cart} charges={charges} />
      <Form method="post" className="flex flex-wrap justify-end gap-3">
        {CHECKOUT_FIELDS.map((name) => (
          <input key={name} type="hidden" name={name} value={values[name]} />
        ))}
        <input type="hidden" name="lines" value={lines} />
        <input type="hidden" name="shownTotal" value={String(charges.total)} />
        <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
        <input type="hidden" name="addressId" value={addressId} />
        {saveAddress ? <input type="hidden" name="saveAddress" value="on" /> : null}
        <Button type="submit" name="intent" value="place">
          Confirm order
        </Button>
      </Form>
    </Card>
  );
}

/** After the order: its number, the e-mail promise and the two ways on (storefront.md §2, §8). */
function Confirmation({
  order,
  saved,
}: {
  order: Order;
  /** What became of "Save to my address book" (record 0040). */
  saved?: CheckoutAddressSaved | undefined;
}) {
  const toast = useToast();
  const headingRef = React.useRef<HTMLHeadingElement>(null);
  React.useEffect(() => {
    // Record 0047: the code went with the order.
    clearStoredCoupon();
    window.scrollTo({ top: 0 });
    headingRef.current?.focus();
    toast.success(ORDER_MESSAGES.placedToast);
  }, [toast]);
  return (
    <div className={cn(PAGE_FRAME, "max-w-3xl")}>
      <Card className="items-center gap-5 px-5 py-10 text-center sm:px-10">
        <span className="grid size-16 place-items-center rounded-full bg-success-soft text-success">
          <CircleCheck aria-hidden="true" className="size-8" />
        </span>
        <div className="grid gap-2">
          <p className="text-xs font-semibold tracking-[0.28em] text-gold-700 uppercase">
            Thank you, {order.user.name}
          </p>
          <h1
            ref={headingRef}
            tabIndex={-1}
            className="font-display text-3xl leading-tight font-semibold text-primary outline-none sm:text-4xl"
          >
            {ORDER_MESSAGES.placedToast}
          </h1>
          <p className="text-muted-foreground">
            Your order number is{" "}
            <strong className="font-semibold text-foreground" data-testid="order-number">
              {order.orderNumber}
            </strong>
            . {ORDER_MESSAGES.contactAboutPayment}
          </p>
          {savedNote(saved) ? (
            <p className="text-sm text-muted-foreground" data-testid="address-saved-note">
              {savedNote(saved)}
            </p>
          ) : null}
        </div>
        <div className="grid w-full max-w-md gap-3 rounded-lg border border-border bg-background p-4 text-left">
          <OrderLines items={order.items} label="Items you ordered" />
          <ChargeRows charges={orderChargesShown(order)} className="border-t border-border pt-3" />
        </div>
        <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
          <Button asChild size="lg">
            <Link to="/orders">View my orders</Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to="/products">Continue shopping</Link>
          </Button>
        </div>
      </Card>
    </div>
  );
}
