/**
 * The cart's and the checkout's coupon field (issue #15, record 0047): "Coupon code" + Apply, the
 * server's message when a code cannot be used, and once applied the code, what it gives and a
 * Remove button. The applied code is kept in this browser tab (sessionStorage) so the checkout
 * takes the code applied in the cart; it is checked again against the cart whenever the cart
 * (or the payment method) changes, and the order carries it to the server, which checks it once
 * more in the order's own transaction.
 */
import type { CouponQuote } from "@vastra/contracts/coupons";
import { TicketPercent, X } from "lucide-react";
import * as React from "react";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { ApiError, apiJson, browserFetch } from "~/lib/api";

const STORAGE_KEY = "vastra.coupon";
const FAILED = "We could not check this code just now. Please try again.";

/** What the summary needs of an applied code: the code and the rupees off the items. */
export type AppliedCoupon = { code: string; discount: number; summary: string };

export function storedCouponCode(): string {
  try {
    return window.sessionStorage.getItem(STORAGE_KEY) ?? "";
  } catch {
    return "";
  }
}

function storeCode(code: string | null) {
  try {
    if (code) window.sessionStorage.setItem(STORAGE_KEY, code);
    else window.sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage refused (private mode): the code still applies on this page.
  }
}

/** The cart's lines and quantities in one string: an applied code is checked again when it changes. */
export const cartKeyOf = (
  cart: ReadonlyArray<{
    productId: string;
    size: string;
    color?: string | undefined;
    quantity: number;
  }>,
) => cart.map((l) => `${l.productId}:${l.size}:${l.color ?? ""}:${l.quantity}`).join("|");

/** Forgets the applied code (after the order is placed). */
export function clearStoredCoupon() {
  storeCode(null);
}

export function CouponField({
  cartKey,
  onChange,
}: {
  /** Changes whenever the cart's lines change: the applied code is checked again. */
  cartKey: string;
  onChange: (applied: AppliedCoupon | null) => void;
}) {
  const [code, setCode] = React.useState("");
  const [applied, setApplied] = React.useState<AppliedCoupon | null>(null);
  const [error, setError] = React.useState<string | null>(null);
  const [busy, setBusy] = React.useState(false);
  const input = React.useRef<HTMLInputElement>(null);
  const onChangeRef = React.useRef(onChange);
  React.useEffect(() => {
    onChangeRef.current = onChange;
  });

  const check = React.useCallback(async (text: string, quiet: boolean) => {
    setBusy(true);
    try {
      const quote = await apiJson<CouponQuote>(browserFetch, "/api/coupons/check", {
        method: "POST",
        body: { code: text },
        fallback: FAILED,
      });
      const next = { code: quote.code, discount: quote.discountAmount, summary: quote.summary };
      setApplied(next);
      setError(null);
      setCode("");
      storeCode(quote.code);
      onChangeRef.current(next);
    } catch (e) {
      setApplied(null);
      onChangeRef.current(null);
      if (e instanceof ApiError && e.status === 400) storeCode(null);
      setCode(text);
      setError(e instanceof ApiError ? e.message : FAILED);
      if (!quiet) input.current?.focus();
    } finally {
      setBusy(false);
    }
  }, []);

  // The code applied earlier (in the cart, or before the cart changed) is checked again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: cartKey is the trigger
  React.useEffect(() => {
    const stored = storedCouponCode();
    if (stored) void check(stored, true);
  }, [cartKey, check]);

  const apply = (event: React.FormEvent) => {
    event.preventDefault();
    const text = code.trim();
    if (!text) {
      setError("Please enter a coupon code.");
      input.current?.focus();
      return;
    }
    void check(text, false);
  };

  const remove = () => {
    storeCode(null);
    setApplied(null);
    setError(null);
    onChangeRef.current(null);
    requestAnimationFrame(() => input.current?.focus());
  };

  if (applied) {
    return (
      <div
        className="flex items-center justify-between gap-3 rounded-md border border-success/30 bg-success-soft px-3 py-2.5 text-sm"
        data-testid="applied-coupon"
      >
        <p className="flex min-w-0 items-start gap-2 text-success" role="status">
          <TicketPercent aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>
            Code <span className="font-mono font-semibold">{applied.code}</span> applied:{" "}
            {applied.summary}
          </span>
        </p>
        <Button
          type="button"
          size="sm"
          variant="ghost"
          onClick={remove}
          aria-label={`Remove code ${applied.code}`}
        >
          <X aria-hidden="true" />
          Remove
        </Button>
      </div>
    );
  }

  // Not a <form>: the checkout's own form is around it.
  return (
    <div className="flex items-start gap-2">
      <Field label="Coupon code" error={error} className="flex-1">
        <Input
          ref={input}
          name="couponEntry"
          value={code}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={64}
          onChange={(e) => {
            setCode(e.target.value);
            if (error) setError(null);
          }}
          onKeyDown={(e) => {
            if (e.key === "Enter") apply(e);
          }}
        />
      </Field>
      <Button type="button" variant="outline" className="mt-7" loading={busy} onClick={apply}>
        Apply
      </Button>
    </div>
  );
}
