import { Link } from "react-router";
import { Button } from "~/components/ui/button";

export type ErrorPageProps = {
  /** HTTP-like status shown as a large figure (404, 500 …). */
  status?: number | undefined;
  title: string;
  message: string;
  /** Technical details (a stack): only pass them in development. */
  details?: string | undefined;
};

/** A friendly, branded error view (used by the root ErrorBoundary). */
export function ErrorPage({ status, title, message, details }: ErrorPageProps) {
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-4 py-20 text-center sm:py-28">
      {status ? (
        <p
          aria-hidden="true"
          className="font-display text-7xl font-semibold text-gold-500 sm:text-8xl"
        >
          {status}
        </p>
      ) : null}
      <div aria-hidden="true" className="my-6 flex items-center gap-3 text-gold-500">
        <span className="h-px w-12 bg-current" />
        <span className="size-1.5 rotate-45 bg-current" />
        <span className="h-px w-12 bg-current" />
      </div>
      <h1 className="font-display text-4xl text-foreground sm:text-5xl">{title}</h1>
      <p className="mt-4 max-w-md text-base leading-relaxed text-muted-foreground">{message}</p>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row">
        <Button asChild size="lg">
          <Link to="/">Back to home</Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link to="/products">Browse collections</Link>
        </Button>
      </div>
      <p className="mt-6 text-sm text-muted-foreground">
        Need help?{" "}
        <Link to="/contact" className="font-medium text-primary underline underline-offset-4">
          Contact us
        </Link>
      </p>
      {details ? (
        <pre className="mt-10 w-full overflow-x-auto rounded-md border border-border bg-card p-4 text-left text-xs text-muted-foreground">
          <code>{details}</code>
        </pre>
      ) : null}
    </section>
  );
}
