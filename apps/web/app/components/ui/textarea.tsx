import type * as React from "react";
import { cn } from "~/components/ui/cn";
import { useFieldControl } from "./field";
import { controlClasses } from "./input";

export type TextareaProps = React.ComponentProps<"textarea">;

/** A multi-line text box. Inside a <Field> it is labelled and described automatically. */
export function Textarea({ className, rows = 4, ...props }: TextareaProps) {
  const fieldProps = useFieldControl(props);
  return (
    <textarea
      rows={rows}
      className={cn(controlClasses, "min-h-24 resize-y py-2.5 leading-relaxed", className)}
      {...fieldProps}
    />
  );
}
