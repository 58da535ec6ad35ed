import { AUTH_MESSAGES } from "@vastra/contracts/auth";
import { ArrowLeft, ArrowRight, LogIn } from "lucide-react";
import * as React from "react";
import { Form, Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { useToast } from "~/components/ui/toast";
import { useFormErrors, useOnNewResult, useRedirectToast } from "./hooks";
import { ResetEmailForm } from "./reset-email-form";
import { type AuthResult, readText } from "./types";
import { AuthLayout, FormAlert, PasswordField, StepHeading, SwitchPrompt } from "./ui";
import { LOGIN_FIELDS, validateForgotEmail, validateLogin } from "./validation";
import { VerifyCodeStep } from "./verify-code-step";

type View =
  | { name: "signin" }
  | { name: "forgot" }
  | {
      name: "verify";
      email: string;
      codeSentAt: number;
      /** Set when this sign-in sent no new code (record 0035). */
      unsent?: { codeLeftSeconds: number; retryAfterSeconds: number };
    };

/** The verify step's view from a sign-in's answer: a new code, or the one that still works. */
function verifyView(result: AuthResult, email: string, codeSentAt: number): View {
  return {
    name: "verify",
    email,
    codeSentAt,
    ...(result.codeSent === false
      ? {
          unsent: {
            codeLeftSeconds: result.codeLeftSeconds ?? 0,
            retryAfterSeconds: result.retryAfterSeconds ?? 0,
          },
        }
      : {}),
  };
}

/**
 * What the verify step says after a sign-in: that a code was e-mailed only when one was (the
 * per-address limits allow one a minute and five an hour).
 */
function verifyNotice(view: Extract<View, { name: "verify" }>): string {
  if (!view.unsent) return `${AUTH_MESSAGES.verifyFirst}. We have e-mailed you a code.`;
  if (view.unsent.codeLeftSeconds > 0) {
    return `${AUTH_MESSAGES.verifyFirst}. The code we e-mailed you last still works, so we have not sent another.`;
  }
  const minutes = Math.max(1, Math.ceil(view.unsent.retryAfterSeconds / 60));
  return `${AUTH_MESSAGES.verifyFirst}. We have sent this address several codes already; you can ask for a new one in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`;
}

export type LoginPageProps = {
  /** Where a successful sign-in goes (already checked to be on this site). */
  redirectTo: string;
  /** The `redirect` query to keep on links between the views ("" when none). */
  redirectQuery: string;
  /** Opened at the reset-link view (?view=forgot, for pages without JavaScript). */
  startWithForgot: boolean;
  /** Came here from a successful password reset. */
  resetDone: boolean;
  result: AuthResult | undefined;
};

const LOGIN_INTENTS = ["login"];
const VERIFY_INTENTS = ["verify"];

function initialView(result: AuthResult | undefined, startWithForgot: boolean): View {
  if (result?.email && (result.needsVerification || ["verify", "resend"].includes(result.intent))) {
    return verifyView(result, result.email, result.codeSentAt ?? 0);
  }
  if (result?.intent === "forgot") return { name: "forgot" };
  if (result?.intent === "login") return { name: "signin" };
  return startWithForgot ? { name: "forgot" } : { name: "signin" };
}

/**
 * /login (storefront.md §2, §8): sign in, or switch to the reset-link view; an unverified account
 * moves to the code step (decisions.md §2). Success toasts and goes to `?redirect=` or /products.
 */
export function LoginPage({
  redirectTo,
  redirectQuery,
  startWithForgot,
  resetDone,
  result,
}: LoginPageProps) {
  const navigation = useNavigation();
  const { toast } = useToast();
  const [view, setView] = React.useState<View>(() => initialView(result, startWithForgot));
  const loginResult = result?.intent === "login" ? result : undefined;
  const forgotResult = result?.intent === "forgot" ? result : undefined;
  const { errors, banner, clear, refuse, check, clearTyped } = useFormErrors(
    loginResult && !loginResult.needsVerification ? loginResult : undefined,
  );
  // What was typed in the e-mail field, carried over to the reset-link view.
  const [email, setEmail] = React.useState(result?.values?.email ?? "");
  const signInHeading = React.useRef<HTMLHeadingElement>(null);
  const forgotHeading = React.useRef<HTMLHeadingElement>(null);
  const verifyHeading = React.useRef<HTMLHeadingElement>(null);
  const formRef = React.useRef<HTMLFormElement>(null);
  const firstRender = React.useRef(true);

  useRedirectToast(LOGIN_INTENTS, AUTH_MESSAGES.loginSuccess);
  useRedirectToast(VERIFY_INTENTS, AUTH_MESSAGES.verified);

  React.useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    const heading =
      view.name === "verify"
        ? verifyHeading
        : view.name === "forgot"
          ? forgotHeading
          : signInHeading;
    heading.current?.focus();
  }, [view.name]);

  useOnNewResult(loginResult, (r) => {
    if (r.needsVerification && r.email) {
      clear();
      toast(r.message);
      setView(verifyView(r, r.email, r.codeSentAt ?? Date.now()));
      return;
    }
    refuse(r, formRef.current, LOGIN_FIELDS);
  });

  const submitting =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "login";
  const query = redirectQuery ? `redirect=${redirectQuery}` : "";
  const signInHref = `/login${query ? `?${query}` : ""}`;
  const forgotHref = `/login?view=forgot${query ? `&${query}` : ""}`;

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    check(
      event,
      validateLogin(readText(new FormData(event.currentTarget), LOGIN_FIELDS)),
      LOGIN_FIELDS,
    );
  }

  return (
    <AuthLayout>
      {view.name === "signin" ? (
        <div>
          <StepHeading
            ref={signInHeading}
            eyebrow="Welcome back"
            description="Sign in to see your orders, your referrals and a quicker checkout."
          >
            Sign in to Vastra
          </StepHeading>
          <div className="grid gap-5">
            {resetDone ? (
              <FormAlert tone="success" live={false}>
                {AUTH_MESSAGES.passwordReset}
              </FormAlert>
            ) : null}
            <FormAlert tone="error">{banner}</FormAlert>
            <Form
              ref={formRef}
              method="post"
              noValidate
              onSubmit={onSubmit}
              onInput={(event) => {
                const target = event.target;
                if (target instanceof HTMLInputElement && target.name === "email") {
                  setEmail(target.value);
                }
                clearTyped(event);
              }}
              className="grid gap-5"
            >
              <input type="hidden" name="intent" value="login" />
              <input type="hidden" name="redirect" value={redirectTo} />
              <Field label="Email" error={errors.email} required>
                <Input
                  name="email"
                  type="email"
                  inputMode="email"
                  autoComplete="username"
                  spellCheck={false}
                  defaultValue={email}
                  maxLength={254}
                />
              </Field>
              <div className="grid gap-1.5">
                <PasswordField
                  label="Password"
                  error={errors.password}
                  name="password"
                  autoComplete="current-password"
                />
                <Link
                  to={forgotHref}
                  replace
                  preventScrollReset
                  onClick={(event) => {
                    event.preventDefault();
                    setView({ name: "forgot" });
                  }}
                  className="inline-flex min-h-11 w-fit items-center justify-self-end rounded-sm text-sm font-medium text-primary underline-offset-4 hover:underline"
                >
                  Forgot your password?
                </Link>
              </div>
              <Button
                type="submit"
                size="lg"
                className="w-full"
                loading={submitting}
                loadingText="Signing in…"
              >
                <LogIn aria-hidden="true" />
                Sign In
              </Button>
            </Form>
            <SwitchPrompt question="New to Vastra?" to="/register">
              Create an account
            </SwitchPrompt>
          </div>
        </div>
      ) : null}

      {view.name === "forgot" ? (
        <ForgotView
          headingRef={forgotHeading}
          result={forgotResult}
          initialEmail={forgotResult?.values?.email ?? email}
          backHref={signInHref}
          onBack={() => setView({ name: "signin" })}
        />
      ) : null}

      {view.name === "verify" ? (
        <VerifyCodeStep
          email={view.email}
          codeSentAt={view.codeSentAt}
          {...(view.unsent ? { codeLeftSeconds: view.unsent.codeLeftSeconds } : {})}
          result={result}
          notice={verifyNotice(view)}
          redirectTo={redirectTo}
          backHref={signInHref}
          backLabel="Back to sign in"
          onBack={() => setView({ name: "signin" })}
          headingRef={verifyHeading}
        />
      ) : null}
    </AuthLayout>
  );
}

/** "Forgot your password?": e-mails a reset code, then offers the reset page for it. */
function ForgotView({
  headingRef,
  result,
  initialEmail,
  backHref,
  onBack,
}: {
  headingRef: React.RefObject<HTMLHeadingElement | null>;
  result: AuthResult | undefined;
  initialEmail: string;
  backHref: string;
  onBack: () => void;
}) {
  const { success } = useToast();
  const formRef = React.useRef<HTMLFormElement>(null);
  const form = useFormErrors(result && !result.ok ? result : undefined);
  const [sent, setSent] = React.useState<{ email: string; message: string } | null>(
    result?.ok && result.email ? { email: result.email, message: result.message } : null,
  );

  useOnNewResult(result, (r) => {
    if (r.ok && r.email) {
      form.clear();
      setSent({ email: r.email, message: r.message });
      success(r.message);
      return;
    }
    setSent(null);
    form.refuse(r, formRef.current, ["email"]);
  });

  return (
    <div>
      <StepHeading
        ref={headingRef}
        eyebrow="Forgot your password?"
        description="Enter the email address of your account and we'll send you a 6-digit code to choose a new password."
      >
        Reset your password
      </StepHeading>
      <div className="grid gap-5">
        <ResetEmailForm
          intent="forgot"
          form={form}
          formRef={formRef}
          validate={validateForgotEmail}
          defaultEmail={initialEmail}
          notice={
            sent ? (
              <FormAlert tone="success" live={false}>
                <span>{sent.message}</span>
                <Link
                  to={`/reset-password?email=${encodeURIComponent(sent.email)}&step=code`}
                  className="inline-flex w-fit items-center gap-1 font-semibold text-success underline underline-offset-2"
                >
                  Enter your reset code
                  <ArrowRight aria-hidden="true" className="size-4" />
                </Link>
              </FormAlert>
            ) : null
          }
        />
        <Link
          to={backHref}
          replace
          preventScrollReset
          onClick={(event) => {
            event.preventDefault();
            onBack();
          }}
          className="inline-flex min-h-11 w-fit items-center gap-1.5 rounded-sm text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back to sign in
        </Link>
      </div>
    </div>
  );
}
