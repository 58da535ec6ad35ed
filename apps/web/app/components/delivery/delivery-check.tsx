import { Truck } from "lucide-react";
import * as React from "react";
import type { CheckState } from "~/components/delivery/delivery-answer";
import { PIN_STORAGE_KEY } from "~/components/delivery/pin-key";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { Input } from "~/components/ui/input";

type Working = typeof import("~/components/delivery/delivery-answer");
let loading: Promise<Working> | undefined;
/** The working part (delivery-answer.tsx), fetched once, when first needed. */
const loadWorking = () => {
  loading ??= import("~/components/delivery/delivery-answer");
  return loading;
};

/** Whether this browser remembers a PIN (without loading the working part to find out). */
function remembersPin(): boolean {
  try {
    return Boolean(window.localStorage.getItem(PIN_STORAGE_KEY));
  } catch {
    return false;
  }
}

/**
 * "Check delivery" (issue #14) on the product page and the cart: the shopper types a PIN code
 * and reads where it is, the day an order placed now arrives, and whether cash on delivery is
 * offered there; the answer is announced (aria-live). The last PIN is remembered in this browser
 * and answered for at once on the next page (the checkout starts from it too).
 *
 * Only the form is part of the page's script; what checks and draws the answer loads when the
 * shopper reaches the box (focus, pointer, submit) or when a PIN is remembered.
 */
export function DeliveryCheck({ className }: { className?: string }) {
  const id = React.useId();
  const [pin, setPin] = React.useState("");
  const [state, setState] = React.useState<CheckState>({ kind: "idle" });
  const [working, setWorking] = React.useState<Working | null>(null);
  const latest = React.useRef(0);

  const prepare = React.useCallback(() => {
    void loadWorking().then(setWorking, () => {});
  }, []);

  const check = React.useCallback(async (value: string) => {
    const call = ++latest.current;
    setState({ kind: "checking" });
    let next: CheckState;
    try {
      const w = await loadWorking();
      setWorking(w);
      next = await w.checkPin(value);
    } catch {
      // The working part did not load (offline?). PIN_MESSAGES.checkFailed's text, not imported:
      // its object's other texts would join the page's script.
      next = {
        kind: "problem",
        message: "We could not check delivery just now. Please try again.",
      };
    }
    if (call === latest.current) setState(next);
  }, []);

  // A remembered PIN is answered for again (the promise moves with the clock and the cut-off).
  React.useEffect(() => {
    if (!remembersPin()) return;
    void loadWorking().then((w) => {
      setWorking(w);
      const stored = w.readStoredPin();
      if (!stored) return;
      setPin(stored);
      void check(stored);
    });
  }, [check]);

  return (
    <section
      aria-labelledby={`${id}-heading`}
      className={cn("grid gap-3 rounded-lg border border-border bg-card p-4 shadow-xs", className)}
      onFocus={prepare}
      onPointerEnter={prepare}
    >
      <h2
        id={`${id}-heading`}
        className="flex items-center gap-2 font-display text-xl leading-tight font-semibold text-foreground"
      >
        <Truck aria-hidden="true" className="size-5 text-gold-700" />
        Check delivery
      </h2>
      <form
        noValidate
        className="grid gap-1.5"
        onSubmit={(event) => {
          event.preventDefault();
          void check(pin);
        }}
      >
        <label htmlFor={`${id}-pin`} className="text-sm font-medium text-foreground">
          PIN code
        </label>
        <div className="flex gap-2">
          <Input
            id={`${id}-pin`}
            name="pin"
            value={pin}
            onChange={(event) => setPin(event.target.value.replace(/\D/g, "").slice(0, 6))}
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={6}
            placeholder="6 digits, e.g. 560001"
            aria-describedby={`${id}-answer`}
            aria-invalid={(state.kind === "problem" && state.invalid) || undefined}
            className="min-w-0 flex-1 tabular-nums"
          />
          <Button
            type="submit"
            variant="outline"
            loading={state.kind === "checking"}
            loadingText="Checking…"
          >
            Check
          </Button>
        </div>
      </form>
      <div id={`${id}-answer`} aria-live="polite" className="text-sm empty:hidden">
        {working ? <working.Answer state={state} /> : null}
      </div>
    </section>
  );
}
