import type { Dialog as DialogPrimitive } from "radix-ui";
import type * as React from "react";
import { cn } from "~/components/ui/cn";
import type { DialogContentProps } from "./dialog-parts";
import { lazyPrimitive } from "./lazy-primitive";

/*
 * A modal dialog (Radix: focus trap, Escape and outside click close, focus returns to the trigger).
 * Its code (dialog-parts.tsx) loads when it is first opened or its trigger hovered or focused.
 *
 * <Dialog open={open} onOpenChange={setOpen}>
 *   <DialogTrigger asChild><Button>Place order</Button></DialogTrigger>
 *   <DialogContent>
 *     <DialogHeader>
 *       <DialogTitle>Review your order</DialogTitle>
 *       <DialogDescription>Check the address before confirming.</DialogDescription>
 *     </DialogHeader>
 *     …
 *     <DialogFooter>
 *       <DialogClose asChild><Button variant="outline">Cancel</Button></DialogClose>
 *       <Button>Confirm</Button>
 *     </DialogFooter>
 *   </DialogContent>
 * </Dialog>
 *
 * Every dialog needs a DialogTitle (use className="sr-only" to hide it). Without a
 * DialogDescription pass aria-describedby={undefined} to DialogContent.
 */

const dialog = lazyPrimitive(() => import("./dialog-parts"), "dialog");

export type { DialogContentProps };
export const Dialog = dialog.Root<React.ComponentProps<typeof DialogPrimitive.Root>>;
export const DialogTrigger = dialog.Trigger;
export const DialogClose = dialog.part("Close");
export const DialogContent = dialog.part("Content");
export const DialogTitle = dialog.part("Title");
export const DialogDescription = dialog.part("Description");
/** Starts loading the dialog's code (e.g. when a dialog is about to open without its trigger). */
export const preloadDialog = dialog.preload;

export function DialogHeader({ className, ...props }: React.ComponentProps<"div">) {
  return <div className={cn("grid gap-1.5 pr-8", className)} {...props} />;
}

export function DialogFooter({ className, ...props }: React.ComponentProps<"div">) {
  return (
    <div
      className={cn("flex flex-col-reverse gap-3 sm:flex-row sm:justify-end", className)}
      {...props}
    />
  );
}
