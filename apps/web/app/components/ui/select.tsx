import { Check, ChevronDown, ChevronUp } from "lucide-react";
import { Select as SelectPrimitive } from "radix-ui";
import type * as React from "react";
import { cn } from "~/components/ui/cn";
import { useFieldControl } from "./field";
import { controlClasses } from "./input";

/* ------------------------------------------------------------------------------------------
 * Radix Select: a styled listbox. Give the root a `name` and it also submits with native forms.
 *
 * <Field label="Subject" required>
 *   <Select name="subject" defaultValue="general">
 *     <SelectTrigger><SelectValue placeholder="Choose a subject" /></SelectTrigger>
 *     <SelectContent>
 *       <SelectItem value="general">General Inquiry</SelectItem>
 *     </SelectContent>
 *   </Select>
 * </Field>
 * ---------------------------------------------------------------------------------------- */

export const Select = SelectPrimitive.Root;
export const SelectGroup = SelectPrimitive.Group;
export const SelectValue = SelectPrimitive.Value;

export type SelectTriggerProps = React.ComponentProps<typeof SelectPrimitive.Trigger> & {
  required?: boolean;
};

export function SelectTrigger({ className, children, ...props }: SelectTriggerProps) {
  const { required, ...fieldProps } = useFieldControl(props);
  return (
    <SelectPrimitive.Trigger
      className={cn(
        controlClasses,
        "flex h-11 items-center justify-between gap-2 text-left data-[placeholder]:text-muted-foreground",
        "[&>span]:truncate",
        className,
      )}
      aria-required={required || undefined}
      {...fieldProps}
    >
      {children}
      <SelectPrimitive.Icon asChild>
        <ChevronDown aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
      </SelectPrimitive.Icon>
    </SelectPrimitive.Trigger>
  );
}

export function SelectContent({
  className,
  children,
  position = "popper",
  ...props
}: React.ComponentProps<typeof SelectPrimitive.Content>) {
  return (
    <SelectPrimitive.Portal>
      <SelectPrimitive.Content
        position={position}
        className={cn(
          "relative z-50 max-h-(--radix-select-content-available-height) min-w-32 overflow-hidden rounded-md border border-border bg-card text-card-foreground shadow-lg",
          "data-[state=open]:animate-pop-in data-[state=closed]:animate-pop-out",
          position === "popper" &&
            "w-full min-w-(--radix-select-trigger-width) data-[side=bottom]:translate-y-1 data-[side=top]:-translate-y-1",
          className,
        )}
        {...props}
      >
        <SelectPrimitive.ScrollUpButton className="flex h-7 items-center justify-center text-muted-foreground">
          <ChevronUp aria-hidden="true" className="size-4" />
        </SelectPrimitive.ScrollUpButton>
        <SelectPrimitive.Viewport className="p-1">{children}</SelectPrimitive.Viewport>
        <SelectPrimitive.ScrollDownButton className="flex h-7 items-center justify-center text-muted-foreground">
          <ChevronDown aria-hidden="true" className="size-4" />
        </SelectPrimitive.ScrollDownButton>
      </SelectPrimitive.Content>
    </SelectPrimitive.Portal>
  );
}

export function SelectItem({
  className,
  children,
  ...props
}: React.ComponentProps<typeof SelectPrimitive.Item>) {
  return (
    <SelectPrimitive.Item
      className={cn(
        "relative flex min-h-10 w-full cursor-default select-none items-center rounded-sm py-2 pr-8 pl-3 text-sm outline-none",
        "data-[highlighted]:bg-maroon-50 data-[highlighted]:text-maroon-900",
        "data-[disabled]:pointer-events-none data-[disabled]:opacity-50",
        className,
      )}
      {...props}
    >
      <SelectPrimitive.ItemText>{children}</SelectPrimitive.ItemText>
      <span className="absolute right-2 flex size-4 items-center justify-center">
        <SelectPrimitive.ItemIndicator>
          <Check aria-hidden="true" className="size-4 text-primary" />
        </SelectPrimitive.ItemIndicator>
      </span>
    </SelectPrimitive.Item>
  );
}

export function SelectLabel({
  className,
  ...props
}: React.ComponentProps<typeof SelectPrimitive.Label>) {
  return (
    <SelectPrimitive.Label
      className={cn(
        "px-3 py-1.5 text-xs font-semibold uppercase tracking-wider text-muted-foreground",
        className,
      )}
      {...props}
    />
  );
}

export function SelectSeparator({
  className,
  ...props
}: React.ComponentProps<typeof SelectPrimitive.Separator>) {
  return (
    <SelectPrimitive.Separator className={cn("-mx-1 my-1 h-px bg-border", className)} {...props} />
  );
}

export { NativeSelect, type NativeSelectProps } from "./native-select";
