import { CONTACT_SUBJECTS } from "@vastra/contracts/contact";
import { CircleAlert, CircleCheck, Send } from "lucide-react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";
import {
  CONTACT_FIELDS,
  type ContactErrors,
  type ContactField,
  type ContactResult,
  readContactForm,
  validateContact,
} from "./contact-submit";

const EMPTY = { name: "", email: "", phone: "", subject: "", message: "" };

/**
 * The contact form: a progressively enhanced <Form>. Without JavaScript it posts to the page's
 * action; with it, the fields are checked in the browser first (same schema as the API) and the
 * page's clientAction sends it. Messages appear under their fields; what was typed is kept on a
 * failure and cleared on success.
 */
export function ContactForm({ result }: { result: ContactResult | undefined }) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formAction === "/contact";
  const formRef = useRef<HTMLFormElement>(null);
  const statusRef = useRef<HTMLDivElement>(null);
  const [errors, setErrors] = useState<ContactErrors>(result && !result.ok ? result.errors : {});
  // Bumped after each successful send: the fields mount afresh, empty.
  const [formKey, setFormKey] = useState(0);

  useEffect(() => {
    if (!result) return;
    if (result.ok) {
      setErrors({});
      setFormKey((key) => key + 1);
      reveal(statusRef.current, "nearest");
      return;
    }
    setErrors(result.errors);
    const first = CONTACT_FIELDS.find((field) => result.errors[field]);
    if (first) focusField(formRef.current, first);
    else reveal(statusRef.current, "nearest");
  }, [result]);

  const values = result && !result.ok ? result.values : EMPTY;
  const banner = !sending && result && !result.ok ? result.banner : "";
  const hasErrors = Object.keys(errors).length > 0;
  const success = !sending && !hasErrors && result?.ok ? result.message : "";

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const found = validateContact(readContactForm(new FormData(event.currentTarget)));
    setErrors(found);
    const first = CONTACT_FIELDS.find((field) => found[field]);
    if (first) {
      event.preventDefault();
      focusField(event.currentTarget, first);
    }
  }

  function clearError(field: string) {
    if (field in errors) {
      setErrors((current) => {
        const next = { ...current };
        delete next[field as ContactField];
        return next;
      });
    }
  }

  return (
    <Form
      ref={formRef}
      method="post"
      action="/contact"
      noValidate
      onSubmit={onSubmit}
      onChange={(event) => {
        const target: EventTarget = event.target;
        if (
          target instanceof HTMLInputElement ||
          target instanceof HTMLTextAreaElement ||
          target instanceof HTMLSelectElement
        ) {
          clearError(target.name);
        }
      }}
      aria-labelledby="contact-form-heading"
      className="grid gap-5"
    >
      <div ref={statusRef} tabIndex={-1} className="scroll-mt-28 outline-none empty:hidden">
        {success ? (
          <p
            role="status"
            className="flex items-start gap-3 rounded-md border border-success/30 bg-success-soft p-4 font-medium text-success"
          >
            <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
            <span>{success}</span>
          </p>
        ) : null}
        {banner ? (
          <p
            role="alert"
            className="flex items-start gap-3 rounded-md border border-destructive/30 bg-destructive-soft p-4 font-medium text-destructive"
          >
            <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
            <span>{banner}</span>
          </p>
        ) : null}
      </div>

      <div key={formKey} className="grid gap-5">
        <div className="grid gap-5 sm:grid-cols-2">
          <Field label="Name" error={errors.name} required>
            <Input name="name" autoComplete="name" defaultValue={values.name} maxLength={100} />
          </Field>
          <Field label="Email" error={errors.email} required>
            <Input
              name="email"
              type="email"
              autoComplete="email"
              inputMode="email"
              spellCheck={false}
              defaultValue={values.email}
              maxLength={254}
            />
          </Field>
        </div>
        <div className="grid gap-5 sm:grid-cols-2">
          <Field label="Phone" error={errors.phone} hint="Optional. 10-digit mobile number.">
            <Input
              name="phone"
              type="tel"
              autoComplete="tel-national"
              inputMode="tel"
              defaultValue={values.phone}
              maxLength={16}
            />
          </Field>
          <Field label="Subject" error={errors.subject} required>
            <NativeSelect name="subject" defaultValue={values.subject}>
              <option value="" disabled>
                Choose a subject
              </option>
              {CONTACT_SUBJECTS.map((subject) => (
                <option key={subject.value} value={subject.value}>
                  {subject.label}
                </option>
              ))}
            </NativeSelect>
          </Field>
        </div>
        <Field label="Message" error={errors.message} required>
          <Textarea
            name="message"
            rows={6}
            defaultValue={values.message}
            maxLength={5000}
            placeholder="Tell us what you're looking for: the occasion, your size, colours you love, or your order number."
          />
        </Field>
      </div>

      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-muted-foreground text-sm">
          <span aria-hidden="true" className="text-destructive">
            *
          </span>{" "}
          Required fields
        </p>
        <Button type="submit" size="lg" loading={sending} loadingText="Sending…">
          <Send aria-hidden="true" />
          Send message
        </Button>
      </div>
    </Form>
  );
}

function focusField(form: HTMLFormElement | null, field: ContactField) {
  const element = form?.elements.namedItem(field);
  if (element instanceof HTMLElement) reveal(element, "center");
}

/** Focuses an element and scrolls it clear of the fixed header (scroll-margin is honoured). */
function reveal(element: HTMLElement | null, block: ScrollLogicalPosition) {
  if (!element) return;
  element.focus({ preventScroll: true });
  element.scrollIntoView({ block });
}
