import { cva, type VariantProps } from "class-variance-authority";
import { X } from "lucide-react";
import { Dialog as DialogPrimitive } from "radix-ui";
import type * as React from "react";
import { cn } from "~/components/ui/cn";
import { DialogOverlay } from "./dialog-parts";

/** The Radix dialog behind drawer.tsx, loaded when a drawer is first opened (record 0029). */

export const Root = DialogPrimitive.Root;
export const Trigger = DialogPrimitive.Trigger;
export const Close = DialogPrimitive.Close;

const drawerVariants = cva(
  "fixed z-50 flex flex-col bg-background text-foreground shadow-2xl focus-visible:outline-none",
  {
    variants: {
      side: {
        right:
          "inset-y-0 right-0 h-full w-[min(24rem,calc(100%-3rem))] border-l border-border data-[state=open]:animate-slide-in-right data-[state=closed]:animate-slide-out-right",
        left: "inset-y-0 left-0 h-full w-[min(24rem,calc(100%-3rem))] border-r border-border data-[state=open]:animate-slide-in-left data-[state=closed]:animate-slide-out-left",
        bottom:
          "inset-x-0 bottom-0 max-h-[85dvh] rounded-t-xl border-t border-border data-[state=open]:animate-slide-in-bottom data-[state=closed]:animate-slide-out-bottom",
      },
    },
    defaultVariants: { side: "right" },
  },
);

export type DrawerContentProps = React.ComponentProps<typeof DialogPrimitive.Content> &
  VariantProps<typeof drawerVariants> & {
    /** Hide the corner close (×) button. */
    hideClose?: boolean;
  };

export function Content({ className, children, side, hideClose, ...props }: DrawerContentProps) {
  return (
    <DialogPrimitive.Portal>
      <DialogOverlay />
      <DialogPrimitive.Content className={cn(drawerVariants({ side }), className)} {...props}>
        {children}
        {hideClose ? null : (
          <DialogPrimitive.Close
            className="absolute top-3 right-3 grid size-11 place-items-center rounded-md text-muted-foreground transition-colors hover:bg-muted hover:text-foreground"
            aria-label="Close"
          >
            <X aria-hidden="true" className="size-5" />
          </DialogPrimitive.Close>
        )}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function Title({ className, ...props }: React.ComponentProps<typeof DialogPrimitive.Title>) {
  return (
    <DialogPrimitive.Title
      className={cn("font-display text-2xl font-semibold text-foreground", className)}
      {...props}
    />
  );
}

export function Description({
  className,
  ...props
}: React.ComponentProps<typeof DialogPrimitive.Description>) {
  return (
    <DialogPrimitive.Description
      className={cn("text-sm text-muted-foreground", className)}
      {...props}
    />
  );
}
