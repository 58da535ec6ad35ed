import { CircleAlert, CircleCheck, X } from "lucide-react";
import * as React from "react";
import { cn } from "~/components/ui/cn";

/*
 * The dashboard's success and error banners (admin.md §2: they vanish after 5 seconds).
 *
 * <AdminBannerProvider> wraps every tab (routes/admin.tsx); <AdminBannerRegion /> draws the banner
 * at the top of the tab content, just under the (sticky) tab bar, so it is seen however far the
 * admin has scrolled. Anywhere inside a tab:
 *
 *   const banner = useAdminBanner();
 *   banner.success("Category added successfully!");
 *   banner.error(messageFrom(body) ?? "Failed to add category");
 *
 * One banner at a time: a new message replaces the shown one and restarts the 5000 ms clock.
 * A success banner is role="status" (read politely), an error banner role="alert" (read at once).
 * Both can be closed early with their × button.
 */

export const ADMIN_BANNER_MS = 5000;

export type AdminBannerKind = "success" | "error";

/** A button in a success banner (the Orders tab's Undo, record 0039), shown for `ms` instead of 5 s. */
export type AdminBannerAction = { label: string; run: () => void; ms: number };

export type AdminBannerApi = {
  success: (message: string, action?: AdminBannerAction) => void;
  error: (message: string) => void;
  /** Removes the banner now. */
  clear: () => void;
};

type BannerState = {
  id: number;
  kind: AdminBannerKind;
  message: string;
  action?: AdminBannerAction | undefined;
} | null;

const ApiContext = React.createContext<AdminBannerApi | null>(null);
const StateContext = React.createContext<BannerState>(null);

/** The banner functions; throws outside <AdminBannerProvider> (i.e. outside /admin). */
export function useAdminBanner(): AdminBannerApi {
  const api = React.useContext(ApiContext);
  if (!api) throw new Error("useAdminBanner must be used inside <AdminBannerProvider>");
  return api;
}

export function AdminBannerProvider({ children }: { children: React.ReactNode }) {
  const [banner, setBanner] = React.useState<BannerState>(null);
  const nextId = React.useRef(1);

  // Each new banner gets its own id, so the clock restarts even for a repeated message.
  React.useEffect(() => {
    if (!banner) return;
    const timer = setTimeout(() => setBanner(null), banner.action?.ms ?? ADMIN_BANNER_MS);
    return () => clearTimeout(timer);
  }, [banner]);

  const api = React.useMemo<AdminBannerApi>(() => {
    const show = (kind: AdminBannerKind, message: string, action?: AdminBannerAction) =>
      setBanner({ id: nextId.current++, kind, message, action });
    return {
      success: (message, action) => show("success", message, action),
      error: (message) => show("error", message),
      clear: () => setBanner(null),
    };
  }, []);

  return (
    <ApiContext.Provider value={api}>
      <StateContext.Provider value={banner}>{children}</StateContext.Provider>
    </ApiContext.Provider>
  );
}

/** Where the banner shows; rendered once by the admin layout. */
export function AdminBannerRegion({ className }: { className?: string }) {
  const banner = React.useContext(StateContext);
  const api = useAdminBanner();
  if (!banner) return null;
  const isError = banner.kind === "error";
  const Icon = isError ? CircleAlert : CircleCheck;
  return (
    <div
      key={banner.id}
      role={isError ? "alert" : "status"}
      data-banner={banner.kind}
      className={cn(
        "flex items-start gap-3 rounded-md border border-l-4 py-3 pr-2 pl-4 text-sm shadow-sm",
        "motion-safe:animate-fade-in",
        isError
          ? "border-destructive/30 border-l-destructive bg-destructive-soft text-foreground"
          : "border-success/30 border-l-success bg-success-soft text-foreground",
        className,
      )}
    >
      <Icon
        aria-hidden="true"
        className={cn("mt-0.5 size-5 shrink-0", isError ? "text-destructive" : "text-success")}
      />
      <p className="flex-1 self-center font-medium leading-snug">{banner.message}</p>
      {banner.action ? (
        <button
          type="button"
          onClick={() => {
            const { run } = banner.action!;
            api.clear();
            run();
          }}
          className="-my-1 min-h-8 shrink-0 rounded-md border border-success/40 bg-card px-3 font-semibold text-foreground text-sm transition-colors hover:bg-success-soft focus-visible:outline-2 focus-visible:outline-ring"
        >
          {banner.action.label}
        </button>
      ) : null}
      <button
        type="button"
        onClick={api.clear}
        aria-label="Dismiss message"
        className="-my-1 grid size-8 shrink-0 place-items-center rounded-md text-muted-foreground transition-colors hover:bg-card hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}
