import * as React from "react";

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

export type ToastItem = ToastOptions & { id: number; message: React.ReactNode; open: boolean };

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

const Toasts = React.lazy(() => import("./toast-parts"));

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

  // The toasts' code loads with the first one; then it stays (F8 reaches the list).
  const [shown, setShown] = React.useState(false);
  if (toasts.length > 0 && !shown) setShown(true);
  return (
    <ToastContext.Provider value={api}>
      {children}
      {shown ? (
        <React.Suspense fallback={null}>
          <Toasts toasts={toasts} dismiss={dismiss} />
        </React.Suspense>
      ) : null}
    </ToastContext.Provider>
  );
}
