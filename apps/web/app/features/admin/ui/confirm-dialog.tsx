import { AlertDialog as AlertDialogPrimitive } from "radix-ui";
import * as React from "react";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";

/*
 * The confirmation asked before every delete (admin.md §5), as an accessible alert dialog
 * (Radix AlertDialog: role="alertdialog", focus trapped and starting on Cancel, Escape cancels,
 * a click outside does nothing, focus returns to the button that opened it). Two ways to use it:
 *
 * 1. Controlled component, when the action's busy state should show in the dialog:
 *
 *   const [open, setOpen] = React.useState(false);
 *   <ConfirmDialog
 *     open={open}
 *     onOpenChange={setOpen}
 *     title="Delete category?"
 *     description="Products in Kurtas keep their other categories."
 *     confirmLabel="Delete"              // default "Delete"
 *     destructive                        // default true (red confirm button)
 *     onConfirm={async () => { await deleteCategory(id); }}
 *   />
 *
 *   While the promise onConfirm returns is pending, the confirm button spins ("busy") and both
 *   buttons are disabled; when it settles (resolved or rejected) the dialog closes. Errors are the
 *   caller's to show (useAdminBanner().error). Pass `busy` to drive the spinner yourself.
 *
 * 2. Promise hook, for a quick yes/no (the dialog is drawn by <ConfirmProvider>, which the admin
 *    layout mounts once):
 *
 *   const confirm = useConfirm();
 *   if (await confirm({ title: "Delete this review?", description: "This cannot be undone." })) {
 *     …delete…
 *   }
 *
 *   It resolves true on confirm and false on Cancel / Escape.
 */

export type ConfirmDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: React.ReactNode;
  description?: React.ReactNode;
  /** The confirm button's label (default "Delete"). */
  confirmLabel?: React.ReactNode;
  /** The cancel button's label (default "Cancel"). */
  cancelLabel?: React.ReactNode;
  /** A red confirm button (default true: almost every confirmation here is a delete). */
  destructive?: boolean;
  /** Shows the confirm button as working and disables both buttons. */
  busy?: boolean;
  /** Called on confirm; a returned promise keeps the dialog open (busy) until it settles. */
  onConfirm: () => unknown;
  /** Extra content between the description and the buttons. */
  children?: React.ReactNode;
};

export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel = "Delete",
  cancelLabel = "Cancel",
  destructive = true,
  busy = false,
  onConfirm,
  children,
}: ConfirmDialogProps) {
  const [working, setWorking] = React.useState(false);
  const isBusy = busy || working;

  const confirm = async () => {
    const result = onConfirm();
    if (result instanceof Promise) {
      setWorking(true);
      try {
        await result;
      } catch {
        // The caller reports its own errors (banner); the dialog just closes.
      } finally {
        setWorking(false);
      }
    }
    onOpenChange(false);
  };

  return (
    <AlertDialogPrimitive.Root
      open={open}
      onOpenChange={(next) => {
        // While the action runs, Escape does not close the dialog under it.
        if (!isBusy) onOpenChange(next);
      }}
    >
      <AlertDialogPrimitive.Portal>
        <AlertDialogPrimitive.Overlay
          className={cn(
            "fixed inset-0 z-50 bg-maroon-950/55 backdrop-blur-[2px]",
            "data-[state=open]:animate-fade-in data-[state=closed]:animate-fade-out",
          )}
        />
        <AlertDialogPrimitive.Content
          {...(description ? {} : { "aria-describedby": undefined })}
          className={cn(
            "fixed top-1/2 left-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-5 overflow-y-auto",
            "rounded-lg border border-border bg-card p-6 text-card-foreground shadow-2xl",
            "data-[state=open]:animate-dialog-in data-[state=closed]:animate-dialog-out",
            "focus-visible:outline-none",
          )}
        >
          <div className="grid gap-1.5">
            <AlertDialogPrimitive.Title className="font-display font-semibold text-2xl text-foreground leading-tight">
              {title}
            </AlertDialogPrimitive.Title>
            {description ? (
              <AlertDialogPrimitive.Description className="text-muted-foreground text-sm leading-relaxed">
                {description}
              </AlertDialogPrimitive.Description>
            ) : null}
          </div>
          {children}
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <AlertDialogPrimitive.Cancel asChild>
              <Button variant="outline" disabled={isBusy}>
                {cancelLabel}
              </Button>
            </AlertDialogPrimitive.Cancel>
            {/* Not AlertDialog.Action: that would close the dialog before an async action ends. */}
            <Button
              variant={destructive ? "destructive" : "primary"}
              loading={isBusy}
              onClick={() => void confirm()}
            >
              {confirmLabel}
            </Button>
          </div>
        </AlertDialogPrimitive.Content>
      </AlertDialogPrimitive.Portal>
    </AlertDialogPrimitive.Root>
  );
}

export type ConfirmOptions = Omit<
  ConfirmDialogProps,
  "open" | "onOpenChange" | "onConfirm" | "busy" | "children"
>;

type Pending = ConfirmOptions & { resolve: (ok: boolean) => void };

const ConfirmContext = React.createContext<((options: ConfirmOptions) => Promise<boolean>) | null>(
  null,
);

/** Asks for confirmation; resolves true when confirmed. Needs <ConfirmProvider> (the admin layout). */
export function useConfirm(): (options: ConfirmOptions) => Promise<boolean> {
  const confirm = React.useContext(ConfirmContext);
  if (!confirm) throw new Error("useConfirm must be used inside <ConfirmProvider>");
  return confirm;
}

export function ConfirmProvider({ children }: { children: React.ReactNode }) {
  const [pending, setPending] = React.useState<Pending | null>(null);
  const [open, setOpen] = React.useState(false);

  const confirm = React.useCallback(
    (options: ConfirmOptions) =>
      new Promise<boolean>((resolve) => {
        setPending((previous) => {
          previous?.resolve(false);
          return { ...options, resolve };
        });
        setOpen(true);
      }),
    [],
  );

  const { resolve, ...options } = pending ?? { resolve: undefined, title: "" };
  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      {pending ? (
        <ConfirmDialog
          {...options}
          open={open}
          onOpenChange={(next) => {
            if (next) return;
            setOpen(false);
            // Cancel, Escape: false (a confirm has already resolved true; a second call is a no-op).
            resolve?.(false);
          }}
          onConfirm={() => resolve?.(true)}
        />
      ) : null}
    </ConfirmContext.Provider>
  );
}
