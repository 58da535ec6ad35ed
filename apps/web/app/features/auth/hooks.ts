import { CODE_TTL_SECONDS } from "@vastra/contracts/auth";
import * as React from "react";
import { useLocation, useNavigation } from "react-router";
import { useToast } from "~/components/ui/toast";
import type { AuthResult, FieldErrors } from "./types";
import { firstInvalid } from "./validation";

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
 * A code step's timer: seconds left of the code sent at `sentAt`, whether it has run out, and the
 * line for the step's live region once it has.
 */
export function useCodeTimer(sentAt: unknown, seconds: number = CODE_TTL_SECONDS) {
  const left = useCountdown(sentAt, seconds);
  const expired = left === 0;
  const [live, setLive] = React.useState("");
  React.useEffect(() => {
    setLive(expired ? "The code has expired. You can now request a new code." : "");
  }, [expired]);
  return { left, expired, live };
}

/**
 * A code step's state (the sign-up code, the reset code): its form's messages, the countdown of
 * the code sent at `codeSentAt` (restarted by a resend), the intent being sent, and the handling
 * of `own`, the latest answer to the step's forms: accepted toasts, refused shows its messages on
 * `fields`. `onSubmit` checks the form with `validate`, except for the "resend" button.
 */
export function useCodeStep(
  own: AuthResult | undefined,
  codeSentAt: number,
  fields: readonly string[],
  validate: (form: FormData) => FieldErrors,
  /** The life left of the code at `codeSentAt` when it is not a new one (record 0035). */
  codeLeftSeconds: number = CODE_TTL_SECONDS,
) {
  const navigation = useNavigation();
  const { success } = useToast();
  const formRef = React.useRef<HTMLFormElement>(null);
  const form = useFormErrors(own && !own.ok ? own : undefined);
  const [code, setCode] = React.useState({ sentAt: codeSentAt, left: codeLeftSeconds });
  const timer = useCodeTimer(code.sentAt, code.left);

  React.useEffect(
    () => setCode({ sentAt: codeSentAt, left: codeLeftSeconds }),
    [codeSentAt, codeLeftSeconds],
  );

  useOnNewResult(own, (r) => {
    if (r.ok) {
      form.clear();
      if (r.codeSentAt) setCode({ sentAt: r.codeSentAt, left: CODE_TTL_SECONDS });
      success(r.message);
      return;
    }
    form.refuse(r, formRef.current, fields);
  });

  const busyIntent =
    navigation.state === "submitting" ? navigation.formData?.get("intent") : undefined;

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    if (submitterValue(event) === "resend") return;
    form.check(event, validate(new FormData(event.currentTarget)), fields);
  }

  return { ...form, ...timer, formRef, busyIntent, onSubmit };
}

/**
 * A form's messages: the errors next to its fields and the banner above it (a refused result the
 * page was rendered with starts them off).
 */
export function useFormErrors(initial: AuthResult | undefined) {
  const { error: errorToast } = useToast();
  const [errors, setErrors] = React.useState<FieldErrors>(initial?.errors ?? {});
  const [banner, setBanner] = React.useState(initial?.message ?? "");

  /** Forgets every message (accepted, closed, or going back). */
  function clear() {
    setErrors({});
    setBanner("");
  }

  /** Shows a refused result: its messages, a toast, focus on the first of `fields` it names. */
  function refuse(result: AuthResult, form: HTMLFormElement | null, fields: readonly string[]) {
    setErrors(result.errors);
    setBanner(result.message);
    if (result.message) errorToast(result.message);
    const first = firstInvalid(fields, result.errors);
    if (first) focusField(form, first);
  }

  /** Before sending: shows what the browser `found`, and stops the form when `fields` name any. */
  function check(
    event: React.FormEvent<HTMLFormElement>,
    found: FieldErrors,
    fields: readonly string[],
  ) {
    setErrors(found);
    setBanner("");
    const first = firstInvalid(fields, found);
    if (first) {
      event.preventDefault();
      focusField(event.currentTarget, first);
    }
  }

  /**
   * On input: drops the message of the field typed in (and of `linked[name]`, the confirmation a
   * new password can fix too).
   */
  function clearTyped(event: React.FormEvent<HTMLFormElement>, linked: FieldErrors = {}) {
    const target = event.target;
    if (!(target instanceof HTMLInputElement) || !errors[target.name]) return;
    setErrors(({ [target.name]: _gone, ...rest }) => {
      const also = linked[target.name];
      if (also) delete rest[also];
      return rest;
    });
  }

  return { errors, banner, setErrors, clear, refuse, check, clearTyped };
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
