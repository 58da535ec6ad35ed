import { Send } from "lucide-react";
import type * as React from "react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import type { useFormErrors } from "./hooks";
import { type FieldErrors, readText } from "./types";
import { FormAlert } from "./ui";

const EMAIL_FIELD = ["email"] as const;

/**
 * 'Send Reset Code': the e-mail form of the sign-in page's reset view and of the reset page's
 * first step, with its error banner (`notice` stands between the banner and the form).
 */
export function ResetEmailForm({
  intent,
  form,
  formRef,
  validate,
  defaultEmail,
  notice,
}: {
  /** The form's intent: "forgot" (sign-in page) or "send" (reset page). */
  intent: string;
  form: ReturnType<typeof useFormErrors>;
  formRef: React.RefObject<HTMLFormElement | null>;
  validate: (email: string) => FieldErrors;
  defaultEmail: string;
  notice?: React.ReactNode;
}) {
  const navigation = useNavigation();
  const sending =
    navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const { errors, banner, setErrors, check } = form;

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    const { email } = readText(new FormData(event.currentTarget), EMAIL_FIELD);
    check(event, validate(email), EMAIL_FIELD);
  }

  return (
    <>
      <FormAlert tone="error">{banner}</FormAlert>
      {notice}
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
        <input type="hidden" name="intent" value={intent} />
        <Field label="Email" error={errors.email} required>
          <Input
            name="email"
            type="email"
            inputMode="email"
            autoComplete="email"
            spellCheck={false}
            defaultValue={defaultEmail}
            maxLength={254}
          />
        </Field>
        <Button type="submit" size="lg" className="w-full" loading={sending} loadingText="Sending…">
          <Send aria-hidden="true" />
          Send Reset Code
        </Button>
      </Form>
    </>
  );
}
