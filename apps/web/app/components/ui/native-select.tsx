import { ChevronDown } from "lucide-react";
import type * as React from "react";
import { cn } from "~/components/ui/cn";
import { useFieldControl } from "./field";
import { controlClasses } from "./input";

/* ------------------------------------------------------------------------------------------
 * NativeSelect: the browser's own <select>, styled (its own file: pages with one need none of Radix's). Best on phones and for plain form posts.
 *
 * <Field label="State"><NativeSelect name="state">{options}</NativeSelect></Field>
 * ---------------------------------------------------------------------------------------- */

export type NativeSelectProps = React.ComponentProps<"select">;

export function NativeSelect({ className, children, ...props }: NativeSelectProps) {
  const fieldProps = useFieldControl(props);
  return (
    <div className={cn("relative", className)}>
      <select
        className={cn(controlClasses, "h-11 cursor-pointer appearance-none py-2 pr-10")}
        {...fieldProps}
      >
        {children}
      </select>
      <ChevronDown
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted-foreground"
      />
    </div>
  );
}
