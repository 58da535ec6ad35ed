import { CircleAlert, CircleCheck, Mail } from "lucide-react";
import * as React from "react";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { Input } from "~/components/ui/input";
import { browserFetch } from "~/lib/api";
import { NEWSLETTER_MESSAGE_MS, type NewsletterResult } from "~/lib/newsletter-result";

type State =
  | { status: "idle" }
  | { status: "submitting" }
  | { status: "success"; message: string }
  | { status: "error"; message: string };

function stateOf(result: NewsletterResult | undefined): State {
  if (!result) return { status: "idle" };
  return result.ok
    ? { status: "success", message: result.message }
    : { status: "error", message: result.message };
}

export type NewsletterProps = {
  storeName: string;
  /** The result of a subscription posted without JavaScript (the route's action). */
  initialResult?: NewsletterResult | undefined;
};

/**
 * The newsletter sign-up (id="newsletter", linked from the unsubscribe page). The button is
 * disabled while the field is empty. Success shows for 5 s, then the empty form returns; an
 * error shows for 5 s. With JavaScript the browser posts to /api/newsletter/subscribe itself;
 * without, the form posts to the home route's action.
 */
export function Newsletter({ storeName, initialResult }: NewsletterProps) {
  // After a failed post without JavaScript the address comes back, as typed.
  const [email, setEmail] = React.useState(() => initialResult?.email ?? "");
  const [state, setState] = React.useState<State>(() => stateOf(initialResult));
  // Until hydrated the button stays enabled, so the form still posts without JavaScript.
  const [hydrated, setHydrated] = React.useState(false);
  React.useEffect(() => setHydrated(true), []);
  const inputRef = React.useRef<HTMLInputElement>(null);
  const messageRef = React.useRef<HTMLDivElement>(null);
  const inputId = React.useId();
  const messageId = `${inputId}-message`;

  // A result stays 5 s; then the form is back (emptied after a success).
  React.useEffect(() => {
    if (state.status !== "success" && state.status !== "error") return;
    const timer = window.setTimeout(() => {
      const focusWasInMessage = messageRef.current?.contains(document.activeElement) ?? false;
      if (state.status === "success") setEmail("");
      setState({ status: "idle" });
      if (focusWasInMessage) requestAnimationFrame(() => inputRef.current?.focus());
    }, NEWSLETTER_MESSAGE_MS);
    return () => window.clearTimeout(timer);
  }, [state]);

  // The success message replaces the form: keep keyboard focus from falling to the page.
  React.useEffect(() => {
    if (state.status === "success") messageRef.current?.focus();
  }, [state.status]);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!email.trim() || state.status === "submitting") return;
    setState({ status: "submitting" });
    // The submit code loads on first use: the home page's script budget (record 0045).
    const { subscribeToNewsletter } = await import("~/lib/newsletter-submit");
    const result = await subscribeToNewsletter(browserFetch, email);
    setState(stateOf(result));
  }

  const success = state.status === "success";
  const error = state.status === "error" ? state.message : null;

  return (
    <section
      id="newsletter"
      aria-labelledby="newsletter-title"
      className="scroll-mt-24 bg-ivory-200 py-16 sm:py-20"
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="relative mx-auto max-w-4xl overflow-hidden rounded-2xl border border-gold-300/70 bg-card px-5 py-10 text-center shadow-[0_30px_60px_-30px_rgb(61_15_22/0.35)] sm:px-12 sm:py-14">
          <div
            aria-hidden="true"
            className="absolute inset-x-0 top-0 h-1 bg-gradient-to-r from-gold-700 via-gold-300 to-gold-700"
          />
          <span className="mx-auto grid size-12 place-items-center rounded-full bg-maroon-50 text-primary ring-1 ring-maroon-200">
            <Mail aria-hidden="true" className="size-5" />
          </span>
          <h2
            id="newsletter-title"
            className="mt-4 font-display text-4xl text-foreground sm:text-5xl"
          >
            Join the {storeName} family
          </h2>
          <p className="mx-auto mt-3 max-w-xl text-base leading-relaxed text-muted-foreground">
            New arrivals, festive edits and members-only offers, a few times a month. Unsubscribe
            with one click, any time.
          </p>

          <div className="mx-auto mt-8 max-w-xl">
            <div
              ref={messageRef}
              id={messageId}
              role="status"
              tabIndex={-1}
              className="outline-none"
            >
              {success ? (
                <p
                  data-testid="newsletter-success"
                  className="flex items-start justify-center gap-2 rounded-lg bg-success-soft px-4 py-4 text-left text-base font-medium text-success sm:items-center"
                >
                  <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 sm:mt-0" />
                  <span>{state.message}</span>
                </p>
              ) : null}
            </div>

            {success ? null : (
              <form
                method="post"
                action="/?index"
                noValidate
                onSubmit={onSubmit}
                className="flex flex-col gap-3 sm:flex-row sm:items-start"
              >
                <input type="hidden" name="intent" value="newsletter" />
                <div className="flex-1 text-left">
                  <label htmlFor={inputId} className="sr-only">
                    Email address
                  </label>
                  <Input
                    ref={inputRef}
                    id={inputId}
                    name="email"
                    type="email"
                    inputMode="email"
                    autoComplete="email"
                    placeholder="Your email address"
                    value={email}
                    onChange={(e) => setEmail(e.target.value)}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? `${messageId}-error` : undefined}
                    className="h-12"
                  />
                </div>
                <Button
                  type="submit"
                  size="lg"
                  disabled={hydrated && !email.trim()}
                  loading={state.status === "submitting"}
                  loadingText="Subscribing…"
                  className="sm:min-w-40"
                >
                  Subscribe
                </Button>
              </form>
            )}

            <div role="alert" className={cn(error ? "mt-3" : undefined)}>
              {error ? (
                <p
                  id={`${messageId}-error`}
                  data-testid="newsletter-error"
                  className="flex items-start justify-center gap-2 rounded-md bg-destructive-soft px-4 py-3 text-left text-sm font-medium text-destructive"
                >
                  <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                  <span>{error}</span>
                </p>
              ) : null}
            </div>
          </div>
          <p className="mt-5 text-xs text-muted-foreground">
            We respect your inbox: no spam, and we never share your address.
          </p>
        </div>
      </div>
    </section>
  );
}
