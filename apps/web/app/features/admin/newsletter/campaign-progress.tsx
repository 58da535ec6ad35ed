import {
  NEWSLETTER_ADMIN_MESSAGES,
  type NewsletterCampaign,
} from "@vastra/contracts/admin-newsletter";
import { CircleAlert, CircleCheck, Send } from "lucide-react";
import * as React from "react";
import { cn } from "~/components/ui/cn";
import { apiJson, browserFetch } from "~/lib/api";
import { formatCount } from "./views";

export const CAMPAIGN_POLL_MS = 1000;

const isOpen = (c: NewsletterCampaign) => c.status === "queued" || c.status === "sending";

/**
 * Follows a campaign until it is done: polls its progress every second while it is queued or
 * sending, and calls onDone once with the final figures.
 */
export function useCampaign(
  initial: NewsletterCampaign | null,
  onDone?: (campaign: NewsletterCampaign) => void,
): NewsletterCampaign | null {
  const [campaign, setCampaign] = React.useState(initial);
  const done = React.useRef(onDone);
  done.current = onDone;

  React.useEffect(() => setCampaign(initial), [initial]);

  const id = campaign?._id;
  const open = campaign ? isOpen(campaign) : false;
  React.useEffect(() => {
    if (!id || !open) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const next = await apiJson<NewsletterCampaign>(
          browserFetch,
          `/api/newsletter/campaigns/${id}`,
        );
        if (stopped) return;
        setCampaign(next);
        if (!isOpen(next)) {
          done.current?.(next);
          return;
        }
      } catch {
        // A missed poll is retried on the next tick.
      }
      if (!stopped) timer = setTimeout(poll, CAMPAIGN_POLL_MS);
    };
    timer = setTimeout(poll, CAMPAIGN_POLL_MS);
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    };
  }, [id, open]);

  return campaign;
}

/** A campaign's progress: sent of total with a bar, and its closing message when done. */
export function CampaignProgress({
  campaign,
  className,
}: {
  campaign: NewsletterCampaign;
  className?: string;
}) {
  const labelId = React.useId();
  const total = Math.max(campaign.total, 0);
  const percent = total === 0 ? 100 : Math.min(100, Math.round((campaign.sent / total) * 100));
  const running = isOpen(campaign);
  const failed = campaign.status === "failed";
  const Icon = running ? Send : failed ? CircleAlert : CircleCheck;
  return (
    <section
      aria-labelledby={labelId}
      data-campaign-status={campaign.status}
      className={cn("grid gap-3 rounded-lg border border-border bg-card p-4 sm:p-5", className)}
    >
      <div className="flex items-start gap-3">
        <span
          className={cn(
            "grid size-10 shrink-0 place-items-center rounded-full",
            running
              ? "bg-maroon-50 text-primary"
              : failed
                ? "bg-destructive-soft text-destructive"
                : "bg-success-soft text-success",
          )}
        >
          <Icon aria-hidden="true" className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <h3 id={labelId} className="font-medium text-foreground">
            {running
              ? "Sending newsletter"
              : failed
                ? "Newsletter not delivered"
                : "Last newsletter"}
          </h3>
          <p className="truncate text-muted-foreground text-sm">“{campaign.subject}”</p>
        </div>
      </div>
      <div
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={campaign.sent}
        aria-valuetext={`${formatCount(campaign.sent)} of ${formatCount(total)} sent`}
        className="h-2.5 overflow-hidden rounded-full bg-muted"
      >
        <div
          className={cn(
            "h-full rounded-full transition-[width] duration-500",
            failed ? "bg-destructive" : "bg-primary",
          )}
          style={{ width: `${percent}%` }}
        />
      </div>
      <p className="flex flex-wrap justify-between gap-x-4 text-sm" aria-live="polite">
        <span>
          <span className="font-semibold tabular-nums">{formatCount(campaign.sent)}</span> of{" "}
          <span className="tabular-nums">{formatCount(total)}</span> sent
          {campaign.failed > 0 ? (
            <span className="text-destructive"> · {formatCount(campaign.failed)} failed</span>
          ) : null}
        </span>
        <span className="text-muted-foreground">
          {running
            ? campaign.queued < total
              ? `Queued ${formatCount(campaign.queued)} of ${formatCount(total)}`
              : "All queued"
            : (campaign.message ?? (failed ? NEWSLETTER_ADMIN_MESSAGES.campaignFailed : ""))}
        </span>
      </p>
    </section>
  );
}
