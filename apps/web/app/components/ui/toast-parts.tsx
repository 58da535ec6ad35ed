import { CircleAlert, CircleCheck, Info, X } from "lucide-react";
import { Toast as ToastPrimitive } from "radix-ui";
import { cn } from "~/components/ui/cn";
import { TOAST_DURATION_MS, type ToastItem } from "./toast";

/** The Radix toasts behind toast.tsx, loaded with the first toast (record 0029). */

const ICONS = { success: CircleCheck, error: CircleAlert, info: Info } as const;

export default function Toasts({
  toasts,
  dismiss,
}: {
  toasts: ToastItem[];
  dismiss: (id: number) => void;
}) {
  return (
    <ToastPrimitive.Provider
      swipeDirection="right"
      duration={TOAST_DURATION_MS}
      label="Notification"
    >
      {toasts.map((t) => {
        const type = t.type ?? "info";
        const Icon = ICONS[type];
        return (
          <ToastPrimitive.Root
            key={t.id}
            open={t.open}
            onOpenChange={(open) => {
              if (!open) dismiss(t.id);
            }}
            duration={t.duration ?? TOAST_DURATION_MS}
            type={type === "error" ? "foreground" : "background"}
            data-type={type}
            className={cn(
              "pointer-events-auto relative flex w-full items-start gap-3 rounded-md border bg-card p-4 pr-11 text-card-foreground shadow-xl",
              "border-l-4",
              type === "success" && "border-l-success",
              type === "error" && "border-l-destructive",
              type === "info" && "border-l-gold-500",
              "data-[state=open]:animate-toast-in data-[state=closed]:animate-toast-out",
              "data-[swipe=move]:translate-x-(--radix-toast-swipe-move-x) data-[swipe=cancel]:translate-x-0 data-[swipe=cancel]:transition-[translate]",
              "data-[swipe=end]:animate-slide-out-right",
            )}
          >
            <Icon
              aria-hidden="true"
              className={cn(
                "mt-0.5 size-5 shrink-0",
                type === "success" && "text-success",
                type === "error" && "text-destructive",
                type === "info" && "text-gold-700",
              )}
            />
            <div className="grid gap-1">
              <ToastPrimitive.Title className="text-sm font-medium leading-snug">
                {t.message}
              </ToastPrimitive.Title>
              {t.description ? (
                <ToastPrimitive.Description className="text-sm text-muted-foreground">
                  {t.description}
                </ToastPrimitive.Description>
              ) : null}
            </div>
            <ToastPrimitive.Close
              aria-label="Dismiss notification"
              className="absolute top-2.5 right-2.5 grid size-8 place-items-center rounded-md text-muted-foreground transition-colors hover:bg-muted hover:text-foreground"
            >
              <X aria-hidden="true" className="size-4" />
            </ToastPrimitive.Close>
          </ToastPrimitive.Root>
        );
      })}
      <ToastPrimitive.Viewport className="pointer-events-none fixed right-0 bottom-0 z-[100] m-0 flex max-h-dvh w-full list-none flex-col gap-2 p-4 outline-none sm:max-w-sm" />
    </ToastPrimitive.Provider>
  );
}
