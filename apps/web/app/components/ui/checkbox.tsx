import { Check, Minus } from "lucide-react";
import * as React from "react";
import { cn } from "~/components/ui/cn";
import { useFieldControl } from "./field";
import { Label } from "./label";

export type CheckedState = boolean | "indeterminate";

export type CheckboxProps = Omit<
  React.ComponentProps<"input">,
  "type" | "checked" | "defaultChecked" | "onChange"
> & {
  checked?: CheckedState;
  defaultChecked?: boolean;
  onCheckedChange?: (checked: CheckedState) => void;
  /** A label shown to the right of the box and tied to it. */
  label?: React.ReactNode;
  /** Smaller help text under the label. */
  description?: React.ReactNode;
};

/**
 * A checkbox: the browser's own, styled (record 0029: Radix's was ~5 KB of script on the product
 * list, for what a native box does; with a `name` it submits with native forms, value "on").
 * Controlled: `checked` (true, false or "indeterminate") + `onCheckedChange`; uncontrolled:
 * `defaultChecked`.
 */
export function Checkbox({
  className,
  label,
  description,
  id,
  checked,
  onCheckedChange,
  ref,
  ...props
}: CheckboxProps) {
  const generated = React.useId();
  const fieldProps = useFieldControl({ ...props, id });
  const boxId = fieldProps.id ?? `checkbox-${generated}`;
  const descriptionId = description ? `${boxId}-description` : undefined;
  const describedBy =
    [fieldProps["aria-describedby"], descriptionId].filter(Boolean).join(" ") || undefined;
  const input = React.useRef<HTMLInputElement>(null);
  const mixed = checked === "indeterminate";
  // "Indeterminate" is a property only, not an attribute: set after render (and after hydration).
  React.useEffect(() => {
    if (input.current) input.current.indeterminate = mixed;
  }, [mixed]);
  const box = (
    <span className="relative grid size-5 shrink-0 place-items-center">
      <input
        type="checkbox"
        className={cn(
          "peer size-5 cursor-pointer appearance-none rounded-sm border border-input bg-card shadow-xs transition-colors",
          "hover:border-primary",
          "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
          "checked:border-primary checked:bg-primary indeterminate:border-primary indeterminate:bg-primary",
          "disabled:cursor-not-allowed disabled:opacity-55 aria-invalid:border-destructive",
          className,
        )}
        {...fieldProps}
        ref={(node) => {
          input.current = node;
          if (typeof ref === "function") return ref(node);
          if (ref) ref.current = node;
        }}
        id={boxId}
        aria-describedby={describedBy}
        checked={checked === undefined ? undefined : checked === true}
        onChange={(event) => onCheckedChange?.(event.currentTarget.checked)}
      />
      <Check
        aria-hidden="true"
        strokeWidth={3}
        className="pointer-events-none absolute hidden size-3.5 text-primary-foreground peer-checked:block peer-indeterminate:hidden"
      />
      <Minus
        aria-hidden="true"
        strokeWidth={3}
        className="pointer-events-none absolute hidden size-3.5 text-primary-foreground peer-indeterminate:block"
      />
    </span>
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
