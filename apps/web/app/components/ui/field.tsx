import { CircleAlert } from "lucide-react";
import * as React from "react";
import { cn } from "~/components/ui/cn";
import { Label } from "./label";

type FieldContextValue = {
  id: string;
  describedBy: string | undefined;
  invalid: boolean;
  required: boolean;
};

const FieldContext = React.createContext<FieldContextValue | null>(null);

/**
 * For controls (Input, Textarea, NativeSelect, SelectTrigger, Checkbox): fills in id,
 * aria-describedby, aria-invalid and required from the surrounding <Field>, unless the control
 * was given its own.
 */
export function useFieldControl<
  P extends {
    id?: string | undefined;
    "aria-describedby"?: string | undefined;
    "aria-invalid"?: React.AriaAttributes["aria-invalid"];
    required?: boolean | undefined;
  },
>(props: P): P {
  const field = React.useContext(FieldContext);
  if (!field) return props;
  const describedBy =
    [props["aria-describedby"], field.describedBy].filter(Boolean).join(" ") || undefined;
  return {
    ...props,
    id: props.id ?? field.id,
    "aria-describedby": describedBy,
    "aria-invalid": props["aria-invalid"] ?? (field.invalid || undefined),
    required: props.required ?? (field.required || undefined),
  };
}

export type FieldProps = {
  /** The visible label, tied to the control by id. */
  label: React.ReactNode;
  /** The control: Input, Textarea, NativeSelect, SelectTrigger-based Select, … */
  children: React.ReactNode;
  /** The message for this field; shown under it and announced with the control. */
  error?: string | null | undefined;
  /** Help text shown under the control (also tied by aria-describedby). */
  hint?: React.ReactNode;
  /** Marks the label with an asterisk and sets `required` on the control. */
  required?: boolean;
  /** The control's id (generated when omitted). */
  id?: string;
  /** Hide the label visually (still read by screen readers). */
  hideLabel?: boolean;
  className?: string;
};

/**
 * A form row: label + control + hint + error message. The control gets the id, aria-invalid and
 * aria-describedby (hint and error) automatically.
 *
 * <Field label="Email" error={errors.email} required>
 *   <Input name="email" type="email" autoComplete="email" />
 * </Field>
 */
export function Field({
  label,
  children,
  error,
  hint,
  required = false,
  id,
  hideLabel = false,
  className,
}: FieldProps) {
  const generated = React.useId();
  const controlId = id ?? `field-${generated}`;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const value = React.useMemo<FieldContextValue>(
    () => ({
      id: controlId,
      describedBy: [errorId, hintId].filter(Boolean).join(" ") || undefined,
      invalid: Boolean(error),
      required,
    }),
    [controlId, errorId, hintId, error, required],
  );
  return (
    <FieldContext.Provider value={value}>
      <div className={cn("flex flex-col gap-1.5", className)}>
        <Label
          htmlFor={controlId}
          required={required}
          className={hideLabel ? "sr-only" : undefined}
        >
          {label}
        </Label>
        {children}
        {hint ? (
          <p id={hintId} className="text-sm text-muted-foreground">
            {hint}
          </p>
        ) : null}
        <FieldError id={errorId}>{error}</FieldError>
      </div>
    </FieldContext.Provider>
  );
}

export type FieldErrorProps = {
  id?: string | undefined;
  children?: React.ReactNode;
  className?: string;
};

/** An error message line (renders nothing when empty). Use inside custom field layouts. */
export function FieldError({ id, children, className }: FieldErrorProps) {
  if (!children) return null;
  return (
    <p
      id={id}
      className={cn("flex items-start gap-1.5 text-sm font-medium text-destructive", className)}
    >
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>{children}</span>
    </p>
  );
}
