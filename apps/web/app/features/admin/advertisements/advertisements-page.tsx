import {
  AD_MESSAGES,
  AD_PRICE_RANGE_LABELS,
  AD_SORT_LABELS,
  AD_TARGET_PAGES,
  type AdReply,
  type AdSchedule,
  type Advertisement,
  adScheduleAt,
  MAX_HERO_ADS,
} from "@vastra/contracts/ads";
import type { Category, ProductSort } from "@vastra/contracts/catalogue";
import { Eye, EyeOff, Megaphone, Plus } from "lucide-react";
import * as React from "react";
import { useRevalidator } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { ResponsiveImage } from "~/components/ui/responsive-image";
import { apiJson, browserFetch } from "~/lib/api";
import { AdminSectionHeader } from "../ui/admin-section-header";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { DeleteButton, EditButton } from "../ui/row-actions";
import { useAdminAction, useLoadErrorBanner } from "../ui/use-admin-action";
import { AdFormDialog, type AdFormTarget } from "./ad-form-dialog";
import type { AdvertisementsData } from "./advertisements.server";

/** "Shop with filters: Sarees · Women · ₹500 – ₹1,000 · Newest" and the like. */
function targetSummary(ad: Advertisement, categories: Category[]): string {
  const target = AD_TARGET_PAGES.find((t) => t.value === ad.targetPage);
  if (!target || ad.targetPage === "custom") return `Custom URL: ${ad.buttonLink}`;
  if (ad.targetPage === "category") {
    const name = categories.find((c) => c._id === ad.shopFilters.category)?.name;
    return `Category: ${name ?? "Unknown category"}`;
  }
  if (ad.targetPage === "product") return `Product page (${ad.buttonLink})`;
  if (ad.targetPage !== "shop-filters") return `${target.label} (${target.path})`;
  const f = ad.shopFilters;
  const parts = [
    f.category ? (categories.find((c) => c._id === f.category)?.name ?? "Unknown category") : null,
    f.gender ?? null,
    f.priceRange ? (AD_PRICE_RANGE_LABELS[f.priceRange] ?? f.priceRange) : null,
    f.sortBy ? (AD_SORT_LABELS[f.sortBy as ProductSort] ?? f.sortBy) : null,
  ].filter(Boolean);
  return `${target.label}: ${parts.length > 0 ? parts.join(" · ") : "no filters"}`;
}

const SCHEDULE_LABELS: Record<Exclude<AdSchedule, "inactive">, string> = {
  live: "Showing",
  scheduled: "Scheduled",
  ended: "Ended",
};

/** '27 Nov – 28 Nov 2026' (India days) for the card. */
function windowText(ad: Advertisement): string | null {
  if (!ad.startDate && !ad.endDate) return null;
  const day = (d: string) =>
    new Date(`${d}T00:00:00Z`).toLocaleDateString("en-IN", {
      day: "numeric",
      month: "short",
      year: "numeric",
      timeZone: "UTC",
    });
  if (ad.startDate && ad.endDate) return `${day(ad.startDate)} – ${day(ad.endDate)}`;
  if (ad.startDate) return `From ${day(ad.startDate)}`;
  return `Until ${day(ad.endDate as string)}`;
}

/**
 * The Advertisements tab (admin.md §2): every ad by priority in a grid (image, title, target,
 * priority, active, and whether the home page shows it now), add/edit in a modal,
 * activate/deactivate, delete after a confirmation.
 */
export function AdvertisementsPage({ data }: { data: AdvertisementsData }) {
  const { ads, categories, error } = data;
  const run = useAdminAction();
  const revalidator = useRevalidator();
  const [form, setForm] = React.useState<AdFormTarget | null>(null);
  const [deleting, setDeleting] = React.useState<Advertisement | null>(null);
  const [toggling, setToggling] = React.useState<string | null>(null);

  useLoadErrorBanner(error);

  // The ads the home page shows now: the first MAX_HERO_ADS active ones in their window.
  const now = new Date();
  const onHome = new Set(
    ads
      .filter((a) => adScheduleAt(a, now) === "live")
      .slice(0, MAX_HERO_ADS)
      .map((a) => a._id),
  );
  const activeCount = ads.filter((a) => a.isActive).length;

  const toggle = async (ad: Advertisement) => {
    setToggling(ad._id);
    await run(
      () =>
        apiJson<AdReply>(browserFetch, `/api/admin/advertisements/${ad._id}/toggle`, {
          method: "PATCH",
          body: { isActive: !ad.isActive },
          fallback: AD_MESSAGES.toggleFailed,
        }),
      AD_MESSAGES.toggleFailed,
    );
    setToggling(null);
  };

  const remove = async () => {
    if (!deleting) return;
    await run(
      () =>
        apiJson<{ message: string }>(browserFetch, `/api/admin/advertisements/${deleting._id}`, {
          method: "DELETE",
          fallback: AD_MESSAGES.deleteFailed,
        }),
      AD_MESSAGES.deleteFailed,
    );
  };

  return (
    <section aria-labelledby="ads-heading" className="grid gap-6">
      <AdminSectionHeader
        id="ads-heading"
        title="Advertisements"
        description={`${ads.length} ${ads.length === 1 ? "ad" : "ads"}, ${activeCount} active. The home page shows the first ${MAX_HERO_ADS} active ads, lowest priority number first.`}
        actions={
          <Button onClick={() => setForm({ mode: "create" })}>
            <Plus aria-hidden="true" />
            Add advertisement
          </Button>
        }
      />

      {ads.length === 0 ? (
        <div className="grid place-items-center gap-2 rounded-lg border border-dashed p-10 text-center text-muted-foreground">
          <Megaphone aria-hidden="true" className="size-8" />
          <p>{error ? `${error}. Please reload the page.` : "No advertisements yet."}</p>
        </div>
      ) : (
        <ul aria-label="Advertisements" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {ads.map((ad) => (
            <li key={ad._id}>
              <article
                aria-label={ad.title}
                data-testid="ad-card"
                className={cn(
                  "flex h-full flex-col overflow-hidden rounded-lg border border-border bg-card shadow-xs",
                  !ad.isActive && "border-dashed",
                )}
              >
                <div className="relative">
                  <ResponsiveImage
                    src={ad.imageUrl}
                    alt=""
                    sizes="(min-width: 1280px) 25rem, (min-width: 1024px) 30vw, (min-width: 640px) 45vw, 90vw"
                    widths={[320, 640]}
                    width={640}
                    fallback="logo"
                    className={cn(
                      "aspect-[4/3] w-full bg-muted object-cover",
                      !ad.isActive && "grayscale",
                    )}
                  />
                  <div className="absolute top-2 left-2 flex flex-wrap gap-1.5">
                    <Badge variant={ad.isActive ? "success" : "outline"} className="bg-card">
                      {ad.isActive ? "Active" : "Inactive"}
                    </Badge>
                    {ad.isActive && adScheduleAt(ad, now) !== "live" ? (
                      <Badge variant="outline" className="bg-card">
                        {SCHEDULE_LABELS[adScheduleAt(ad, now) as "scheduled" | "ended"]}
                      </Badge>
                    ) : null}
                    {onHome.has(ad._id) ? <Badge variant="gold">On home page</Badge> : null}
                  </div>
                </div>
                <div className="grid flex-1 content-start gap-2 p-4">
                  <div className="flex items-start justify-between gap-2">
                    <h3 className="break-words font-semibold text-lg leading-snug">{ad.title}</h3>
                    <Badge variant="outline" title="Priority (1 shows first)">
                      Priority {ad.priority}
                    </Badge>
                  </div>
                  {ad.description ? (
                    <p className="line-clamp-2 text-muted-foreground text-sm">{ad.description}</p>
                  ) : null}
                  <dl className="grid gap-1 text-sm">
                    <div className="flex gap-1.5">
                      <dt className="text-muted-foreground">Button:</dt>
                      <dd className="font-medium">{ad.buttonText}</dd>
                    </div>
                    {windowText(ad) ? (
                      <div className="flex gap-1.5">
                        <dt className="text-muted-foreground">Dates:</dt>
                        <dd>{windowText(ad)}</dd>
                      </div>
                    ) : null}
                    <div className="flex gap-1.5">
                      <dt className="shrink-0 text-muted-foreground">Opens:</dt>
                      <dd className="min-w-0 break-words" title={ad.buttonLink}>
                        {targetSummary(ad, categories)}
                      </dd>
                    </div>
                  </dl>
                </div>
                <div className="flex flex-wrap gap-1 border-border border-t p-2">
                  <EditButton
                    label={`Edit ${ad.title}`}
                    onClick={() => setForm({ mode: "edit", ad })}
                  />
                  <Button
                    size="sm"
                    variant="ghost"
                    loading={toggling === ad._id}
                    onClick={() => void toggle(ad)}
                    aria-label={`${ad.isActive ? "Deactivate" : "Activate"} ${ad.title}`}
                  >
                    {ad.isActive ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
                    {ad.isActive ? "Deactivate" : "Activate"}
                  </Button>
                  <DeleteButton label={`Delete ${ad.title}`} onClick={() => setDeleting(ad)} />
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}

      <AdFormDialog
        target={form}
        categories={categories}
        onClose={() => setForm(null)}
        onSaved={() => revalidator.revalidate()}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title={deleting ? `Delete “${deleting.title}”?` : "Delete advertisement?"}
        description={
          deleting?.isActive
            ? "It is active: it leaves the home page at once. This cannot be undone."
            : "This cannot be undone."
        }
        confirmLabel="Delete advertisement"
        onConfirm={remove}
      />
    </section>
  );
}
