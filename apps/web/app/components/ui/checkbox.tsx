import { Check, Minus } from "lucide-react";
import { Checkbox as CheckboxPrimitive } from "radix-ui";
import * as React from "react";
import { cn } from "~/lib/utils";
import { useFieldControl } from "./field";
import { Label } from "./label";

export type CheckboxProps = React.ComponentProps<typeof CheckboxPrimitive.Root> & {
  /** A label shown to the right of the box and tied to it. */
  label?: React.ReactNode;
  /** Smaller help text under the label. */
  description?: React.ReactNode;
};

/**
 * A checkbox (Radix; with a `name` it also submits with native forms, value "on" by default).
 * Controlled: `checked` + `onCheckedChange`; uncontrolled: `defaultChecked`.
 */
export function Checkbox({ className, label, description, id, ...props }: CheckboxProps) {
  const generated = React.useId();
  const fieldProps = useFieldControl({ ...props, id });
  const boxId = fieldProps.id ?? `checkbox-${generated}`;
  const descriptionId = description ? `${boxId}-description` : undefined;
  const describedBy =
    [fieldProps["aria-describedby"], descriptionId].filter(Boolean).join(" ") || undefined;
  const box = (
    <CheckboxPrimitive.Root
      className={cn(
        "peer grid size-5 shrink-0 place-items-center rounded-sm border border-input bg-card shadow-xs transition-colors",
        "hover:border-primary",
        "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
        "data-[state=checked]:border-primary data-[state=checked]:bg-primary data-[state=checked]:text-primary-foreground",
        "data-[state=indeterminate]:border-primary data-[state=indeterminate]:bg-primary data-[state=indeterminate]:text-primary-foreground",
        "disabled:cursor-not-allowed disabled:opacity-55 aria-invalid:border-destructive",
        className,
      )}
      {...fieldProps}
      id={boxId}
      aria-describedby={describedBy}
    >
      <CheckboxPrimitive.Indicator className="grid place-items-center">
        {props.checked === "indeterminate" ? (
          <Minus aria-hidden="true" className="size-3.5" strokeWidth={3} />
        ) : (
          <Check aria-hidden="true" className="size-3.5" strokeWidth={3} />
        )}
      </CheckboxPrimitive.Indicator>
    </CheckboxPrimitive.Root>
  );
  if (!label) return box;
  return (
    <div className="flex items-start gap-3">
      <div className="flex h-6 items-center">{box}</div>
      <div className="grid gap-0.5">
        <Label htmlFor={boxId} className="cursor-pointer leading-6 font-normal">
          {label}
        </Label>
        {description ? (
          <p id={descriptionId} className="text-sm text-muted-foreground">
            {description}
          </p>
        ) : null}
      </div>
    </div>
  );
}
