import {
  Check,
  Copy,
  Gift,
  Link2,
  LockKeyhole,
  Mail,
  RefreshCw,
  Share2,
  UserPlus,
  Users,
} from "lucide-react";
import * as React from "react";
import { Await, Link, useRevalidator } from "react-router";
import { WhatsAppIcon } from "~/components/layout/social-icons";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { cn } from "~/components/ui/cn";
import { Skeleton } from "~/components/ui/skeleton";
import { useToast } from "~/components/ui/toast";
import { formatPrice, plural } from "~/lib/format";
import { invitation, mailtoHref, referralLink, whatsappHref } from "./share";
import type { ReferralData, ReferralStats } from "./types";

/** storefront.md §8 (Share) texts, as the product page uses them. */
const COPIED = "Link copied to clipboard!";
const COPY_FAILED = "Failed to copy link";
/** How long the copy button says 'Copied'. */
const COPIED_MS = 2500;

export type ReferralsPageProps = {
  /** The stats, streamed: the loading view shows until they arrive. */
  data: Promise<ReferralData>;
  origin: string;
  storeName: string;
  /** This page's own path (/affiliate or /referrals), for the sign-in link. */
  path: string;
};

/**
 * /affiliate and /referrals (storefront.md §2 Referrals; decisions.md §5): the shopper's code and
 * link with copy and sharing, the figures, How It Works, and the friends who joined.
 */
export function ReferralsPage({ data, origin, storeName, path }: ReferralsPageProps) {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8 lg:py-16">
      <header className="mb-8 grid gap-2 sm:mb-10">
        <p className="flex items-center gap-3 text-xs font-semibold tracking-[0.28em] text-gold-700 uppercase">
          <span aria-hidden="true" className="h-px w-10 bg-gold-500" />
          Refer a friend
        </p>
        <h1 className="font-display text-4xl leading-tight font-semibold text-primary sm:text-5xl">
          Referrals
        </h1>
        <p className="max-w-2xl text-muted-foreground">
          Share {storeName} with friends and family. Everyone who joins with your link counts
          towards your rewards.
        </p>
      </header>
      <React.Suspense fallback={<LoadingView />}>
        <Await resolve={data} errorElement={<NoDataView message={undefined} />}>
          {(result) => {
            if (result.status === "signed-out") return <AccessRestricted path={path} />;
            if (result.status === "error") return <NoDataView message={result.message} />;
            return <ReferralDashboard stats={result.stats} origin={origin} storeName={storeName} />;
          }}
        </Await>
      </React.Suspense>
    </div>
  );
}

function ReferralDashboard({
  stats,
  origin,
  storeName,
}: {
  stats: ReferralStats;
  origin: string;
  storeName: string;
}) {
  const link = referralLink(origin, stats.affiliateCode);
  const reward = `+${formatPrice(stats.rewardPerReferral)}`;
  return (
    <div className="grid gap-6 lg:gap-8">
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:gap-8">
        <ShareCard code={stats.affiliateCode} link={link} storeName={storeName} />
        <StatsCard count={stats.count} reward={stats.rewardPerReferral} rewardLabel={reward} />
      </div>
      <HowItWorks reward={reward} />
      <ReferredList stats={stats} reward={reward} />
    </div>
  );
}

function ShareCard({ code, link, storeName }: { code: string; link: string; storeName: string }) {
  const toast = useToast();
  const [copied, setCopied] = React.useState(false);
  const [canShare, setCanShare] = React.useState(false);
  const inputRef = React.useRef<HTMLInputElement>(null);
  const linkId = React.useId();
  const { subject, text } = invitation(storeName, link);

  React.useEffect(() => {
    setCanShare(typeof navigator !== "undefined" && typeof navigator.share === "function");
  }, []);

  React.useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), COPIED_MS);
    return () => window.clearTimeout(timer);
  }, [copied]);

  async function copy() {
    try {
      if (navigator.clipboard?.writeText) {
        await navigator.clipboard.writeText(link);
      } else {
        // Older browsers: copy the selected field.
        inputRef.current?.select();
        if (!document.execCommand("copy")) throw new Error("copy refused");
      }
      setCopied(true);
      toast.success(COPIED);
    } catch {
      inputRef.current?.select();
      toast.error(COPY_FAILED, { description: "Select the link and copy it yourself." });
    }
  }

  async function share() {
    try {
      await navigator.share({ title: subject, text, url: link });
    } catch (error) {
      if (error instanceof DOMException && error.name === "AbortError") return;
      await copy();
    }
  }

  return (
    <Card className="overflow-hidden">
      <div
        aria-hidden="true"
        className="h-1 bg-gradient-to-r from-gold-700 via-gold-300 to-gold-700"
      />
      <div className="grid gap-6 p-5 sm:p-7">
        <div className="grid gap-2">
          <h2 className="font-display text-2xl font-semibold text-foreground">
            Your referral code
          </h2>
          <p
            data-testid="referral-code"
            className="w-fit rounded-md border border-dashed border-gold-400 bg-gold-50 px-4 py-2 font-mono text-2xl font-semibold tracking-[0.22em] text-primary sm:text-3xl"
          >
            {code}
          </p>
          <p className="text-sm text-muted-foreground">
            Friends can also type this code when they create their account.
          </p>
        </div>

        <div className="grid gap-2">
          <label htmlFor={linkId} className="text-sm font-medium text-foreground">
            Your referral link
          </label>
          <div className="flex flex-col gap-2 sm:flex-row">
            <div className="relative min-w-0 flex-1">
              <Link2
                aria-hidden="true"
                className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
              />
              <input
                ref={inputRef}
                id={linkId}
                readOnly
                value={link}
                onFocus={(e) => e.currentTarget.select()}
                className="h-11 w-full min-w-0 rounded-md border border-input bg-background pr-3 pl-9 font-mono text-sm text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
              />
            </div>
            <Button onClick={copy} className="sm:min-w-32" aria-describedby={`${linkId}-copied`}>
              {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
              {copied ? "Copied!" : "Copy link"}
            </Button>
          </div>
          <p id={`${linkId}-copied`} role="status" className="sr-only">
            {copied ? COPIED : ""}
          </p>
        </div>

        <div className="grid gap-3">
          <h3 className="font-sans text-sm font-medium text-foreground">Share it</h3>
          <div className="grid grid-cols-1 gap-3 sm:flex sm:flex-wrap">
            <Button asChild variant="outline">
              <a href={whatsappHref(text)} target="_blank" rel="noopener noreferrer">
                <WhatsAppIcon aria-hidden="true" className="size-4" />
                Share on WhatsApp
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            </Button>
            <Button asChild variant="outline">
              <a href={mailtoHref(subject, text)}>
                <Mail aria-hidden="true" />
                Share by e-mail
              </a>
            </Button>
            {canShare ? (
              <Button variant="outline" onClick={share}>
                <Share2 aria-hidden="true" />
                More ways to share
              </Button>
            ) : null}
          </div>
        </div>
      </div>
    </Card>
  );
}

function StatsCard({
  count,
  reward,
  rewardLabel,
}: {
  count: number;
  reward: number;
  rewardLabel: string;
}) {
  return (
    <Card className="grid gap-0 divide-y divide-border">
      <div className="flex items-center gap-4 p-5 sm:p-6">
        <span className="grid size-12 shrink-0 place-items-center rounded-full bg-maroon-50 text-primary ring-1 ring-maroon-200">
          <Users aria-hidden="true" className="size-5" />
        </span>
        <div>
          <p className="text-sm text-muted-foreground">Total referrals</p>
          <p
            data-testid="referral-count"
            className="font-display text-4xl leading-none font-semibold text-foreground"
          >
            {count.toLocaleString("en-IN")}
          </p>
        </div>
      </div>
      <div className="grid gap-3 p-5 text-sm sm:p-6">
        <dl className="grid gap-3">
          <div className="flex items-baseline justify-between gap-3">
            <dt className="text-muted-foreground">Reward per friend</dt>
            <dd className="font-semibold text-success">{rewardLabel}</dd>
          </div>
          <div className="flex items-baseline justify-between gap-3">
            <dt className="text-muted-foreground">Potential rewards</dt>
            <dd data-testid="referral-total" className="font-semibold text-foreground">
              {formatPrice(count * reward)}
            </dd>
          </div>
        </dl>
        <p className="text-xs leading-relaxed text-muted-foreground">
          These are potential rewards: our team confirms each one and lets you know.
        </p>
      </div>
    </Card>
  );
}

const STEPS = [
  {
    icon: Share2,
    title: "Share your link",
    text: "Send your link or code to friends on WhatsApp, by e-mail or however you like.",
  },
  {
    icon: UserPlus,
    title: "Friends join",
    text: "They create their account with your link, so your code is already filled in.",
  },
  {
    icon: Gift,
    title: "Earn rewards",
    text: "Every friend who joins adds a reward of {reward} to your potential rewards.",
  },
] as const;

function HowItWorks({ reward }: { reward: string }) {
  return (
    <section aria-labelledby="how-it-works" className="grid gap-5">
      <h2 id="how-it-works" className="font-display text-2xl font-semibold text-foreground">
        How It Works
      </h2>
      <ol className="grid gap-4 sm:grid-cols-3">
        {STEPS.map((step, index) => (
          <li key={step.title} className="relative rounded-lg border border-border bg-card p-5">
            <span className="flex items-center gap-3">
              <span className="grid size-9 shrink-0 place-items-center rounded-full bg-primary font-display text-lg font-semibold text-primary-foreground">
                {index + 1}
              </span>
              <step.icon aria-hidden="true" className="size-5 text-gold-700" />
            </span>
            <h3 className="mt-4 font-display text-xl font-semibold text-foreground">
              {step.title}
            </h3>
            <p className="mt-1 text-sm leading-relaxed text-muted-foreground">
              {step.text.replace("{reward}", reward)}
            </p>
          </li>
        ))}
      </ol>
    </section>
  );
}

const joinedFormat = new Intl.DateTimeFormat("en-IN", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "Asia/Kolkata",
});

function ReferredList({ stats, reward }: { stats: ReferralStats; reward: string }) {
  return (
    <section aria-labelledby="referred-title" className="grid gap-5">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="referred-title" className="font-display text-2xl font-semibold text-foreground">
          Your referrals
        </h2>
        {stats.count > 0 ? (
          <p className="text-sm text-muted-foreground">
            {plural(stats.count, "friend")} joined with your code
          </p>
        ) : null}
      </div>
      {stats.referred.length === 0 ? (
        <Card className="items-center px-5 py-12 text-center">
          <span className="grid size-14 place-items-center rounded-full bg-gold-50 text-gold-700 ring-1 ring-gold-200">
            <UserPlus aria-hidden="true" className="size-6" />
          </span>
          <h3 className="mt-4 font-display text-xl font-semibold text-foreground">
            No Referrals Yet
          </h3>
          <p className="mt-2 max-w-md text-sm text-muted-foreground">
            When friends join with your link, they will appear here with the reward each one brings.
          </p>
        </Card>
      ) : (
        <Card className="overflow-hidden">
          <ul aria-labelledby="referred-title" className="divide-y divide-border">
            {stats.referred.map((friend) => (
              <li
                key={`${friend.email}-${friend.joinedAt}`}
                className="flex flex-col gap-3 px-5 py-4 sm:flex-row sm:items-center sm:gap-4 sm:px-6"
              >
                <div className="flex min-w-0 flex-1 items-center gap-3">
                  <span
                    aria-hidden="true"
                    className="grid size-10 shrink-0 place-items-center rounded-full bg-maroon-100 font-display text-lg font-semibold text-primary"
                  >
                    {(friend.name.trim().charAt(0) || "?").toUpperCase()}
                  </span>
                  <div className="min-w-0">
                    <p className="truncate font-medium text-foreground">{friend.name}</p>
                    <p className="text-sm [overflow-wrap:anywhere] text-muted-foreground">
                      {friend.email}
                    </p>
                  </div>
                </div>
                <div className="flex items-center justify-between gap-4 sm:justify-end">
                  <p className="text-xs text-muted-foreground">
                    Joined{" "}
                    <time dateTime={friend.joinedAt}>
                      {joinedFormat.format(new Date(friend.joinedAt))}
                    </time>
                  </p>
                  <p className="grid text-right">
                    <span className="font-semibold text-success">{reward}</span>
                    <span className="text-xs text-muted-foreground">Potential reward</span>
                  </p>
                </div>
              </li>
            ))}
          </ul>
        </Card>
      )}
    </section>
  );
}

function LoadingView() {
  return (
    <div className="grid gap-6" aria-busy="true">
      <p role="status" className="text-sm text-muted-foreground">
        Loading your referrals…
      </p>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:gap-8">
        <Skeleton className="h-72" />
        <Skeleton className="h-48" />
      </div>
      <Skeleton className="h-40" />
    </div>
  );
}

function NoDataView({ message }: { message: string | undefined }) {
  const revalidator = useRevalidator();
  return (
    <StateCard icon={<RefreshCw aria-hidden="true" className="size-6" />} title="No Data Available">
      <p role="alert" className="text-muted-foreground">
        {message ?? "Failed to load referral data"}
      </p>
      <Button
        className="mt-6"
        onClick={() => revalidator.revalidate()}
        loading={revalidator.state === "loading"}
        loadingText="Trying again…"
      >
        Try again
      </Button>
    </StateCard>
  );
}

function AccessRestricted({ path }: { path: string }) {
  return (
    <StateCard
      icon={<LockKeyhole aria-hidden="true" className="size-6" />}
      title="Access Restricted"
    >
      <p className="text-muted-foreground">Please sign in to see your referral code and rewards.</p>
      <Button asChild className="mt-6">
        <Link to={`/login?redirect=${path}`}>Sign in</Link>
      </Button>
    </StateCard>
  );
}

function StateCard({
  icon,
  title,
  children,
}: {
  icon: React.ReactNode;
  title: string;
  children: React.ReactNode;
}) {
  return (
    <Card className={cn("mx-auto w-full max-w-xl items-center px-6 py-12 text-center")}>
      <span className="grid size-14 place-items-center rounded-full bg-maroon-50 text-primary ring-1 ring-maroon-200">
        {icon}
      </span>
      <h2 className="mt-4 font-display text-2xl font-semibold text-foreground">{title}</h2>
      <div className="mt-2 grid justify-items-center">{children}</div>
    </Card>
  );
}
