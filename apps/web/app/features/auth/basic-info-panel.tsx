/** The profile's basic information panel: name and phone. */
import type { User } from "@vastra/contracts/auth";
import { Pencil, UserRound } from "lucide-react";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import {
  busyWith,
  CancelLink,
  PanelHeader,
  type PanelProps,
  PanelToggle,
  useFormPanel,
} from "./profile-panel-kit";
import { FormAlert, PhoneInput } from "./ui";
import { PROFILE_FIELDS, validateProfile } from "./validation";

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
