import type * as React from "react";
import { cn } from "~/components/ui/cn";

/**
 * A pulsing placeholder block; size it with classes (`h-4 w-32`, `aspect-[3/4]`). Hidden from
 * screen readers: announce loading once elsewhere (e.g. a Spinner label or aria-busy on the list).
 */
export function Skeleton({ className, ...props }: React.ComponentProps<"div">) {
  return (
    <div
      aria-hidden="true"
      className={cn("animate-pulse rounded-md bg-ivory-300/80", className)}
      {...props}
    />
  );
}
