import type { StoreSettings } from "@vastra/contracts/store";
import * as React from "react";
import { useLocation, useNavigation } from "react-router";
import { cn } from "~/components/ui/cn";
import type { SessionUser } from "~/lib/session";
import { Footer } from "./footer";
import { Header } from "./header";

export type SiteShellProps = {
  /** Store settings; the footer is left out when they could not be loaded at all. */
  store: StoreSettings | undefined;
  user: SessionUser | null;
  cartCount: number;
  children: React.ReactNode;
};

/** Skip link, header, main landmark, footer, navigation progress and route announcer. */
export function SiteShell({ store, user, cartCount, children }: SiteShellProps) {
  return (
    <>
      <a
        href="#main-content"
        className="sr-only z-[70] rounded-md bg-primary px-4 py-3 text-sm font-medium text-primary-foreground shadow-lg focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:px-4 focus:py-3"
      >
        Skip to main content
      </a>
      <NavigationProgress />
      <Header storeName={store?.name ?? "Vastra"} user={user} cartCount={cartCount} />
      <main id="main-content" tabIndex={-1} className="flex-1 pt-16 outline-none md:pt-20">
        {children}
      </main>
      {store ? <Footer store={store} /> : null}
      <RouteAnnouncer />
    </>
  );
}

/** A thin gold bar at the top of the window while a page is loading (after a short delay). */
function NavigationProgress() {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  return (
    <div
      aria-hidden="true"
      className={cn(
        "pointer-events-none fixed inset-x-0 top-0 z-[60] h-0.5 overflow-hidden transition-opacity",
        busy ? "opacity-100 delay-200 duration-300" : "opacity-0 duration-150",
      )}
    >
      {busy ? (
        <div
          data-motion-safe=""
          className="h-full w-full origin-left animate-progress bg-gold-500"
        />
      ) : null}
    </div>
  );
}

/** Tells screen-reader users that a client-side navigation landed, by reading the new title. */
function RouteAnnouncer() {
  const location = useLocation();
  const path = location.pathname;
  const lastPath = React.useRef(path);
  const [message, setMessage] = React.useState("");
  React.useEffect(() => {
    if (lastPath.current === path) return;
    lastPath.current = path;
    const timer = setTimeout(() => setMessage(document.title), 150);
    return () => clearTimeout(timer);
  }, [path]);
  return (
    <div aria-live="polite" aria-atomic="true" className="sr-only">
      {message}
    </div>
  );
}
