import type * as React from "react";
import { cn } from "~/components/ui/cn";

export type LabelProps = React.ComponentProps<"label"> & {
  /** Shows a decorative asterisk; the control itself must carry `required`. */
  required?: boolean;
};

/** A form label; like Radix's, a double click on its text does not select the text. */
export function Label({ className, required, children, onMouseDown, ...props }: LabelProps) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: the caller ties it to its control (htmlFor).
    <label
      className={cn(
        "text-sm font-medium leading-snug text-foreground peer-disabled:cursor-not-allowed peer-disabled:opacity-60",
        className,
      )}
      onMouseDown={(event) => {
        onMouseDown?.(event);
        const onControl = (event.target as Element).closest("button, input, select, textarea");
        if (!onControl && !event.defaultPrevented && event.detail > 1) event.preventDefault();
      }}
      {...props}
    >
      {children}
      {required ? (
        <span aria-hidden="true" className="ml-0.5 text-destructive">
          *
        </span>
      ) : null}
    </label>
  );
}
