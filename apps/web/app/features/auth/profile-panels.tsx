import type { User } from "@vastra/contracts/auth";
import { KeyRound, Mail, Pencil, ShieldCheck, UserRound } from "lucide-react";
import * as React from "react";
import { type FetcherWithComponents, Link, useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { useToast } from "~/components/ui/toast";
import { focusField, submitterValue, useCodeTimer, useFormErrors, useOnNewResult } from "./hooks";
import { type AuthResult, type FieldErrors, readText } from "./types";
import {
  CodeCountdown,
  CodeField,
  FormAlert,
  LiveMessage,
  NewPasswordFields,
  PasswordField,
  PhoneInput,
  ResendButton,
} from "./ui";
import {
  EMAIL_CHANGE_FIELDS,
  PASSWORD_FIELDS,
  PROFILE_FIELDS,
  validateEmailChangeCode,
  validateNewEmail,
  validatePasswordChange,
  validateProfile,
} from "./validation";

export type PanelName = "basic" | "email" | "password";

type PanelProps = {
  /** Opened by the address (a toggle followed before JavaScript ran). */
  startOpen: boolean;
  /** A result of a form posted before JavaScript ran (any panel's). */
  result: AuthResult | undefined;
};

/**
 * A panel's latest answer: its fetcher's, or (before JavaScript) the page's action data when it
 * belongs to this panel. `settled` is only set once the fetcher is idle again, i.e. after the
 * page's data (the user) has been reloaded.
 */
function usePanelResult(
  fetcher: FetcherWithComponents<AuthResult>,
  pageResult: AuthResult | undefined,
  intents: readonly string[],
) {
  const fromPage = pageResult && intents.includes(pageResult.intent) ? pageResult : undefined;
  const latest = fetcher.data ?? fromPage;
  return { fromPage, settled: fetcher.state === "idle" ? latest : undefined };
}

function busyWith(fetcher: FetcherWithComponents<AuthResult>, intent: string): boolean {
  return fetcher.state === "submitting" && fetcher.formData?.get("intent") === intent;
}

/**
 * A toggle that works before JavaScript too: a link that opens the panel through the address;
 * once the page is interactive, a click just flips the panel.
 */
function PanelToggle({
  panel,
  expanded,
  onToggle,
  children,
  toggleRef,
}: {
  panel: PanelName;
  expanded: boolean;
  onToggle: () => void;
  children: React.ReactNode;
  toggleRef?: React.Ref<HTMLAnchorElement>;
}) {
  return (
    <Button asChild variant="outline" size="sm">
      <Link
        ref={toggleRef}
        to={expanded ? "/profile" : `/profile?open=${panel}`}
        preventScrollReset
        aria-expanded={expanded}
        onClick={(event) => {
          event.preventDefault();
          onToggle();
        }}
      >
        {children}
      </Link>
    </Button>
  );
}

/** 'Cancel': a link back to the closed page before JavaScript runs, a state change after. */
function CancelLink({ onCancel, to = "/profile" }: { onCancel: () => void; to?: string }) {
  return (
    <Button asChild variant="ghost">
      <Link
        to={to}
        preventScrollReset
        onClick={(event) => {
          event.preventDefault();
          onCancel();
        }}
      >
        Cancel
      </Link>
    </Button>
  );
}

/** What a form posted before JavaScript ran achieved (with JavaScript, a toast says it). */
function useNotice(fromPage: AuthResult | undefined) {
  return React.useState(fromPage?.ok ? fromPage.message : "");
}

function PanelHeader({
  icon: Icon,
  title,
  description,
  headingId,
  children,
}: {
  icon: typeof Mail;
  title: string;
  description: string;
  headingId: string;
  children?: React.ReactNode;
}) {
  return (
    <div className="grid grid-cols-[auto_minmax(0,1fr)] items-start gap-x-3 gap-y-3 border-b border-border px-5 py-4 sm:grid-cols-[auto_minmax(0,1fr)_auto] sm:px-6">
      <span className="mt-0.5 grid size-10 shrink-0 place-items-center rounded-full bg-maroon-50 text-primary">
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <div className="grid gap-0.5">
        <h2 id={headingId} className="font-display text-xl leading-tight font-semibold">
          {title}
        </h2>
        <p className="text-sm text-muted-foreground">{description}</p>
      </div>
      {children ? (
        <div className="col-start-2 sm:col-start-3 sm:row-start-1">{children}</div>
      ) : null}
    </div>
  );
}

/**
 * A panel whose one form opens and closes (Basic Information, Password & Security): focus goes to
 * the form's first field when it opens and back to the toggle when it closes; an accepted form
 * toasts and closes (forgetting what was typed), a refused one shows why.
 */
function useFormPanel<K extends string>({
  fetcherKey,
  startOpen,
  result,
  intents,
  fields,
  validate,
}: PanelProps & {
  fetcherKey: string;
  intents: readonly string[];
  /** The form's fields, in order. */
  fields: readonly [K, ...K[]];
  validate: (values: Record<K, string>) => FieldErrors;
}) {
  const fetcher = useFetcher<AuthResult>({ key: fetcherKey });
  const { success } = useToast();
  const { fromPage, settled } = usePanelResult(fetcher, result, intents);
  const [open, setOpen] = React.useState(startOpen || Boolean(fromPage && !fromPage.ok));
  const form = useFormErrors(fromPage && !fromPage.ok ? fromPage : undefined);
  const [notice, setNotice] = useNotice(fromPage);
  const [formKey, setFormKey] = React.useState(0);
  const formRef = React.useRef<HTMLFormElement>(null);
  const toggleRef = React.useRef<HTMLAnchorElement>(null);
  const opened = React.useRef(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the panel opens or closes
  React.useEffect(() => {
    if (!opened.current) {
      opened.current = true;
      return;
    }
    if (open) focusField(formRef.current, fields[0]);
    else toggleRef.current?.focus();
  }, [open]);

  useOnNewResult(settled, (r) => {
    setNotice("");
    if (r.ok) {
      success(r.message);
      close();
      return;
    }
    form.refuse(r, formRef.current, fields);
  });

  function close() {
    form.clear();
    setFormKey((key) => key + 1);
    setOpen(false);
  }

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    form.check(event, validate(readText(new FormData(event.currentTarget), fields)), fields);
  }

  return {
    ...form,
    fetcher,
    fromPage,
    open,
    setOpen,
    close,
    notice,
    formKey,
    formRef,
    toggleRef,
    onSubmit,
  };
}

// ------------------------------------------------------------------------ Basic Information

const BASIC_INTENTS = ["profile"];

export function BasicInfoPanel({ user, startOpen, result }: PanelProps & { user: User }) {
  const {
    fetcher,
    fromPage,
    open: editing,
    setOpen: setEditing,
    close,
    notice,
    formKey,
    formRef,
    toggleRef: editRef,
    onSubmit,
    errors,
    banner,
    clearTyped,
  } = useFormPanel({
    fetcherKey: "profile-basic",
    startOpen,
    result,
    intents: BASIC_INTENTS,
    fields: PROFILE_FIELDS,
    validate: validateProfile,
  });

  const kept = fromPage && !fromPage.ok ? fromPage.values : undefined;

  return (
    <Card aria-labelledby="profile-basic-heading" role="region">
      <PanelHeader
        icon={UserRound}
        title="Basic Information"
        description="Your name and the mobile number we can reach you on."
        headingId="profile-basic-heading"
      >
        {editing ? null : (
          <PanelToggle
            panel="basic"
            expanded={false}
            onToggle={() => setEditing(true)}
            toggleRef={editRef}
          >
            <Pencil aria-hidden="true" />
            Edit
          </PanelToggle>
        )}
      </PanelHeader>
      <div className="grid gap-5 px-5 py-5 sm:px-6">
        <FormAlert tone="success">{notice}</FormAlert>
        {editing ? (
          <fetcher.Form
            key={formKey}
            ref={formRef}
            method="post"
            action="/profile"
            noValidate
            onSubmit={onSubmit}
            onInput={(event) => clearTyped(event)}
            className="grid gap-5"
          >
            <input type="hidden" name="intent" value="profile" />
            <FormAlert tone="error">{banner}</FormAlert>
            <div className="grid gap-5 sm:grid-cols-2">
              <Field label="Full Name" error={errors.name} required>
                <Input
                  name="name"
                  autoComplete="name"
                  defaultValue={kept?.name ?? user.name}
                  maxLength={100}
                />
              </Field>
              <Field
                label="Phone Number (optional)"
                error={errors.phone}
                hint="10-digit mobile number."
              >
                <PhoneInput name="phone" defaultValue={kept?.phone ?? user.phone ?? ""} />
              </Field>
            </div>
            <div className="flex flex-wrap gap-3">
              <Button type="submit" loading={busyWith(fetcher, "profile")} loadingText="Saving…">
                Save Changes
              </Button>
              <CancelLink onCancel={close} />
            </div>
          </fetcher.Form>
        ) : (
          <dl className="grid gap-5 sm:grid-cols-2">
            <div className="grid gap-1">
              <dt className="text-sm text-muted-foreground">Full Name</dt>
              <dd className="font-medium break-words">{user.name}</dd>
            </div>
            <div className="grid gap-1">
              <dt className="text-sm text-muted-foreground">Phone Number</dt>
              <dd className={user.phone ? "font-medium" : "text-muted-foreground italic"}>
                {user.phone || "Not provided"}
              </dd>
            </div>
          </dl>
        )}
      </div>
    </Card>
  );
}

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

// ------------------------------------------------------------------------ Password & Security

const PASSWORD_INTENTS = ["password"];

export function PasswordPanel({ startOpen, result }: PanelProps) {
  const {
    fetcher,
    open,
    setOpen,
    close,
    notice,
    formKey,
    formRef,
    toggleRef,
    onSubmit,
    errors,
    banner,
    clearTyped,
  } = useFormPanel({
    fetcherKey: "profile-password",
    startOpen,
    result,
    intents: PASSWORD_INTENTS,
    fields: PASSWORD_FIELDS,
    validate: validatePasswordChange,
  });

  return (
    <Card aria-labelledby="profile-password-heading" role="region">
      <PanelHeader
        icon={KeyRound}
        title="Password & Security"
        description="Keep your account safe with a strong password."
        headingId="profile-password-heading"
      >
        <PanelToggle
          panel="password"
          expanded={open}
          onToggle={() => (open ? close() : setOpen(true))}
          toggleRef={toggleRef}
        >
          Change Password
        </PanelToggle>
      </PanelHeader>
      <div className="grid gap-5 px-5 py-5 sm:px-6">
        <FormAlert tone="success">{notice}</FormAlert>
        <div className="flex items-center gap-3">
          <ShieldCheck aria-hidden="true" className="size-5 shrink-0 text-success" />
          <div className="grid gap-0.5">
            <p className="text-sm text-muted-foreground">Password</p>
            <p className="font-medium">Secure and up to date</p>
          </div>
        </div>
        {open ? (
          <fetcher.Form
            key={formKey}
            ref={formRef}
            method="post"
            action="/profile"
            noValidate
            onSubmit={onSubmit}
            onInput={(event) => clearTyped(event, { newPassword: "confirmPassword" })}
            className="grid gap-5 rounded-md border border-border bg-background/60 p-4 sm:p-5"
          >
            <input type="hidden" name="intent" value="password" />
            <FormAlert tone="error">{banner}</FormAlert>
            <PasswordField
              label="Current Password"
              error={errors.currentPassword}
              name="currentPassword"
              autoComplete="current-password"
              toggleLabel="current password"
            />
            <div className="grid gap-5 sm:grid-cols-2">
              <NewPasswordFields errors={errors} confirmLabel="Confirm New Password" />
            </div>
            <p className="text-sm text-muted-foreground">
              Changing your password signs you out on every other device.
            </p>
            <div className="flex flex-wrap gap-3">
              <Button type="submit" loading={busyWith(fetcher, "password")} loadingText="Updating…">
                Update Password
              </Button>
              <CancelLink onCancel={close} />
            </div>
          </fetcher.Form>
        ) : null}
      </div>
    </Card>
  );
}
