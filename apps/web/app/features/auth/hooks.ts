import { CODE_TTL_SECONDS } from "@vastra/contracts/auth";
import * as React from "react";
import { useLocation, useNavigation } from "react-router";
import { useToast } from "~/components/ui/toast";

/** Seconds as m:ss ("9:05", "0:00"). */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

/**
 * Seconds left of a code's life, counting down from `seconds` whenever `restartKey` changes (a new
 * code went out). The first render shows the full time on server and browser alike (no hydration
 * mismatch); the ticking starts in the browser.
 */
export function useCountdown(restartKey: unknown, seconds: number = CODE_TTL_SECONDS): number {
  const [left, setLeft] = React.useState(seconds);
  // biome-ignore lint/correctness/useExhaustiveDependencies: restartKey restarts the countdown
  React.useEffect(() => {
    const deadline = Date.now() + seconds * 1000;
    setLeft(seconds);
    const timer = window.setInterval(() => {
      const remaining = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
      setLeft(remaining);
      if (remaining === 0) window.clearInterval(timer);
    }, 250);
    return () => window.clearInterval(timer);
  }, [restartKey, seconds]);
  return left;
}

/**
 * Calls `handle` once for each new action result (not for the one the page was rendered with:
 * that one is already on screen).
 */
export function useOnNewResult<T>(result: T | undefined, handle: (result: T) => void): void {
  const seen = React.useRef(result);
  const latest = React.useRef(handle);
  latest.current = handle;
  React.useEffect(() => {
    if (result === undefined || result === seen.current) return;
    seen.current = result;
    latest.current(result);
  }, [result]);
}

/**
 * Focuses `ref` whenever `value` changes after the first render: the heading of a new step, so
 * keyboard and screen-reader users start at its top.
 */
export function useFocusOnChange(value: unknown, ref: React.RefObject<HTMLElement | null>): void {
  const first = React.useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the step changes
  React.useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    ref.current?.focus();
  }, [value]);
}

/**
 * Shows `message` as a success toast when a form of this page (one of `intents`) was accepted and
 * its action sent the browser elsewhere: the redirect is how these actions say "done".
 */
export function useRedirectToast(intents: readonly string[], message: string): void {
  const navigation = useNavigation();
  const location = useLocation();
  const { success } = useToast();
  // One toast per submission, however many redirects the landing takes (/products → / …).
  const shown = React.useRef<FormData | null>(null);
  React.useEffect(() => {
    if (navigation.state !== "loading" || !navigation.formData || !navigation.formAction) return;
    const intent = navigation.formData.get("intent");
    if (typeof intent !== "string" || !intents.includes(intent)) return;
    const from = new URL(navigation.formAction, window.location.origin).pathname;
    if (from !== location.pathname) return;
    // Loading the same page again is the revalidation after a refused form, not a redirect.
    if (navigation.location.pathname === location.pathname) return;
    if (shown.current === navigation.formData) return;
    shown.current = navigation.formData;
    success(message);
  }, [navigation, location.pathname, intents, message, success]);
}

/** Focuses a form's field by name and scrolls it clear of the fixed header. */
export function focusField(form: HTMLFormElement | null, name: string): void {
  const element = form?.elements.namedItem(name);
  if (element instanceof HTMLElement) {
    element.focus({ preventScroll: true });
    element.scrollIntoView({ block: "center" });
  }
}

/** Keeps only digits, at most `max` (phone numbers, codes), as the shopper types or pastes. */
export function keepDigits(max: number) {
  return (event: React.ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const clean = input.value.replace(/\D/g, "").slice(0, max);
    if (clean !== input.value) input.value = clean;
  };
}

/** The clicked submit button's value for `name` ("intent"), if any. */
export function submitterValue(event: React.FormEvent<HTMLFormElement>, name = "intent"): string {
  const submitter = (event.nativeEvent as SubmitEvent).submitter;
  if (submitter instanceof HTMLButtonElement && submitter.name === name) return submitter.value;
  const field = event.currentTarget.elements.namedItem(name);
  return field instanceof HTMLInputElement ? field.value : "";
}
