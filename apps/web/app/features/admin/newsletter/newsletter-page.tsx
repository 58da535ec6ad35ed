import * as React from "react";
import { Link } from "react-router";
import { cn } from "~/components/ui/cn";
import { AdminSectionHeader } from "../ui/admin-section-header";
import { useAdminBanner } from "../ui/banner";
import { ComposeView } from "./compose-view";
import type { NewsletterData } from "./newsletter.server";
import { OverviewView } from "./overview-view";
import { SettingsView } from "./settings-view";
import { NEWSLETTER_VIEWS, viewHref } from "./views";

/**
 * The Newsletter tab (admin.md §2): Overview (subscribers), Compose (the template builder with its
 * live preview and the send) and Settings, the view kept in the URL (?view=).
 */
export function NewsletterPage({ data }: { data: NewsletterData }) {
  const banner = useAdminBanner();
  const { view, errors } = data;

  React.useEffect(() => {
    if (errors[0]) banner.error(errors[0]);
  }, [errors, banner]);

  return (
    <section aria-labelledby="newsletter-heading" className="grid gap-6">
      <AdminSectionHeader
        id="newsletter-heading"
        title="Newsletter"
        description="Subscribers, the newsletter's look, and composing and sending a newsletter."
      />
      <nav aria-label="Newsletter views">
        <ul className="inline-flex flex-wrap gap-1 rounded-lg border border-border bg-muted/60 p-1">
          {NEWSLETTER_VIEWS.map((v) => {
            const active = v.id === view;
            return (
              <li key={v.id}>
                <Link
                  to={viewHref(v.id)}
                  aria-current={active ? "page" : undefined}
                  preventScrollReset
                  className={cn(
                    "inline-flex h-10 items-center rounded-md px-4 font-medium text-sm transition-colors",
                    "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
                    active
                      ? "bg-card text-primary shadow-sm"
                      : "text-muted-foreground hover:text-foreground",
                  )}
                >
                  {v.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      {view === "compose" ? (
        <ComposeView
          settings={data.settings}
          activeSubscribers={data.subscribers?.stats.active ?? null}
          running={
            data.campaigns.find((c) => c.status === "queued" || c.status === "sending") ?? null
          }
        />
      ) : view === "settings" ? (
        <SettingsView settings={data.settings} />
      ) : (
        <OverviewView data={data} />
      )}
    </section>
  );
}
