import { CircleAlert, CircleCheck, Info, X } from "lucide-react";
import { Toast as ToastPrimitive } from "radix-ui";
import * as React from "react";
import { cn } from "~/lib/utils";

/*
 * Toasts: <ToastProvider> is mounted once in root.tsx; anywhere below it:
 *
 *   const { toast, success, error } = useToast();
 *   success("Added to cart");
 *   error("Only 2 items available in stock");
 *   toast("Link copied", { description: "Share it with your friends", duration: 5000 });
 *
 * They vanish after 3000 ms by default (the timer pauses while hovered or focused), can be swiped
 * or closed, and are read out by screen readers (errors assertively, others politely). F8 moves
 * focus to them.
 */

export type ToastType = "success" | "error" | "info";

export type ToastOptions = {
  type?: ToastType;
  /** A second, smaller line. */
  description?: React.ReactNode;
  /** Milliseconds before it vanishes (default 3000). */
  duration?: number;
};

type ToastItem = ToastOptions & { id: number; message: React.ReactNode; open: boolean };

export type ToastApi = {
  /** Shows a toast (type "info" unless given); returns its id. */
  toast: (message: React.ReactNode, options?: ToastOptions) => number;
  success: (message: React.ReactNode, options?: Omit<ToastOptions, "type">) => number;
  error: (message: React.ReactNode, options?: Omit<ToastOptions, "type">) => number;
  dismiss: (id: number) => void;
};

export const TOAST_DURATION_MS = 3000;
const MAX_VISIBLE = 3;
const REMOVE_AFTER_CLOSE_MS = 400;

const ToastContext = React.createContext<ToastApi | null>(null);

/** The toast functions; throws outside <ToastProvider>. */
export function useToast(): ToastApi {
  const api = React.useContext(ToastContext);
  if (!api) throw new Error("useToast must be used inside <ToastProvider>");
  return api;
}

const ICONS = { success: CircleCheck, error: CircleAlert, info: Info } as const;

export function ToastProvider({ children }: { children: React.ReactNode }) {
  const [toasts, setToasts] = React.useState<ToastItem[]>([]);
  const nextId = React.useRef(1);

  const dismiss = React.useCallback((id: number) => {
    setToasts((list) => list.map((t) => (t.id === id ? { ...t, open: false } : t)));
    setTimeout(() => {
      setToasts((list) => list.filter((t) => t.id !== id));
    }, REMOVE_AFTER_CLOSE_MS);
  }, []);

  const api = React.useMemo<ToastApi>(() => {
    const toast = (message: React.ReactNode, options: ToastOptions = {}) => {
      const id = nextId.current++;
      setToasts((list) => [...list, { ...options, id, message, open: true }].slice(-MAX_VISIBLE));
      return id;
    };
    return {
      toast,
      success: (message, options) => toast(message, { ...options, type: "success" }),
      error: (message, options) => toast(message, { ...options, type: "error" }),
      dismiss,
    };
  }, [dismiss]);

  return (
    <ToastContext.Provider value={api}>
      <ToastPrimitive.Provider
        swipeDirection="right"
        duration={TOAST_DURATION_MS}
        label="Notification"
      >
        {children}
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
    </ToastContext.Provider>
  );
}
