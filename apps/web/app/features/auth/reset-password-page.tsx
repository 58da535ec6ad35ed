import { AUTH_MESSAGES } from "@vastra/contracts/auth";
import { ArrowLeft, KeyRound, Send } from "lucide-react";
import * as React from "react";
import { Form, Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { useToast } from "~/components/ui/toast";
import {
  focusField,
  submitterValue,
  useCountdown,
  useOnNewResult,
  useRedirectToast,
} from "./hooks";
import { type AuthResult, type FieldErrors, readText } from "./types";
import {
  AuthLayout,
  CodeCountdown,
  CodeInput,
  FormAlert,
  LiveMessage,
  PasswordInput,
  StepHeading,
} from "./ui";
import { firstInvalid, RESET_FIELDS, validateReset, validateResetEmail } from "./validation";

type Step = { name: "email" } | { name: "code"; email: string; codeSentAt: number };

const RESET_INTENTS = ["reset"];

function initialStep(result: AuthResult | undefined, email: string, startAtCode: boolean): Step {
  // A page rendered from a form posted before JavaScript ran: the code step once a code went out.
  const codeSent = result?.intent === "send" ? result.ok : result?.intent !== undefined;
  if (result?.email && codeSent) {
    return { name: "code", email: result.email, codeSentAt: result.codeSentAt ?? 0 };
  }
  if (!result && startAtCode && email) return { name: "code", email, codeSentAt: 0 };
  return { name: "email" };
}

/**
 * /reset-password (storefront.md §2, §4, §5): the e-mail, then the code with a new password.
 * Success goes to /login with a notice.
 */
export function ResetPasswordPage({
  initialEmail,
  startAtCode,
  result,
}: {
  initialEmail: string;
  /** The code was already sent (from the sign-in page's reset view): open at step 2. */
  startAtCode: boolean;
  result: AuthResult | undefined;
}) {
  const navigation = useNavigation();
  const { success, error: errorToast } = useToast();
  const [step, setStep] = React.useState<Step>(() =>
    initialStep(result, initialEmail, startAtCode),
  );
  const sendResult = result?.intent === "send" ? result : undefined;
  const [errors, setErrors] = React.useState<FieldErrors>(
    sendResult && !sendResult.ok ? sendResult.errors : {},
  );
  const [banner, setBanner] = React.useState(
    sendResult && !sendResult.ok ? sendResult.message : "",
  );
  const emailHeading = React.useRef<HTMLHeadingElement>(null);
  const codeHeading = React.useRef<HTMLHeadingElement>(null);
  const formRef = React.useRef<HTMLFormElement>(null);
  const firstRender = React.useRef(true);
  const email = step.name === "code" ? step.email : (result?.email ?? initialEmail);

  useRedirectToast(RESET_INTENTS, AUTH_MESSAGES.passwordReset);

  React.useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    (step.name === "code" ? codeHeading : emailHeading).current?.focus();
  }, [step.name]);

  useOnNewResult(sendResult, (r) => {
    if (r.ok && r.email) {
      setErrors({});
      setBanner("");
      success(r.message);
      setStep({ name: "code", email: r.email, codeSentAt: r.codeSentAt ?? Date.now() });
      return;
    }
    setErrors(r.errors);
    setBanner(r.message);
    if (r.message) errorToast(r.message);
    if (r.errors.email) focusField(formRef.current, "email");
  });

  const sending =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "send";

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    const value = new FormData(event.currentTarget).get("email");
    const found = validateResetEmail(typeof value === "string" ? value : "");
    setErrors(found);
    setBanner("");
    if (found.email) {
      event.preventDefault();
      focusField(event.currentTarget, "email");
    }
  }

  return (
    <AuthLayout>
      <div hidden={step.name !== "email"}>
        <StepHeading
          ref={emailHeading}
          eyebrow="Forgot your password?"
          description="Enter the email address of your account. We'll send you a 6-digit code to set a new password."
        >
          Reset your password
        </StepHeading>
        <div className="grid gap-5">
          <FormAlert tone="error">{banner}</FormAlert>
          <Form
            ref={formRef}
            method="post"
            noValidate
            onSubmit={onSubmit}
            onInput={() => {
              if (errors.email) setErrors({});
            }}
            className="grid gap-5"
          >
            <input type="hidden" name="intent" value="send" />
            <Field label="Email" error={errors.email} required>
              <Input
                name="email"
                type="email"
                inputMode="email"
                autoComplete="email"
                spellCheck={false}
                defaultValue={email}
                maxLength={254}
              />
            </Field>
            <Button
              type="submit"
              size="lg"
              className="w-full"
              loading={sending}
              loadingText="Sending…"
            >
              <Send aria-hidden="true" />
              Send Reset Code
            </Button>
          </Form>
          <p className="border-t border-border pt-5 text-center text-sm text-muted-foreground">
            Remembered it?{" "}
            <Link
              to="/login"
              className="font-semibold text-primary underline-offset-4 hover:underline"
            >
              Back to sign in
            </Link>
          </p>
        </div>
      </div>

      {step.name === "code" ? (
        <ResetCodeStep
          email={step.email}
          codeSentAt={step.codeSentAt}
          result={result}
          headingRef={codeHeading}
          onBack={() => setStep({ name: "email" })}
        />
      ) : null}
    </AuthLayout>
  );
}

const CODE_STEP_INTENTS = ["reset", "resend"];

/** Step 2: code, new password and confirmation, countdown, resend and 'Back to Email'. */
function ResetCodeStep({
  email,
  codeSentAt,
  result,
  headingRef,
  onBack,
}: {
  email: string;
  codeSentAt: number;
  result: AuthResult | undefined;
  headingRef: React.RefObject<HTMLHeadingElement | null>;
  onBack: () => void;
}) {
  const navigation = useNavigation();
  const { success, error: errorToast } = useToast();
  const formRef = React.useRef<HTMLFormElement>(null);
  const own = result && CODE_STEP_INTENTS.includes(result.intent) ? result : undefined;
  const [errors, setErrors] = React.useState<FieldErrors>(own && !own.ok ? own.errors : {});
  const [banner, setBanner] = React.useState(own && !own.ok ? own.message : "");
  const [sentAt, setSentAt] = React.useState(codeSentAt);
  const left = useCountdown(sentAt);
  const expired = left === 0;
  const [live, setLive] = React.useState("");

  React.useEffect(() => {
    setLive(expired ? "The code has expired. You can now request a new code." : "");
  }, [expired]);

  useOnNewResult(own, (r) => {
    if (r.ok) {
      setErrors({});
      setBanner("");
      if (r.codeSentAt) setSentAt(r.codeSentAt);
      success(r.message);
      return;
    }
    setErrors(r.errors);
    setBanner(r.message);
    if (r.message) errorToast(r.message);
    const first = firstInvalid(RESET_FIELDS, r.errors);
    if (first) focusField(formRef.current, first);
  });

  const busyIntent =
    navigation.state === "submitting" ? navigation.formData?.get("intent") : undefined;

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    if (submitterValue(event) === "resend") return;
    const found = validateReset(
      readText(new FormData(event.currentTarget), ["email", ...RESET_FIELDS]),
    );
    delete found.email;
    setErrors(found);
    setBanner("");
    const first = firstInvalid(RESET_FIELDS, found);
    if (first) {
      event.preventDefault();
      focusField(event.currentTarget, first);
    }
  }

  return (
    <div>
      <StepHeading
        ref={headingRef}
        eyebrow="Check your email"
        description={
          <>
            If an account exists for{" "}
            <strong className="font-semibold [overflow-wrap:anywhere] text-foreground">
              {email}
            </strong>
            , we have sent a 6-digit code to it. Enter the code and choose a new password.
          </>
        }
      >
        Choose a new password
      </StepHeading>
      <div className="grid gap-5">
        <FormAlert tone="error">{banner}</FormAlert>
        <Form
          ref={formRef}
          method="post"
          noValidate
          onSubmit={onSubmit}
          onInput={(event) => {
            const target = event.target;
            if (!(target instanceof HTMLInputElement) || !errors[target.name]) return;
            setErrors(({ [target.name]: _gone, ...rest }) => {
              if (target.name === "newPassword") delete rest.confirmPassword;
              return rest;
            });
          }}
          className="grid gap-5"
        >
          <input type="hidden" name="email" value={email} />
          <Field label="Verification code" error={errors.otp} required>
            <CodeInput />
          </Field>
          <Field
            label="New Password"
            error={errors.newPassword}
            hint="At least 6 characters."
            required
          >
            <PasswordInput
              name="newPassword"
              autoComplete="new-password"
              maxLength={200}
              toggleLabel="new password"
            />
          </Field>
          <Field label="Confirm Password" error={errors.confirmPassword} required>
            <PasswordInput
              name="confirmPassword"
              autoComplete="new-password"
              maxLength={200}
              toggleLabel="confirmation password"
            />
          </Field>
          <CodeCountdown seconds={left} />
          <Button
            type="submit"
            name="intent"
            value="reset"
            size="lg"
            className="w-full"
            loading={busyIntent === "reset"}
            loadingText="Resetting…"
          >
            <KeyRound aria-hidden="true" />
            Reset Password
          </Button>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <Link
              to={`/reset-password?email=${encodeURIComponent(email)}`}
              onClick={(event) => {
                event.preventDefault();
                onBack();
              }}
              className="inline-flex min-h-11 items-center gap-1.5 rounded-sm text-sm font-medium text-primary underline-offset-4 hover:underline"
            >
              <ArrowLeft aria-hidden="true" className="size-4" />
              Back to Email
            </Link>
            <Button
              type="submit"
              name="intent"
              value="resend"
              variant="outline"
              size="sm"
              disabled={!expired}
              loading={busyIntent === "resend"}
              loadingText="Sending…"
            >
              {expired ? "Resend Code" : "Resend Available Soon"}
            </Button>
          </div>
        </Form>
        <LiveMessage>{live}</LiveMessage>
      </div>
    </div>
  );
}
