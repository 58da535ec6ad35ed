import type { Dialog as DialogPrimitive } from "radix-ui";
import type * as React from "react";
import { cn } from "~/components/ui/cn";
import type { DrawerContentProps } from "./drawer-parts";
import { lazyPrimitive } from "./lazy-primitive";

/*
 * A side sheet (a Radix Dialog sliding in from an edge): the mobile menu, the product filters.
 * Its code (drawer-parts.tsx) loads when it is first opened or its trigger hovered or focused.
 *
 * <Drawer open={open} onOpenChange={setOpen}>
 *   <DrawerTrigger asChild><Button variant="outline">Filters</Button></DrawerTrigger>
 *   <DrawerContent side="left">
 *     <DrawerHeader><DrawerTitle>Filters</DrawerTitle></DrawerHeader>
 *     <DrawerBody>…</DrawerBody>
 *     <DrawerFooter><Button>Apply</Button></DrawerFooter>
 *   </DrawerContent>
 * </Drawer>
 */

const drawer = lazyPrimitive(() => import("./drawer-parts"), "dialog");

export type { DrawerContentProps };
export const Drawer = drawer.Root<React.ComponentProps<typeof DialogPrimitive.Root>>;
export const DrawerTrigger = drawer.Trigger;
export const DrawerClose = drawer.part("Close");
export const DrawerContent = drawer.part("Content");
export const DrawerTitle = drawer.part("Title");
export const DrawerDescription = drawer.part("Description");

export function DrawerHeader({ className, ...props }: React.ComponentProps<"div">) {
  return (
    <div
      className={cn(
        "grid min-h-17 content-center gap-1 border-b border-border px-5 py-3 pr-16",
        className,
      )}
      {...props}
    />
  );
}

export function DrawerBody({ className, ...props }: React.ComponentProps<"div">) {
  return <div className={cn("flex-1 overflow-y-auto px-5 py-4", className)} {...props} />;
}

export function DrawerFooter({ className, ...props }: React.ComponentProps<"div">) {
  return (
    <div
      className={cn("flex flex-col gap-3 border-t border-border px-5 py-4", className)}
      {...props}
    />
  );
}
