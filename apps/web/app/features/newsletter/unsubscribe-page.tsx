import {
  CircleAlert,
  CircleCheck,
  Home,
  LoaderCircle,
  MailCheck,
  MailX,
  RotateCw,
} from "lucide-react";
import * as React from "react";
import { Form, Link, useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { cn } from "~/components/ui/cn";
import type {
  ResubscribeOutcome,
  UnsubscribeActionResult,
  UnsubscribeOutcome,
  UnsubscribeView,
} from "./types";

export type UnsubscribePageProps = {
  email: string;
  token: string;
  /** The error the link shows at once (no e-mail address in it), else null: the page posts. */
  problem: UnsubscribeOutcome | null;
  /** The answer to a form posted without JavaScript. */
  actionData: UnsubscribeActionResult | undefined;
  storeName: string;
  supportEmail: string | undefined;
};

/**
 * /unsubscribe?email=…&token=… (storefront.md §2 Unsubscribe, §4; decisions.md §6). It posts the
 * link at once when the page is up (a GET never unsubscribes, so mail scanners that open links
 * change nothing); without JavaScript a button posts it. Views: loading, success (with a
 * re-subscribe that really subscribes again), already unsubscribed, error.
 */
export function UnsubscribePage({
  email,
  token,
  problem,
  actionData,
  storeName,
  supportEmail,
}: UnsubscribePageProps) {
  const unsubscriber = useFetcher<UnsubscribeActionResult>();
  const started = React.useRef(false);

  const fromForm = actionData?.kind === "unsubscribe" ? actionData : undefined;
  const fetched = unsubscriber.data?.kind === "unsubscribe" ? unsubscriber.data : undefined;
  const outcome = fetched ?? fromForm ?? problem;
  const resubscribedWithoutJs = actionData?.kind === "resubscribe" ? actionData : undefined;

  const post = React.useCallback(() => {
    unsubscriber.submit({ intent: "unsubscribe", email, token }, { method: "post" });
  }, [unsubscriber.submit, email, token]);

  // storefront.md §2: with an address in the link the page posts at once.
  React.useEffect(() => {
    if (started.current || problem || actionData) return;
    started.current = true;
    post();
  }, [post, problem, actionData]);

  let view: UnsubscribeView = outcome?.view ?? resubscribedWithoutJs?.view ?? "loading";
  if (unsubscriber.state !== "idle") view = "loading";

  return (
    <div className="mx-auto grid w-full max-w-2xl px-4 py-10 sm:px-6 sm:py-16">
      <Card className="overflow-hidden">
        <div
          aria-hidden="true"
          className="h-1 bg-gradient-to-r from-gold-700 via-gold-300 to-gold-700"
        />
        <div className="grid justify-items-center gap-4 px-5 py-10 text-center sm:px-10 sm:py-12">
          {view === "loading" ? (
            <LoadingView email={email} token={token} />
          ) : view === "success" ? (
            <ResultView
              icon="success"
              title="Successfully Unsubscribed"
              lead={
                <>
                  <strong className="font-semibold [overflow-wrap:anywhere] text-foreground">
                    {email}
                  </strong>{" "}
                  will no longer receive the {storeName} newsletter.
                </>
              }
              detail={outcome?.message}
            >
              <Resubscribe
                email={email}
                token={token}
                view="success"
                withoutJs={resubscribedWithoutJs}
              />
            </ResultView>
          ) : view === "already" ? (
            <ResultView
              icon="already"
              title="Already Unsubscribed"
              lead={
                <>
                  <strong className="font-semibold [overflow-wrap:anywhere] text-foreground">
                    {email}
                  </strong>{" "}
                  is not on our newsletter list, so there is nothing more to do.
                </>
              }
              detail={outcome?.message}
            >
              <Resubscribe
                email={email}
                token={token}
                view="already"
                withoutJs={resubscribedWithoutJs}
              />
              <Link
                to="/#newsletter"
                className="mt-4 text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
              >
                Or subscribe with another address on the home page
              </Link>
            </ResultView>
          ) : (
            <ResultView
              icon="error"
              title="Unsubscribe Failed"
              lead={
                <span role="alert" className="font-medium text-destructive">
                  {outcome?.message}
                </span>
              }
              detail={
                outcome?.canRetry === false
                  ? "Please open the link from the newsletter e-mail again, or write to us and we will take you off the list."
                  : "The link may be incomplete. Open it again from the newsletter e-mail, or try once more."
              }
            >
              <div className="flex flex-col gap-3 sm:flex-row">
                {outcome?.canRetry === false ? null : (
                  <Button onClick={post}>
                    <RotateCw aria-hidden="true" />
                    Try Again
                  </Button>
                )}
                <Button asChild variant="outline">
                  <Link to="/">
                    <Home aria-hidden="true" />
                    Back to home
                  </Link>
                </Button>
              </div>
            </ResultView>
          )}
          {supportEmail ? (
            <p className="mt-4 border-t border-border pt-5 text-sm text-muted-foreground">
              Need help? Write to us at{" "}
              <a
                href={`mailto:${supportEmail}`}
                className="font-medium text-primary underline-offset-4 hover:underline"
              >
                {supportEmail}
              </a>
              .
            </p>
          ) : null}
        </div>
      </Card>
    </div>
  );
}

function LoadingView({ email, token }: { email: string; token: string }) {
  return (
    <>
      <LoaderCircle
        aria-hidden="true"
        data-motion-safe=""
        className="size-10 animate-spin text-primary noscript:hidden"
      />
      <h1 className="font-display text-3xl font-semibold text-foreground">Unsubscribe</h1>
      <p role="status" className="text-muted-foreground noscript:hidden">
        Processing your request...
      </p>
      {/* Without JavaScript nothing posts by itself: the shopper confirms. */}
      <Form method="post" className="hidden flex-col items-center gap-4 noscript:flex">
        <input type="hidden" name="intent" value="unsubscribe" />
        <input type="hidden" name="email" value={email} />
        <input type="hidden" name="token" value={token} />
        <p className="max-w-md text-muted-foreground">
          <strong className="font-semibold [overflow-wrap:anywhere] text-foreground">
            {email}
          </strong>{" "}
          will stop receiving our newsletter.
        </p>
        <Button type="submit">Confirm unsubscribe</Button>
      </Form>
    </>
  );
}

const ICONS = {
  success: { Icon: MailCheck, ring: "bg-success-soft text-success ring-success/25" },
  already: { Icon: CircleCheck, ring: "bg-gold-50 text-gold-700 ring-gold-200" },
  error: { Icon: MailX, ring: "bg-destructive-soft text-destructive ring-destructive/25" },
} as const;

function ResultView({
  icon,
  title,
  lead,
  detail,
  children,
}: {
  icon: keyof typeof ICONS;
  title: string;
  lead: React.ReactNode;
  detail: string | undefined;
  children: React.ReactNode;
}) {
  const { Icon, ring } = ICONS[icon];
  const headingRef = React.useRef<HTMLHeadingElement>(null);
  // The view replaced the loading text: move focus to its heading for screen readers.
  React.useEffect(() => {
    headingRef.current?.focus({ preventScroll: true });
  }, []);
  return (
    <>
      <span className={cn("grid size-16 place-items-center rounded-full ring-1", ring)}>
        <Icon aria-hidden="true" className="size-8" />
      </span>
      <h1
        ref={headingRef}
        tabIndex={-1}
        className="font-display text-3xl font-semibold text-foreground outline-none sm:text-4xl"
      >
        {title}
      </h1>
      <p className="max-w-md text-base leading-relaxed text-muted-foreground">{lead}</p>
      {detail ? <p className="max-w-md text-sm text-muted-foreground">{detail}</p> : null}
      <div className="mt-2 grid justify-items-center">{children}</div>
    </>
  );
}

/** The re-subscribe button: POST /api/newsletter/subscribe again (through the route's action). */
function Resubscribe({
  email,
  token,
  view,
  withoutJs,
}: {
  email: string;
  /** The link's token: a re-subscribe with it is not limited by the network (record 0042). */
  token: string;
  view: ResubscribeOutcome["view"];
  withoutJs: ResubscribeOutcome | undefined;
}) {
  const fetcher = useFetcher<UnsubscribeActionResult>();
  const result = fetcher.data?.kind === "resubscribe" ? fetcher.data : withoutJs;
  const busy = fetcher.state !== "idle";

  if (result?.ok && !busy) {
    return (
      <div
        role="status"
        data-testid="resubscribed"
        className="grid max-w-md gap-1 rounded-lg bg-success-soft px-5 py-4 text-left text-success"
      >
        <p className="flex items-center gap-2 font-semibold">
          <CircleCheck aria-hidden="true" className="size-5 shrink-0" />
          You're subscribed again
        </p>
        <p className="text-sm">{result.message}</p>
      </div>
    );
  }

  return (
    <fetcher.Form method="post" className="grid justify-items-center gap-3">
      <input type="hidden" name="intent" value="resubscribe" />
      <input type="hidden" name="email" value={email} />
      <input type="hidden" name="token" value={token} />
      <input type="hidden" name="view" value={view} />
      <p className="text-sm text-muted-foreground">Unsubscribed by mistake?</p>
      <Button type="submit" variant="outline" loading={busy} loadingText="Subscribing…">
        <MailCheck aria-hidden="true" />
        Re-subscribe
      </Button>
      {result && !result.ok && !busy ? (
        <p
          role="alert"
          className="flex items-center gap-2 rounded-md bg-destructive-soft px-4 py-2 text-sm font-medium text-destructive"
        >
          <CircleAlert aria-hidden="true" className="size-4 shrink-0" />
          {result.message}
        </p>
      ) : null}
    </fetcher.Form>
  );
}
