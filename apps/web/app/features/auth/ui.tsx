import { CircleAlert, CircleCheck, Eye, EyeOff, Info, PackageCheck, Sparkles } from "lucide-react";
import * as React from "react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { Field } from "~/components/ui/field";
import { Input, type InputProps } from "~/components/ui/input";
import { formatCountdown, keepDigits } from "./hooks";
import type { FieldErrors } from "./types";

/**
 * The frame of the sign-in, join and reset pages: the form card, with a short brand panel beside
 * it on wide screens.
 */
export function AuthLayout({ children }: { children: React.ReactNode }) {
  return (
    <div className="relative overflow-hidden bg-[radial-gradient(ellipse_at_90%_0%,rgb(216_189_138/0.28),transparent_50%),radial-gradient(ellipse_at_0%_100%,rgb(122_31_43/0.07),transparent_45%)]">
      <div className="mx-auto grid w-full max-w-6xl items-center gap-10 px-4 py-8 sm:px-6 sm:py-14 lg:grid-cols-[minmax(0,1fr)_minmax(0,30rem)] lg:gap-16 lg:px-8 lg:py-20">
        <BrandPanel />
        <div className="mx-auto w-full max-w-md lg:max-w-none">
          <div className="rounded-xl border border-border bg-card p-5 shadow-[0_10px_40px_-12px_rgb(61_15_22/0.18)] sm:p-8">
            {children}
          </div>
        </div>
      </div>
    </div>
  );
}

const PERKS = [
  { icon: PackageCheck, text: "Track and manage your orders in one place" },
  { icon: Sparkles, text: "Save your details for a quicker checkout" },
  { icon: CircleCheck, text: "Share your referral link and earn rewards" },
] as const;

function BrandPanel() {
  return (
    <div className="hidden lg:block">
      <p className="flex items-center gap-3 text-xs font-semibold tracking-[0.28em] text-gold-700 uppercase">
        <span aria-hidden="true" className="h-px w-10 bg-gold-500" />
        Your Vastra account
      </p>
      <p className="mt-6 font-display text-5xl leading-[1.05] font-semibold text-primary xl:text-6xl">
        Handpicked Indian fashion, kept just for you.
      </p>
      <p className="mt-5 max-w-md text-lg leading-relaxed text-muted-foreground">
        Sarees, kurtas and festive edits chosen for craft and comfort, delivered across India.
      </p>
      <ul className="mt-8 grid max-w-md gap-4">
        {PERKS.map(({ icon: Icon, text }) => (
          <li key={text} className="flex items-center gap-3 text-foreground/90">
            <span className="grid size-9 shrink-0 place-items-center rounded-full bg-maroon-100 text-primary">
              <Icon aria-hidden="true" className="size-4" />
            </span>
            {text}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The line under a card that offers the other page: 'New to Vastra? Create an account'. */
export function SwitchPrompt({
  question,
  to,
  children,
}: {
  question: string;
  to: string;
  children: React.ReactNode;
}) {
  return (
    <p className="border-t border-border pt-5 text-center text-sm text-muted-foreground">
      {question}{" "}
      <Link to={to} className="font-semibold text-primary underline-offset-4 hover:underline">
        {children}
      </Link>
    </p>
  );
}

/** The card's heading: focusable (not tabbable) so a new step can move focus to it. */
export function StepHeading({
  children,
  description,
  eyebrow,
  ref,
}: {
  children: React.ReactNode;
  description?: React.ReactNode;
  eyebrow?: string;
  ref?: React.Ref<HTMLHeadingElement>;
}) {
  return (
    <div className="mb-6 grid gap-2">
      {eyebrow ? (
        <p className="text-xs font-semibold tracking-[0.22em] text-gold-700 uppercase">{eyebrow}</p>
      ) : null}
      <h1
        ref={ref}
        tabIndex={-1}
        className="scroll-mt-28 font-display text-3xl leading-tight font-semibold text-foreground outline-none sm:text-4xl"
      >
        {children}
      </h1>
      {description ? (
        <p className="text-sm leading-relaxed text-muted-foreground">{description}</p>
      ) : null}
    </div>
  );
}

type AlertTone = "error" | "success" | "info";
const ALERT_ICONS = { error: CircleAlert, success: CircleCheck, info: Info } as const;

/**
 * A message above a form. Errors are alerts (read out at once); success and info notes are
 * status messages, or plain text when `live` is false (already announced elsewhere).
 */
export function FormAlert({
  tone,
  children,
  live = true,
  className,
}: {
  tone: AlertTone;
  children: React.ReactNode;
  live?: boolean;
  className?: string;
}) {
  if (!children) return null;
  const Icon = ALERT_ICONS[tone];
  const role = !live ? undefined : tone === "error" ? "alert" : "status";
  return (
    <div
      role={role}
      className={cn(
        "flex items-start gap-3 rounded-md border p-3.5 text-sm font-medium",
        tone === "error" && "border-destructive/30 bg-destructive-soft text-destructive",
        tone === "success" && "border-success/30 bg-success-soft text-success",
        tone === "info" && "border-gold-300 bg-gold-50 text-gold-900",
        className,
      )}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div className="grid gap-1">{children}</div>
    </div>
  );
}

export type PasswordInputProps = Omit<InputProps, "type"> & {
  /** What the show/hide button names: "Show password", "Show new password" … */
  toggleLabel?: string;
};

/** A password field with a show/hide button inside it (labelled by the surrounding <Field>). */
export function PasswordInput({
  toggleLabel = "password",
  className,
  ...props
}: PasswordInputProps) {
  const [visible, setVisible] = React.useState(false);
  return (
    <div className="relative">
      <Input
        {...props}
        type={visible ? "text" : "password"}
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        className={cn("pr-12", className)}
      />
      <button
        type="button"
        aria-label={`Show ${toggleLabel}`}
        aria-pressed={visible}
        onClick={() => setVisible((v) => !v)}
        className="absolute inset-y-0 right-0 grid w-11 place-items-center rounded-r-md text-muted-foreground transition-colors hover:text-primary focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring"
      >
        {visible ? (
          <EyeOff aria-hidden="true" className="size-5" />
        ) : (
          <Eye aria-hidden="true" className="size-5" />
        )}
      </button>
    </div>
  );
}

/** A required password field with its label, hint and error, and the show/hide button. */
export function PasswordField({
  label,
  error,
  hint,
  ...props
}: PasswordInputProps & {
  name: string;
  label: string;
  error: string | undefined;
  hint?: string;
}) {
  return (
    <Field label={label} error={error} hint={hint} required>
      <PasswordInput maxLength={200} {...props} />
    </Field>
  );
}

/** 'New Password' (with its hint) and its confirmation, as the reset and profile forms ask them. */
export function NewPasswordFields({
  errors,
  confirmLabel,
}: {
  errors: FieldErrors;
  confirmLabel: string;
}) {
  return (
    <>
      <PasswordField
        label="New Password"
        error={errors.newPassword}
        hint="At least 6 characters."
        name="newPassword"
        autoComplete="new-password"
        toggleLabel="new password"
      />
      <PasswordField
        label={confirmLabel}
        error={errors.confirmPassword}
        name="confirmPassword"
        autoComplete="new-password"
        toggleLabel="confirmation password"
      />
    </>
  );
}

/** The 6-digit code field: digits only, at most 6, the phone's number pad and OTP autofill. */
export function CodeInput({ className, ...props }: Omit<InputProps, "type">) {
  return (
    <Input
      name="otp"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      placeholder="Enter 6-digit code"
      spellCheck={false}
      onChange={keepDigits(6)}
      className={cn(
        "h-12 font-medium text-lg tracking-[0.3em] placeholder:tracking-normal",
        className,
      )}
      {...props}
    />
  );
}

/** The required 'Verification code' field of every code step. */
export function CodeField({
  error,
  onInput,
}: {
  error: string | undefined;
  onInput?: React.FormEventHandler<HTMLInputElement>;
}) {
  return (
    <Field label="Verification code" error={error} required>
      <CodeInput onInput={onInput} />
    </Field>
  );
}

/**
 * A code step's resend button: a submit of `intent`, enabled only once the code has expired.
 * `waitingLabel` is its name until then.
 */
export function ResendButton({
  intent,
  expired,
  loading,
  size,
  waitingLabel = "Resend Code",
}: {
  intent: string;
  expired: boolean;
  loading: boolean;
  size?: "sm";
  waitingLabel?: string;
}) {
  return (
    <Button
      type="submit"
      name="intent"
      value={intent}
      variant="outline"
      size={size}
      disabled={!expired}
      loading={loading}
      loadingText="Sending…"
    >
      {expired ? "Resend Code" : waitingLabel}
    </Button>
  );
}

/** A phone field: digits only, at most 10 as typed. */
export function PhoneInput(props: Omit<InputProps, "type">) {
  return (
    <Input
      type="tel"
      inputMode="numeric"
      autoComplete="tel-national"
      maxLength={10}
      onChange={keepDigits(10)}
      {...props}
    />
  );
}

/**
 * 'Code expires in m:ss'. A timer, so screen readers do not read every second; the step's own
 * status line says when a code went out or ran out.
 */
export function CodeCountdown({ seconds }: { seconds: number }) {
  return (
    <p
      role="timer"
      aria-live="off"
      className={cn(
        "text-sm",
        seconds > 0 ? "text-muted-foreground" : "font-medium text-destructive",
      )}
    >
      {seconds > 0 ? (
        <>
          Code expires in{" "}
          <span className="font-semibold text-foreground tabular-nums">
            {formatCountdown(seconds)}
          </span>
        </>
      ) : (
        "The code has expired. Please request a new one."
      )}
    </p>
  );
}

/** A visually hidden polite live region for step changes ("We sent a new code …"). */
export function LiveMessage({ children }: { children: React.ReactNode }) {
  return (
    <p aria-live="polite" aria-atomic="true" className="sr-only">
      {children}
    </p>
  );
}
