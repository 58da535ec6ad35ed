/**
 * The delivery check's working part, loaded apart from the page (record 0029's script budget):
 * when the shopper reaches the box (focus, pointer, a submit) or a PIN is remembered. It checks
 * the PIN, calls the API, remembers the PIN and draws the answer.
 */
import type { DeliveryCheck } from "@vastra/contracts/pincode";
import { PIN_MESSAGES, PIN_PATTERN } from "@vastra/contracts/pincode-messages";
import { Banknote, CircleAlert, MapPin } from "lucide-react";
import { lookUpDelivery, placeOf } from "~/components/delivery/lookup";
import { readStoredPin, storePin } from "~/components/delivery/pin-storage";
import { cn } from "~/components/ui/cn";

export { readStoredPin };

export type CheckState =
  | { kind: "idle" }
  | { kind: "checking" }
  | { kind: "answer"; check: DeliveryCheck }
  | { kind: "problem"; message: string; invalid?: boolean };

/** The answer for what was typed: a malformed PIN is said at once, without asking the store. */
export async function checkPin(typed: string): Promise<CheckState> {
  const pin = typed.trim();
  if (!PIN_PATTERN.test(pin))
    return { kind: "problem", message: PIN_MESSAGES.invalid, invalid: true };
  const result = await lookUpDelivery(pin);
  if (!result.ok) return { kind: "problem", message: result.message };
  if (result.check.known) storePin(pin);
  return { kind: "answer", check: result.check };
}

const problem = (message: string) => (
  <p className="flex items-start gap-1.5 font-medium text-destructive">
    <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
    {message}
  </p>
);

/** Where the PIN is, the promised day and cash on delivery; or why there is no delivery. */
export function Answer({ state }: { state: CheckState }) {
  if (state.kind === "problem") return problem(state.message);
  if (state.kind !== "answer") return null;
  const { check } = state;
  const place = placeOf(check);
  return (
    <div className="grid gap-1.5">
      {place ? (
        <p className="flex items-start gap-1.5 text-muted-foreground">
          <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>
            {check.pin}: {place}
          </span>
        </p>
      ) : null}
      {check.serviceable ? (
        <>
          <p className="font-semibold text-foreground" data-testid="delivery-by">
            {check.message}
          </p>
          <p
            className={cn(
              "flex items-start gap-1.5",
              check.codAvailable ? "text-success" : "text-muted-foreground",
            )}
          >
            <Banknote aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {check.codAvailable ? PIN_MESSAGES.codAvailable : PIN_MESSAGES.codUnavailable}
          </p>
        </>
      ) : (
        problem(check.message)
      )}
    </div>
  );
}
