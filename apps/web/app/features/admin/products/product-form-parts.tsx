/**
 * The small pieces the product form's sections share: a titled section (a fieldset), the text box
 * and Add button that add a size or a colour, the form's message banner, and the field message
 * that names the field.
 */
import { ADMIN_PRODUCT_MESSAGES } from "@vastra/contracts/admin-products";
import { CircleAlert, Plus, X } from "lucide-react";
import type * as React from "react";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import type { FormValues } from "./form-values";

/** Sets one form value (and clears that field's message). */
export type SetField<K extends keyof FormValues> = <Key extends K>(
  key: Key,
  value: FormValues[Key],
) => void;

/** Sets (or, with null, clears) one field's message. */
export type SetFieldError = (field: string, message: string | null) => void;

export type FormNoticeValue = { kind: "error" | "success"; text: string };

/** A field's message; the generic "fill in all required fields" names the field instead. */
export function fieldMessage(errors: Record<string, string>, field: string, label: string) {
  return errors[field] === ADMIN_PRODUCT_MESSAGES.required ? `${label} is required` : errors[field];
}

export function Section({
  title,
  children,
  description,
  first = false,
}: {
  title: string;
  children: React.ReactNode;
  description?: string;
  first?: boolean;
}) {
  return (
    <fieldset
      className={cn(
        "m-0 grid min-w-0 gap-4 border-0 p-0",
        first ? "" : "border-border border-t pt-5",
      )}
    >
      <legend className="float-left mb-1 w-full font-display font-semibold text-foreground text-lg">
        {title}
        {description ? (
          <span className="mt-0.5 block font-normal font-sans text-muted-foreground text-sm">
            {description}
          </span>
        ) : null}
      </legend>
      {children}
    </fieldset>
  );
}

/** The form's message: an alert for an error, a status for a success; it can be dismissed. */
export function FormNotice({
  notice,
  onDismiss,
}: {
  notice: FormNoticeValue;
  onDismiss: () => void;
}) {
  return (
    <p
      role={notice.kind === "error" ? "alert" : "status"}
      className={cn(
        "flex items-start gap-2 rounded-md border border-l-4 px-3 py-2 font-medium text-sm",
        notice.kind === "error"
          ? "border-destructive/30 border-l-destructive bg-destructive-soft"
          : "border-success/30 border-l-success bg-success-soft",
      )}
    >
      {notice.kind === "error" ? (
        <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-destructive" />
      ) : null}
      <span className="flex-1">{notice.text}</span>
      <button
        type="button"
        className="-my-1 grid size-7 place-items-center rounded text-muted-foreground hover:text-foreground"
        aria-label="Dismiss message"
        onClick={onDismiss}
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </p>
  );
}

/** A text box and its Add button (Enter adds too): how the form adds a size or a colour. */
export function AddItemRow(props: {
  label: string;
  id: string;
  value: string;
  maxLength: number;
  placeholder: string;
  error: string | undefined;
  onValueChange: (value: string) => void;
  onAdd: () => void;
  addLabel: string;
}) {
  return (
    <div className="flex items-end gap-2">
      <Field label={props.label} error={props.error} id={props.id} className="flex-1">
        <Input
          value={props.value}
          maxLength={props.maxLength}
          placeholder={props.placeholder}
          onChange={(e) => props.onValueChange(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault();
              props.onAdd();
            }
          }}
        />
      </Field>
      <Button variant="outline" onClick={props.onAdd} className={props.error ? "mb-7" : undefined}>
        <Plus aria-hidden="true" />
        {props.addLabel}
      </Button>
    </div>
  );
}
