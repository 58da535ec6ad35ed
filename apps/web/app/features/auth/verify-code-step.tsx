import { ArrowLeft } from "lucide-react";
import type * as React from "react";
import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { useCodeStep } from "./hooks";
import { type AuthResult, readText } from "./types";
import { CodeCountdown, CodeField, FormAlert, LiveMessage, ResendButton, StepHeading } from "./ui";
import { validateCode } from "./validation";

export type VerifyCodeStepProps = {
  /** The address the code went to. */
  email: string;
  /** Changes whenever a new code goes out: restarts the countdown. */
  codeSentAt: number;
  /** The seconds that code still works, when it is not a new one (record 0035). */
  codeLeftSeconds?: number;
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
const CODE_FIELD = ["otp"] as const;

/**
 * The join code step (storefront.md §2 Register step 2, §4): the 6-digit code, a 600-second
 * countdown, 'Resend Code' enabled only when it reaches 0 (and restarting it), and a way back.
 * Used by /register after the form and by /login when the account is not verified yet.
 */
export function VerifyCodeStep({
  email,
  codeSentAt,
  codeLeftSeconds,
  result,
  notice,
  redirectTo,
  backHref,
  backLabel,
  onBack,
  headingRef,
}: VerifyCodeStepProps) {
  const own = result && INTENTS.includes(result.intent) ? result : undefined;
  const { errors, banner, setErrors, left, expired, live, formRef, busyIntent, onSubmit } =
    useCodeStep(
      own,
      codeSentAt,
      CODE_FIELD,
      (form) => validateCode(readText(form, CODE_FIELD).otp),
      codeLeftSeconds,
    );

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
          <CodeField
            error={errors.otp}
            onInput={() => {
              if (errors.otp) setErrors({});
            }}
          />
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
            <ResendButton
              intent="resend"
              size="sm"
              expired={expired}
              loading={busyIntent === "resend"}
            />
          </div>
        </Form>
        <LiveMessage>{live}</LiveMessage>
      </div>
    </div>
  );
}
