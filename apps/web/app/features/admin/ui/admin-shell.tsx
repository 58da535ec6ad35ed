import * as React from "react";
import { NavLink, Outlet, useLocation } from "react-router";
import { cn } from "~/components/ui/cn";
import { ADMIN_TABS } from "../tabs";
import { AdminBannerProvider, AdminBannerRegion } from "./banner";
import { ConfirmProvider } from "./confirm-dialog";

export type AdminShellProps = { admin: { name: string; email: string } };

/**
 * The dashboard frame: title, the seven tabs (a sticky bar under the site header, scrolling
 * sideways on phones), the banner region and the tab's content. Every tab renders inside the
 * banner and confirmation providers, so useAdminBanner() and useConfirm() work anywhere in it.
 */
export function AdminShell({ admin }: AdminShellProps) {
  const tabList = React.useRef<HTMLUListElement>(null);
  const hydrated = React.useRef(false);
  const { pathname } = useLocation();

  // On a phone the bar scrolls sideways: keep the current tab in view (Newsletter is off-screen).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again when the tab (the path) changes
  React.useEffect(() => {
    const list = tabList.current;
    const current = list?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!list || !current) return;
    // The first run comes with hydration: a bar the admin has already scrolled (to tap a tab while
    // the page loaded) stays where they put it, so the tab under their finger does not move away.
    const first = !hydrated.current;
    hydrated.current = true;
    if (first && list.scrollLeft !== 0) return;
    const left = current.offsetLeft - list.offsetLeft;
    const right = left + current.offsetWidth;
    if (left < list.scrollLeft) list.scrollLeft = Math.max(0, left - 16);
    else if (right > list.scrollLeft + list.clientWidth) {
      list.scrollLeft = right - list.clientWidth + 32;
    }
  }, [pathname]);

  return (
    <AdminBannerProvider>
      <ConfirmProvider>
        <div className="mx-auto w-full max-w-7xl px-4 pt-6 pb-16 sm:px-6 lg:px-8">
          <div className="flex flex-wrap items-end justify-between gap-x-6 gap-y-1">
            <h1 className="font-display font-semibold text-3xl text-foreground sm:text-4xl">
              Admin dashboard
            </h1>
            <p className="text-muted-foreground text-sm">
              Signed in as <span className="font-medium text-foreground">{admin.name}</span>
              <span className="sr-only"> ({admin.email})</span>
            </p>
          </div>
          <div className="sticky top-16 z-30 -mx-4 mt-4 bg-background px-4 sm:-mx-6 sm:px-6 md:top-20 lg:-mx-8 lg:px-8">
            <nav aria-label="Dashboard" className="border-border border-b">
              {/* On phones the right edge fades out: more tabs are a swipe away. */}
              <ul
                ref={tabList}
                className="-mb-px flex gap-1 overflow-x-auto pr-8 [mask-image:linear-gradient(to_right,#000_calc(100%-2.5rem),transparent)] [scrollbar-width:none] sm:pr-0 sm:[mask-image:none]"
              >
                {ADMIN_TABS.map((tab) => (
                  <li key={tab.to} className="shrink-0">
                    <NavLink
                      to={tab.to}
                      end={tab.end}
                      prefetch="intent"
                      className={({ isActive }) =>
                        cn(
                          "inline-flex h-11 items-center whitespace-nowrap border-b-2 px-3 font-medium text-sm transition-colors sm:px-4",
                          "rounded-t-md focus-visible:outline-2 focus-visible:outline-ring focus-visible:-outline-offset-2",
                          isActive
                            ? "border-primary text-primary"
                            : "border-transparent text-muted-foreground hover:border-gold-400 hover:text-foreground",
                        )
                      }
                    >
                      {tab.label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </nav>
            <AdminBannerRegion className="mt-3 mb-1" />
          </div>
          <div className="pt-6">
            <Outlet />
          </div>
        </div>
      </ConfirmProvider>
    </AdminBannerProvider>
  );
}
