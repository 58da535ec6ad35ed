import { KeyRound, ShieldCheck } from "lucide-react";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import {
  busyWith,
  CancelLink,
  PanelHeader,
  type PanelProps,
  PanelToggle,
  useFormPanel,
} from "./profile-panel-kit";
import { FormAlert, NewPasswordFields, PasswordField } from "./ui";
import { PASSWORD_FIELDS, validatePasswordChange } from "./validation";

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
