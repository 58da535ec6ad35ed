/** The Newsletter tab's three views (admin.md §2, §4), kept in the URL as ?view=. */
export const NEWSLETTER_VIEWS = [
  { id: "overview", label: "Overview" },
  { id: "compose", label: "Compose" },
  { id: "settings", label: "Settings" },
] as const;
export type NewsletterView = (typeof NEWSLETTER_VIEWS)[number]["id"];

export function parseView(value: string | null): NewsletterView {
  return value === "compose" || value === "settings" ? value : "overview";
}

/** The link to a view: /admin/newsletter?view=compose (Overview is the bare path). */
export const viewHref = (view: NewsletterView) =>
  view === "overview" ? "/admin/newsletter" : `/admin/newsletter?view=${view}`;

/** 21 Mar 2026, in India's calendar. */
export function formatDate(iso: string): string {
  return new Intl.DateTimeFormat("en-IN", {
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: "Asia/Kolkata",
  }).format(new Date(iso));
}

export const formatCount = (n: number) => n.toLocaleString("en-IN");
