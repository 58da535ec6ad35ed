/** The profile's e-mail panel: a new address, confirmed by a code sent to it. */
import type { User } from "@vastra/contracts/auth";
import { Mail } from "lucide-react";
import * as React from "react";
import { type FetcherWithComponents, Link, useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { useToast } from "~/components/ui/toast";
import { focusField, submitterValue, useCodeTimer, useFormErrors, useOnNewResult } from "./hooks";
import {
  busyWith,
  CancelLink,
  PanelHeader,
  type PanelProps,
  PanelToggle,
  useNotice,
  usePanelResult,
} from "./profile-panel-kit";
import { type AuthResult, type FieldErrors, readText } from "./types";
import {
  CodeCountdown,
  CodeField,
  FormAlert,
  LiveMessage,
  PasswordField,
  ResendButton,
} from "./ui";
import { EMAIL_CHANGE_FIELDS, validateEmailChangeCode, validateNewEmail } from "./validation";

// ------------------------------------------------------------------------ Email Address

const EMAIL_INTENTS = ["request-email", "resend-email", "verify-email"];
const EMAIL_FIELDS = ["newEmail", "currentPassword", "otp"] as const;

type EmailStep =
  | { name: "closed" }
  | { name: "request" }
  | { name: "verify"; newEmail: string; codeSentAt: number };

function initialEmailStep(startOpen: boolean, fromPage: AuthResult | undefined): EmailStep {
  if (fromPage) {
    const newEmail = fromPage.email ?? fromPage.values?.newEmail ?? "";
    if (fromPage.intent === "request-email") {
      return fromPage.ok && newEmail
        ? { name: "verify", newEmail, codeSentAt: fromPage.codeSentAt ?? 0 }
        : { name: "request" };
    }
    if (!fromPage.ok || fromPage.intent === "resend-email") {
      return newEmail
        ? { name: "verify", newEmail, codeSentAt: fromPage.codeSentAt ?? 0 }
        : { name: "request" };
    }
  }
  return startOpen ? { name: "request" } : { name: "closed" };
}

export function EmailPanel({ user, startOpen, result }: PanelProps & { user: User }) {
  const fetcher = useFetcher<AuthResult>({ key: "profile-email" });
  const { success } = useToast();
  const { fromPage, settled } = usePanelResult(fetcher, result, EMAIL_INTENTS);
  const [step, setStep] = React.useState<EmailStep>(() => initialEmailStep(startOpen, fromPage));
  const { errors, banner, setErrors, clear, refuse, check } = useFormErrors(
    fromPage && !fromPage.ok ? fromPage : undefined,
  );
  const [notice, setNotice] = useNotice(fromPage);
  const [typed, setTyped] = React.useState(fromPage?.values?.newEmail ?? "");
  const toggleRef = React.useRef<HTMLAnchorElement>(null);
  const requestForm = React.useRef<HTMLFormElement>(null);
  const verifyForm = React.useRef<HTMLFormElement>(null);
  const verifyHeading = React.useRef<HTMLHeadingElement>(null);
  const lastStep = React.useRef(step.name);

  React.useEffect(() => {
    if (lastStep.current === step.name) return;
    const was = lastStep.current;
    lastStep.current = step.name;
    if (step.name === "request") focusField(requestForm.current, "newEmail");
    else if (step.name === "verify") verifyHeading.current?.focus();
    else if (was !== "closed") toggleRef.current?.focus();
  }, [step.name]);

  useOnNewResult(settled, (r) => {
    setNotice("");
    if (r.ok) {
      clear();
      success(r.message);
      if (r.intent === "verify-email") {
        setTyped("");
        setStep({ name: "closed" });
      } else if (r.email) {
        setStep({ name: "verify", newEmail: r.email, codeSentAt: r.codeSentAt ?? Date.now() });
      }
      return;
    }
    // The request form names the new address and the password; the code step, the code.
    const onRequestForm = r.errors.newEmail || r.errors.currentPassword;
    refuse(r, onRequestForm ? requestForm.current : verifyForm.current, EMAIL_FIELDS);
  });

  function close() {
    clear();
    setTyped("");
    setStep({ name: "closed" });
  }

  function onRequest(event: React.FormEvent<HTMLFormElement>) {
    const values = readText(new FormData(event.currentTarget), EMAIL_CHANGE_FIELDS);
    check(event, validateNewEmail(values), EMAIL_CHANGE_FIELDS);
  }

  function onVerify(event: React.FormEvent<HTMLFormElement>) {
    if (submitterValue(event) === "resend-email") return;
    const found = validateEmailChangeCode(
      readText(new FormData(event.currentTarget), EMAIL_FIELDS),
    );
    check(event, found, ["otp"]);
  }

  const open = step.name !== "closed";

  return (
    <Card aria-labelledby="profile-email-heading" role="region">
      <PanelHeader
        icon={Mail}
        title="Email Address"
        description="The address you sign in with and where we send order updates."
        headingId="profile-email-heading"
      >
        <PanelToggle
          panel="email"
          expanded={open}
          onToggle={() => (open ? close() : setStep({ name: "request" }))}
          toggleRef={toggleRef}
        >
          Change Email
        </PanelToggle>
      </PanelHeader>
      <div className="grid gap-5 px-5 py-5 sm:px-6">
        <FormAlert tone="success">{notice}</FormAlert>
        <div className="grid gap-1">
          <p className="text-sm text-muted-foreground">Current email</p>
          <p className="font-medium [overflow-wrap:anywhere]">{user.email}</p>
        </div>

        {step.name === "request" ? (
          <fetcher.Form
            ref={requestForm}
            method="post"
            action="/profile"
            noValidate
            onSubmit={onRequest}
            onInput={(event) => {
              const target = event.target;
              if (!(target instanceof HTMLInputElement)) return;
              if (target.name === "newEmail") setTyped(target.value);
              if (errors[target.name]) setErrors({});
            }}
            className="grid gap-5 rounded-md border border-border bg-background/60 p-4 sm:p-5"
          >
            <input type="hidden" name="intent" value="request-email" />
            <FormAlert tone="error">{banner}</FormAlert>
            <Field
              label="New Email Address"
              error={errors.newEmail}
              hint="We'll send a 6-digit code to the new address, and a notice to your current one."
              required
            >
              <Input
                name="newEmail"
                type="email"
                inputMode="email"
                autoComplete="email"
                spellCheck={false}
                defaultValue={typed}
                maxLength={254}
              />
            </Field>
            <PasswordField
              label="Current Password"
              error={errors.currentPassword}
              name="currentPassword"
              autoComplete="current-password"
              toggleLabel="current password"
            />
            <div className="flex flex-wrap gap-3">
              <Button
                type="submit"
                loading={busyWith(fetcher, "request-email")}
                loadingText="Sending…"
              >
                Send Verification Code
              </Button>
              <CancelLink onCancel={close} />
            </div>
          </fetcher.Form>
        ) : null}

        {step.name === "verify" ? (
          <EmailCodeStep
            fetcher={fetcher}
            formRef={verifyForm}
            headingRef={verifyHeading}
            newEmail={step.newEmail}
            codeSentAt={step.codeSentAt}
            errors={errors}
            banner={banner}
            onSubmit={onVerify}
            onClearCode={() => {
              if (errors.otp) setErrors({});
            }}
            onBack={() => {
              clear();
              setTyped(step.newEmail);
              setStep({ name: "request" });
            }}
            onCancel={close}
          />
        ) : null}
      </div>
    </Card>
  );
}

function EmailCodeStep({
  fetcher,
  formRef,
  headingRef,
  newEmail,
  codeSentAt,
  errors,
  banner,
  onSubmit,
  onClearCode,
  onBack,
  onCancel,
}: {
  fetcher: FetcherWithComponents<AuthResult>;
  formRef: React.RefObject<HTMLFormElement | null>;
  headingRef: React.RefObject<HTMLHeadingElement | null>;
  newEmail: string;
  codeSentAt: number;
  errors: FieldErrors;
  banner: string;
  onSubmit: (event: React.FormEvent<HTMLFormElement>) => void;
  onClearCode: () => void;
  onBack: () => void;
  onCancel: () => void;
}) {
  const { left, expired, live } = useCodeTimer(codeSentAt);

  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      action="/profile"
      noValidate
      onSubmit={onSubmit}
      className="grid gap-5 rounded-md border border-border bg-background/60 p-4 sm:p-5"
    >
      <div className="grid gap-1">
        <h3
          ref={headingRef}
          tabIndex={-1}
          className="scroll-mt-28 font-semibold text-foreground outline-none"
        >
          Verify your new email
        </h3>
        <p className="text-sm text-muted-foreground">
          We sent a 6-digit code to{" "}
          <strong className="font-semibold [overflow-wrap:anywhere] text-foreground">
            {newEmail}
          </strong>
          .
        </p>
      </div>
      <input type="hidden" name="newEmail" value={newEmail} />
      <FormAlert tone="error">{banner}</FormAlert>
      <CodeField error={errors.otp} onInput={onClearCode} />
      <CodeCountdown seconds={left} />
      <div className="flex flex-wrap items-center gap-3">
        <Button
          type="submit"
          name="intent"
          value="verify-email"
          loading={busyWith(fetcher, "verify-email")}
          loadingText="Verifying…"
        >
          Verify Email
        </Button>
        <ResendButton
          intent="resend-email"
          expired={expired}
          loading={busyWith(fetcher, "resend-email")}
          waitingLabel="Resend Available Soon"
        />
        <Button asChild variant="ghost">
          <Link
            to="/profile?open=email"
            preventScrollReset
            onClick={(event) => {
              event.preventDefault();
              onBack();
            }}
          >
            Use another email
          </Link>
        </Button>
        <CancelLink onCancel={onCancel} />
      </div>
      <LiveMessage>{live}</LiveMessage>
    </fetcher.Form>
  );
}
