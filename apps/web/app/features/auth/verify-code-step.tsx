import { ArrowLeft } from "lucide-react";
import * as React from "react";
import { Form, Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { useToast } from "~/components/ui/toast";
import { focusField, submitterValue, useCountdown, useOnNewResult } from "./hooks";
import type { AuthResult, FieldErrors } from "./types";
import { CodeCountdown, CodeInput, FormAlert, LiveMessage, StepHeading } from "./ui";
import { validateCode } from "./validation";

export type VerifyCodeStepProps = {
  /** The address the code went to. */
  email: string;
  /** Changes whenever a new code goes out: restarts the countdown. */
  codeSentAt: number;
  /** The latest answer to this step's own forms ("verify", "resend"), if any. */
  result: AuthResult | undefined;
  /** An extra note under the heading (e.g. 'Please verify your email first'). */
  notice?: React.ReactNode;
  /** Sent along so the action knows where to go after signing in (sign-in page). */
  redirectTo?: string;
  /** Back to the form: a link for pages without JavaScript, a state change with it. */
  backHref: string;
  backLabel: string;
  onBack: () => void;
  headingRef: React.RefObject<HTMLHeadingElement | null>;
};

const INTENTS = ["verify", "resend"];

/**
 * The join code step (storefront.md §2 Register step 2, §4): the 6-digit code, a 600-second
 * countdown, 'Resend Code' enabled only when it reaches 0 (and restarting it), and a way back.
 * Used by /register after the form and by /login when the account is not verified yet.
 */
export function VerifyCodeStep({
  email,
  codeSentAt,
  result,
  notice,
  redirectTo,
  backHref,
  backLabel,
  onBack,
  headingRef,
}: VerifyCodeStepProps) {
  const navigation = useNavigation();
  const { success, error: errorToast } = useToast();
  const formRef = React.useRef<HTMLFormElement>(null);
  const own = result && INTENTS.includes(result.intent) ? result : undefined;
  const [errors, setErrors] = React.useState<FieldErrors>(own && !own.ok ? own.errors : {});
  const [banner, setBanner] = React.useState(own && !own.ok ? own.message : "");
  const [sentAt, setSentAt] = React.useState(codeSentAt);
  const left = useCountdown(sentAt);
  const [live, setLive] = React.useState("");

  React.useEffect(() => setSentAt(codeSentAt), [codeSentAt]);

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
    if (r.errors.otp) focusField(formRef.current, "otp");
  });

  const expired = left === 0;
  React.useEffect(() => {
    setLive(expired ? "The code has expired. You can now request a new code." : "");
  }, [expired]);

  const busyIntent =
    navigation.state === "submitting" ? navigation.formData?.get("intent") : undefined;

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    if (submitterValue(event) === "resend") return;
    const otp = new FormData(event.currentTarget).get("otp");
    const found = validateCode(typeof otp === "string" ? otp : "");
    setErrors(found);
    setBanner("");
    if (found.otp) {
      event.preventDefault();
      focusField(event.currentTarget, "otp");
    }
  }

  return (
    <div>
      <StepHeading
        ref={headingRef}
        eyebrow="Verify your email"
        description={
          <>
            We sent a 6-digit code to{" "}
            <strong className="font-semibold [overflow-wrap:anywhere] text-foreground">
              {email}
            </strong>
            . Enter it below to verify your email address and sign in.
          </>
        }
      >
        Enter your code
      </StepHeading>

      <div className="grid gap-5">
        {notice ? (
          <FormAlert tone="info" live={false}>
            {notice}
          </FormAlert>
        ) : null}
        <FormAlert tone="error">{banner}</FormAlert>

        <Form ref={formRef} method="post" noValidate onSubmit={onSubmit} className="grid gap-5">
          <input type="hidden" name="email" value={email} />
          {redirectTo ? <input type="hidden" name="redirect" value={redirectTo} /> : null}
          <Field label="Verification code" error={errors.otp} required>
            <CodeInput
              onInput={() => {
                if (errors.otp) setErrors({});
              }}
            />
          </Field>
          <CodeCountdown seconds={left} />
          <Button
            type="submit"
            name="intent"
            value="verify"
            size="lg"
            className="w-full"
            loading={busyIntent === "verify"}
            loadingText="Verifying…"
          >
            Verify Email
          </Button>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <Link
              to={backHref}
              onClick={(event) => {
                event.preventDefault();
                onBack();
              }}
              className="inline-flex min-h-11 items-center gap-1.5 rounded-sm text-sm font-medium text-primary underline-offset-4 hover:underline"
            >
              <ArrowLeft aria-hidden="true" className="size-4" />
              {backLabel}
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
              Resend Code
            </Button>
          </div>
        </Form>
        <LiveMessage>{live}</LiveMessage>
      </div>
    </div>
  );
}
