import { LoaderCircle } from "lucide-react";
import { cn } from "~/components/ui/cn";

const SIZES = { sm: "size-4", md: "size-6", lg: "size-10" } as const;

export type SpinnerProps = {
  size?: keyof typeof SIZES;
  /** Read out to screen readers; `null` makes the spinner decorative (e.g. inside a busy button). */
  label?: string | null;
  className?: string;
};

/** A rotating loader. With a label it is a polite status region ("Loading"). */
export function Spinner({ size = "md", label = "Loading", className }: SpinnerProps) {
  const icon = (
    <LoaderCircle
      aria-hidden="true"
      data-motion-safe=""
      className={cn("shrink-0 animate-spin", SIZES[size], className)}
    />
  );
  if (label === null) return icon;
  return (
    <span role="status" className="inline-flex items-center">
      {icon}
      <span className="sr-only">{label}</span>
    </span>
  );
}
