import type * as React from "react";
import { cn } from "~/components/ui/cn";
import { useFieldControl } from "./field";

/** Shared look of text-like controls (input, textarea, native select, select trigger). */
export const controlClasses = cn(
  "w-full rounded-md border border-input bg-card px-3 text-base text-foreground shadow-xs",
  "placeholder:text-muted-foreground/85 transition-[border-color,box-shadow] duration-150",
  "hover:border-foreground/60",
  "focus-visible:border-primary focus-visible:outline-none focus-visible:ring-3 focus-visible:ring-primary/25",
  "disabled:cursor-not-allowed disabled:bg-muted disabled:opacity-70",
  "aria-invalid:border-destructive aria-invalid:focus-visible:ring-destructive/25",
);

export type InputProps = React.ComponentProps<"input">;

/** A text input (any `type`). Inside a <Field> it is labelled and described automatically. */
export function Input({ className, type = "text", ...props }: InputProps) {
  const fieldProps = useFieldControl(props);
  return (
    <input
      type={type}
      className={cn(
        controlClasses,
        "h-11 py-2 file:mr-3 file:border-0 file:bg-transparent file:text-sm file:font-medium",
        className,
      )}
      {...fieldProps}
    />
  );
}
