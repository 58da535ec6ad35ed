import { AUTH_MESSAGES } from "@vastra/contracts/auth";
import { ArrowRight, UserPlus } from "lucide-react";
import * as React from "react";
import { Form, Link, useLocation, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { useToast } from "~/components/ui/toast";
import { useFormErrors, useOnNewResult, useRedirectToast } from "./hooks";
import { type AuthResult, readText } from "./types";
import { AuthLayout, FormAlert, PasswordField, PhoneInput, StepHeading, SwitchPrompt } from "./ui";
import { REGISTER_FIELDS, validateRegister } from "./validation";
import { VerifyCodeStep } from "./verify-code-step";

/** A code went out for this address: the code step exists (shown, or hidden behind the form). */
type PendingCode = { email: string; codeSentAt: number };

const VERIFY_INTENTS = ["verify"];
const CODE_STEP_INTENTS = ["register", "verify", "resend"];

/** The code a page rendered from an action result (no JavaScript yet) is waiting for. */
function initialPending(result: AuthResult | undefined): PendingCode | null {
  if (!result?.email || !CODE_STEP_INTENTS.includes(result.intent)) return null;
  if (result.intent === "register" && !result.ok) return null;
  return { email: result.email, codeSentAt: result.codeSentAt ?? 0 };
}

/**
 * /register (storefront.md §2, §4, §5): the form, then the e-mail code. Both stay mounted, one of
 * them hidden: going back to the form finds everything as it was typed, and coming forward again
 * finds the code step (and its countdown) as it was left, with no second code needed.
 */
export function RegisterPage({
  referralCode,
  result,
}: {
  referralCode: string;
  result: AuthResult | undefined;
}) {
  const location = useLocation();
  const navigation = useNavigation();
  const { success } = useToast();
  const [pending, setPending] = React.useState<PendingCode | null>(() => initialPending(result));
  const [onCodeStep, setOnCodeStep] = React.useState(pending !== null);
  const own = result?.intent === "register" ? result : undefined;
  const { errors, banner, clear, refuse, check, clearTyped } = useFormErrors(
    own && !own.ok ? own : undefined,
  );
  const formRef = React.useRef<HTMLFormElement>(null);
  const formHeading = React.useRef<HTMLHeadingElement>(null);
  const verifyHeading = React.useRef<HTMLHeadingElement>(null);
  const firstRender = React.useRef(true);
  const showCode = onCodeStep && pending !== null;

  useRedirectToast(VERIFY_INTENTS, AUTH_MESSAGES.verified);

  // A new step puts focus on its heading.
  React.useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    (showCode ? verifyHeading : formHeading).current?.focus();
  }, [showCode]);

  useOnNewResult(own, (r) => {
    if (r.ok && r.email) {
      clear();
      success(r.message);
      setPending({ email: r.email, codeSentAt: r.codeSentAt ?? Date.now() });
      setOnCodeStep(true);
      return;
    }
    refuse(r, formRef.current, REGISTER_FIELDS);
  });

  const values = own?.values ?? {};
  const submitting =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "register";
  const here = `${location.pathname}${location.search}`;

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    const found = validateRegister(readText(new FormData(event.currentTarget), REGISTER_FIELDS));
    check(event, found, REGISTER_FIELDS);
  }

  return (
    <AuthLayout>
      <div hidden={showCode}>
        <StepHeading
          ref={formHeading}
          eyebrow="Join Vastra"
          description="Create your account to order, track your orders and refer friends. We'll e-mail you a code to verify your address."
        >
          Create your account
        </StepHeading>

        <div className="grid gap-5">
          {pending && !showCode ? (
            <FormAlert tone="info" live={false}>
              <span>
                We have e-mailed a code to{" "}
                <strong className="font-semibold [overflow-wrap:anywhere]">{pending.email}</strong>.
              </span>
              <button
                type="button"
                onClick={() => setOnCodeStep(true)}
                className="inline-flex w-fit items-center gap-1 font-semibold underline underline-offset-2"
              >
                Enter your code
                <ArrowRight aria-hidden="true" className="size-4" />
              </button>
            </FormAlert>
          ) : null}
          <FormAlert tone="error">{banner}</FormAlert>
          <Form
            ref={formRef}
            method="post"
            noValidate
            onSubmit={onSubmit}
            // Fixing the password can fix the confirmation too.
            onInput={(event) => clearTyped(event, { password: "confirmPassword" })}
            className="grid gap-5"
          >
            <input type="hidden" name="intent" value="register" />
            <Field label="Full Name" error={errors.name} required>
              <Input name="name" autoComplete="name" defaultValue={values.name} maxLength={100} />
            </Field>
            <Field label="Email" error={errors.email} required>
              <Input
                name="email"
                type="email"
                inputMode="email"
                autoComplete="email"
                spellCheck={false}
                defaultValue={values.email}
                maxLength={254}
              />
            </Field>
            <Field
              label="Phone Number (optional)"
              error={errors.phone}
              hint="10-digit mobile number, e.g. 9876543210."
            >
              <PhoneInput name="phone" defaultValue={values.phone} />
            </Field>
            <div className="grid gap-5 sm:grid-cols-2">
              <PasswordField
                label="Password"
                error={errors.password}
                hint="At least 6 characters."
                name="password"
                autoComplete="new-password"
              />
              <PasswordField
                label="Confirm Password"
                error={errors.confirmPassword}
                name="confirmPassword"
                autoComplete="new-password"
                toggleLabel="confirmation password"
              />
            </div>
            <Field
              label="Referral Code (optional)"
              error={errors.referredBy}
              hint="Were you invited by a friend? Enter their code."
            >
              <Input
                name="referredBy"
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                defaultValue={values.referredBy ?? referralCode}
                maxLength={32}
                className="uppercase placeholder:normal-case"
              />
            </Field>
            <Button
              type="submit"
              size="lg"
              className="mt-1 w-full"
              loading={submitting}
              loadingText="Creating your account…"
            >
              <UserPlus aria-hidden="true" />
              Create Account
            </Button>
            <p className="text-center text-xs leading-relaxed text-muted-foreground">
              By creating an account you agree to our{" "}
              <Link to="/terms" className="font-medium text-primary underline underline-offset-2">
                Terms &amp; Conditions
              </Link>{" "}
              and{" "}
              <Link
                to="/general-policy"
                className="font-medium text-primary underline underline-offset-2"
              >
                Privacy Policy
              </Link>
              .
            </p>
          </Form>
          <SwitchPrompt question="Already have an account?" to="/login">
            Sign in
          </SwitchPrompt>
        </div>
      </div>

      {pending ? (
        <div hidden={!showCode}>
          <VerifyCodeStep
            email={pending.email}
            codeSentAt={pending.codeSentAt}
            result={result}
            backHref={here}
            backLabel="Back to registration"
            onBack={() => setOnCodeStep(false)}
            headingRef={verifyHeading}
          />
        </div>
      ) : null}
    </AuthLayout>
  );
}
