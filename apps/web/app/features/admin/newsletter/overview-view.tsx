import {
  NEWSLETTER_ADMIN_MESSAGES,
  type NewsletterSubscriber,
} from "@vastra/contracts/admin-newsletter";
import {
  ChevronLeft,
  ChevronRight,
  Download,
  MailPlus,
  Search,
  Sparkles,
  Trash2,
  UserCheck,
  UserMinus,
  Users,
} from "lucide-react";
import * as React from "react";
import { Form, Link, useRevalidator, useSubmit } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/select";
import { ApiError, apiJson, browserFetch } from "~/lib/api";
import { useAdminBanner } from "../ui/banner";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { StatCard, StatGrid } from "../ui/stat-card";
import { messageOf } from "../ui/use-admin-action";
import { CampaignProgress, useCampaign } from "./campaign-progress";
import type { NewsletterData } from "./newsletter.server";
import { formatCount, formatDate, viewHref } from "./views";

/** Overview: the figures, the last (or running) campaign, and the subscriber list. */
export function OverviewView({ data }: { data: NewsletterData }) {
  const banner = useAdminBanner();
  const revalidator = useRevalidator();
  const { subscribers, query } = data;
  const stats = subscribers?.stats;
  const latest = data.campaigns[0] ?? null;
  const campaign = useCampaign(latest, () => revalidator.revalidate());
  const [exporting, setExporting] = React.useState(false);

  const exportCsv = async () => {
    setExporting(true);
    try {
      const res = await browserFetch(`/api/newsletter/export?status=${query.status}`, {
        headers: { accept: "text/csv" },
      });
      if (!res.ok) {
        const body = (await res.json().catch(() => ({}))) as { message?: string };
        throw new ApiError(res.status, body, NEWSLETTER_ADMIN_MESSAGES.exportFailed);
      }
      const name =
        /filename="([^"]+)"/.exec(res.headers.get("content-disposition") ?? "")?.[1] ??
        "subscribers.csv";
      const url = URL.createObjectURL(await res.blob());
      const a = document.createElement("a");
      a.href = url;
      a.download = name;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
      banner.success(NEWSLETTER_ADMIN_MESSAGES.exported);
    } catch (e) {
      banner.error(messageOf(e, NEWSLETTER_ADMIN_MESSAGES.exportFailed));
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className="grid gap-6">
      <StatGrid columns={4}>
        <StatCard label="Total subscribers" value={formatCount(stats?.total ?? 0)} icon={Users} />
        <StatCard
          label="Active"
          value={formatCount(stats?.active ?? 0)}
          icon={UserCheck}
          tone="success"
        />
        <StatCard
          label="Unsubscribed"
          value={formatCount(stats?.unsubscribed ?? 0)}
          icon={UserMinus}
          tone="danger"
        />
        <StatCard
          label="New this month"
          value={formatCount(stats?.recent ?? 0)}
          hint="Joined in the last 30 days"
          icon={Sparkles}
          tone="warning"
        />
      </StatGrid>

      <div className="flex flex-wrap gap-3">
        <Button asChild>
          <Link to={viewHref("compose")}>
            <MailPlus aria-hidden="true" />
            Compose newsletter
          </Link>
        </Button>
        <Button variant="outline" onClick={() => void exportCsv()} loading={exporting}>
          <Download aria-hidden="true" />
          Export CSV
        </Button>
      </div>

      {campaign ? <CampaignProgress campaign={campaign} /> : null}

      <SubscriberList data={data} onChanged={() => revalidator.revalidate()} />
    </div>
  );
}

function SubscriberList({ data, onChanged }: { data: NewsletterData; onChanged: () => void }) {
  const submit = useSubmit();
  const { subscribers, query } = data;
  const list = subscribers?.subscribers ?? [];
  const pagination = subscribers?.pagination;
  const pageHref = (page: number) => {
    const params = new URLSearchParams();
    if (query.status !== "all") params.set("status", query.status);
    if (query.search) params.set("search", query.search);
    if (page > 1) params.set("page", String(page));
    const search = params.toString();
    return `/admin/newsletter${search ? `?${search}` : ""}`;
  };

  return (
    <section aria-labelledby="subscribers-heading" className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h3 id="subscribers-heading" className="font-display font-semibold text-xl">
          Subscribers
        </h3>
        {pagination ? (
          <p className="text-muted-foreground text-sm">
            {pagination.totalItems === 1
              ? "1 subscriber"
              : `${formatCount(pagination.totalItems)} subscribers`}
            {query.status !== "all" || query.search ? " match" : ""}
          </p>
        ) : null}
      </div>
      <Form
        method="get"
        role="search"
        aria-label="Find subscribers"
        preventScrollReset
        className="grid gap-3 rounded-lg border border-border bg-card p-4 sm:grid-cols-[12rem_1fr_auto] sm:items-end"
      >
        <Field label="Status">
          <NativeSelect
            name="status"
            defaultValue={query.status}
            key={query.status}
            onChange={(e) => submit(e.currentTarget.form, { preventScrollReset: true })}
          >
            <option value="all">All</option>
            <option value="subscribed">Subscribed</option>
            <option value="unsubscribed">Unsubscribed</option>
          </NativeSelect>
        </Field>
        <Field label="Search by e-mail or source">
          <Input
            type="search"
            name="search"
            defaultValue={query.search}
            key={query.search}
            placeholder="e.g. asha@ or footer"
            autoComplete="off"
          />
        </Field>
        <Button type="submit" variant="secondary">
          <Search aria-hidden="true" />
          Search
        </Button>
      </Form>

      {!subscribers ? (
        <p className="rounded-lg border border-dashed p-8 text-center text-muted-foreground">
          {NEWSLETTER_ADMIN_MESSAGES.fetchFailed}. Please reload the page.
        </p>
      ) : list.length === 0 ? (
        <p className="rounded-lg border border-dashed p-8 text-center text-muted-foreground">
          {query.status !== "all" || query.search
            ? "No subscribers match these filters."
            : "No subscribers yet. Sign-ups from the home page and footer appear here."}
        </p>
      ) : (
        <div className="overflow-hidden rounded-lg border border-border bg-card">
          <table className="w-full text-sm">
            <caption className="sr-only">Subscribers</caption>
            <thead className="bg-muted/60 text-left text-muted-foreground">
              <tr>
                <th scope="col" className="px-4 py-3 font-medium">
                  E-mail
                </th>
                <th scope="col" className="hidden px-4 py-3 font-medium sm:table-cell">
                  Status
                </th>
                <th scope="col" className="hidden px-4 py-3 font-medium md:table-cell">
                  Source
                </th>
                <th scope="col" className="hidden px-4 py-3 font-medium sm:table-cell">
                  Subscribed
                </th>
                <th scope="col" className="px-4 py-3 text-right font-medium">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-border">
              {list.map((s) => (
                <SubscriberRow key={s._id} subscriber={s} onDeleted={onChanged} />
              ))}
            </tbody>
          </table>
        </div>
      )}

      {pagination && pagination.totalPages > 1 ? (
        <nav aria-label="Subscriber pages" className="flex items-center justify-between gap-3">
          {pagination.hasPrev ? (
            <Button asChild variant="outline" size="sm">
              <Link to={pageHref(pagination.currentPage - 1)} preventScrollReset>
                <ChevronLeft aria-hidden="true" />
                Previous
              </Link>
            </Button>
          ) : (
            <span />
          )}
          <p className="text-muted-foreground text-sm">
            Page {pagination.currentPage} of {pagination.totalPages}
          </p>
          {pagination.hasNext ? (
            <Button asChild variant="outline" size="sm">
              <Link to={pageHref(pagination.currentPage + 1)} preventScrollReset>
                Next
                <ChevronRight aria-hidden="true" />
              </Link>
            </Button>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </section>
  );
}

function SubscriberRow({
  subscriber,
  onDeleted,
}: {
  subscriber: NewsletterSubscriber;
  onDeleted: () => void;
}) {
  const banner = useAdminBanner();
  const [confirming, setConfirming] = React.useState(false);

  const remove = async () => {
    try {
      const reply = await apiJson<{ message: string }>(
        browserFetch,
        `/api/newsletter/subscribers/${subscriber._id}`,
        { method: "DELETE", fallback: NEWSLETTER_ADMIN_MESSAGES.deleteFailed },
      );
      banner.success(reply.message);
      onDeleted();
    } catch (e) {
      banner.error(messageOf(e, NEWSLETTER_ADMIN_MESSAGES.deleteFailed));
    }
  };

  return (
    <tr>
      <td className="max-w-0 px-4 py-3">
        <span className="block truncate font-medium" title={subscriber.email}>
          {subscriber.email}
        </span>
        <span className="block text-muted-foreground text-xs sm:hidden">
          {subscriber.status === "subscribed" ? "Subscribed" : "Unsubscribed"} ·{" "}
          {formatDate(subscriber.subscribedAt)}
        </span>
      </td>
      <td className="hidden px-4 py-3 sm:table-cell">
        {subscriber.status === "subscribed" ? (
          <Badge variant="success">Subscribed</Badge>
        ) : (
          <Badge variant="outline">Unsubscribed</Badge>
        )}
      </td>
      <td className="hidden px-4 py-3 text-muted-foreground md:table-cell">{subscriber.source}</td>
      <td className="hidden whitespace-nowrap px-4 py-3 text-muted-foreground sm:table-cell">
        {formatDate(subscriber.subscribedAt)}
      </td>
      <td className="px-2 py-2 text-right">
        <Button
          variant="ghost"
          size="icon-sm"
          aria-label={`Delete ${subscriber.email}`}
          onClick={() => setConfirming(true)}
        >
          <Trash2 aria-hidden="true" />
        </Button>
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title="Delete subscriber?"
          description={`${subscriber.email} will be removed from the list and will not receive newsletters. This cannot be undone.`}
          onConfirm={remove}
        />
      </td>
    </tr>
  );
}
