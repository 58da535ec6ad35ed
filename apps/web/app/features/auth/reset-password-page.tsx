import { AUTH_MESSAGES } from "@vastra/contracts/auth";
import { ArrowLeft, KeyRound } from "lucide-react";
import * as React from "react";
import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { useToast } from "~/components/ui/toast";
import { useCodeStep, useFormErrors, useOnNewResult, useRedirectToast } from "./hooks";
import { ResetEmailForm } from "./reset-email-form";
import { type AuthResult, readText } from "./types";
import {
  AuthLayout,
  CodeCountdown,
  CodeField,
  FormAlert,
  LiveMessage,
  NewPasswordFields,
  ResendButton,
  StepHeading,
  SwitchPrompt,
} from "./ui";
import { RESET_FIELDS, validateReset, validateResetEmail } from "./validation";

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
  const { success } = useToast();
  const [step, setStep] = React.useState<Step>(() =>
    initialStep(result, initialEmail, startAtCode),
  );
  const sendResult = result?.intent === "send" ? result : undefined;
  const form = useFormErrors(sendResult && !sendResult.ok ? sendResult : undefined);
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
      form.clear();
      success(r.message);
      setStep({ name: "code", email: r.email, codeSentAt: r.codeSentAt ?? Date.now() });
      return;
    }
    form.refuse(r, formRef.current, ["email"]);
  });

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
          <ResetEmailForm
            intent="send"
            form={form}
            formRef={formRef}
            validate={validateResetEmail}
            defaultEmail={email}
          />
          <SwitchPrompt question="Remembered it?" to="/login">
            Back to sign in
          </SwitchPrompt>
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

/** The code step's own fields (the address is the step's, not typed here). */
function checkResetForm(form: FormData) {
  const found = validateReset(readText(form, ["email", ...RESET_FIELDS]));
  delete found.email;
  return found;
}

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
  const own = result && CODE_STEP_INTENTS.includes(result.intent) ? result : undefined;
  const { errors, banner, clearTyped, left, expired, live, formRef, busyIntent, onSubmit } =
    useCodeStep(own, codeSentAt, RESET_FIELDS, checkResetForm);

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
          onInput={(event) => clearTyped(event, { newPassword: "confirmPassword" })}
          className="grid gap-5"
        >
          <input type="hidden" name="email" value={email} />
          <CodeField error={errors.otp} />
          <NewPasswordFields errors={errors} confirmLabel="Confirm Password" />
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
            <ResendButton
              intent="resend"
              size="sm"
              expired={expired}
              loading={busyIntent === "resend"}
              waitingLabel="Resend Available Soon"
            />
          </div>
        </Form>
        <LiveMessage>{live}</LiveMessage>
      </div>
    </div>
  );
}
