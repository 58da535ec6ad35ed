import { CircleAlert } from "lucide-react";
import type * as React from "react";

/**
 * The message above a dialog's buttons when saving failed as a whole (the field messages stay
 * beside their fields). Renders nothing without a message; role="alert" so it is read at once.
 */
export function FormErrorSummary({ children }: { children?: React.ReactNode }) {
  if (!children) return null;
  return (
    <p
      role="alert"
      className="flex items-center gap-2 rounded-md border border-destructive/30 bg-destructive-soft px-3 py-2 font-medium text-sm"
    >
      <CircleAlert aria-hidden="true" className="size-4 shrink-0 text-destructive" />
      {children}
    </p>
  );
}
