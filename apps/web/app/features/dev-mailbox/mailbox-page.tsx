import { Inbox, MailOpen, RefreshCw } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { formatIst, type Mail, type MailSummary } from "./mailbox";

/** Headers already shown in the message's summary. */
const SHOWN = new Set(["from", "to", "subject", "date"]);

export type MailboxPageProps = {
  mails: MailSummary[];
  selected: Mail | undefined;
  /** An ?id= that is no longer in the mailbox. */
  missingId: string | null;
};

/** The development mailbox: every e-mail the store "sent", and the chosen one in full. */
export function MailboxPage({ mails, selected, missingId }: MailboxPageProps) {
  const refreshTo = selected
    ? `/dev/mailbox?id=${encodeURIComponent(selected.id)}`
    : "/dev/mailbox";
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 md:py-12">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <p className="flex items-center gap-2 font-medium text-primary text-sm uppercase tracking-widest">
            Development
            <Badge variant="gold">Not delivered</Badge>
          </p>
          <h1 className="mt-2 font-display font-semibold text-3xl text-foreground sm:text-4xl">
            Development mailbox
          </h1>
          <p className="mt-2 max-w-2xl text-muted-foreground">
            Every e-mail the store sends while no SMTP server is configured lands here instead of a
            real inbox. {mails.length === 1 ? "1 message" : `${mails.length} messages`}, newest
            first.
          </p>
        </div>
        <Button asChild variant="outline">
          <Link to={refreshTo} preventScrollReset>
            <RefreshCw aria-hidden="true" />
            Refresh
          </Link>
        </Button>
      </header>

      {missingId ? (
        <p
          role="alert"
          className="mt-6 rounded-md border border-gold-300 bg-gold-50 p-4 text-foreground"
        >
          That message is no longer in the mailbox; showing the newest one instead.
        </p>
      ) : null}

      {mails.length === 0 ? (
        <div className="mt-10 flex flex-col items-center rounded-xl border border-border border-dashed bg-card px-6 py-16 text-center">
          <Inbox aria-hidden="true" className="size-10 text-muted-foreground" />
          <h2 className="mt-4 font-display text-2xl text-foreground">No e-mails yet</h2>
          <p className="mt-2 max-w-md text-muted-foreground">
            Send a message from the{" "}
            <Link to="/contact" className="font-medium text-primary underline">
              contact page
            </Link>
            , register an account or place an order, then refresh this page.
          </p>
        </div>
      ) : (
        <div className="mt-8 grid gap-6 lg:grid-cols-[22rem_minmax(0,1fr)]">
          <nav
            aria-label="Messages"
            className="max-h-[22rem] overflow-y-auto rounded-xl border border-border bg-card lg:sticky lg:top-24 lg:max-h-[calc(100vh-8rem)] lg:self-start"
          >
            <ul className="divide-y divide-border">
              {mails.map((mail) => {
                const current = mail.id === selected?.id;
                return (
                  <li key={mail.id}>
                    <Link
                      to={`?id=${encodeURIComponent(mail.id)}`}
                      preventScrollReset
                      aria-current={current ? "true" : undefined}
                      className={cn(
                        "block border-l-4 px-4 py-3 transition-colors hover:bg-muted",
                        current
                          ? "border-primary bg-maroon-50 hover:bg-maroon-50"
                          : "border-transparent",
                      )}
                    >
                      <span className="block truncate text-muted-foreground text-sm">
                        To: {mail.to}
                      </span>
                      <span className="mt-0.5 block font-medium text-foreground leading-snug">
                        {mail.subject || "(no subject)"}
                      </span>
                      <time
                        dateTime={mail.createdAt}
                        className="mt-1 block text-muted-foreground text-xs"
                      >
                        {formatIst(mail.createdAt)}
                      </time>
                    </Link>
                  </li>
                );
              })}
            </ul>
          </nav>

          {selected ? <MailView mail={selected} /> : null}
        </div>
      )}
    </div>
  );
}

function MailView({ mail }: { mail: Mail }) {
  const extra = Object.entries(mail.headers).filter(([name]) => !SHOWN.has(name.toLowerCase()));
  return (
    <article
      aria-labelledby="mail-subject"
      className="min-w-0 rounded-xl border border-border bg-card p-5 sm:p-6"
    >
      <h2
        id="mail-subject"
        className="flex items-start gap-2 font-display text-2xl text-foreground leading-tight"
      >
        <MailOpen aria-hidden="true" className="mt-1 size-5 shrink-0 text-primary" />
        <span className="min-w-0 break-words">{mail.subject || "(no subject)"}</span>
      </h2>
      <dl className="mt-4 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
        <dt className="font-medium text-muted-foreground">From</dt>
        <dd className="break-words text-foreground">{mail.from}</dd>
        <dt className="font-medium text-muted-foreground">To</dt>
        <dd className="break-words text-foreground">{mail.to}</dd>
        <dt className="font-medium text-muted-foreground">Date</dt>
        <dd className="text-foreground">
          <time dateTime={mail.createdAt}>{formatIst(mail.createdAt)}</time>
        </dd>
        {extra.map(([name, value]) => (
          <div key={name} className="contents">
            <dt className="font-medium text-muted-foreground">{name}</dt>
            <dd className="break-words text-foreground">{value}</dd>
          </div>
        ))}
      </dl>

      <Tabs defaultValue="html" className="mt-6">
        <TabsList aria-label="Message body">
          <TabsTrigger value="html">HTML</TabsTrigger>
          <TabsTrigger value="text">Text</TabsTrigger>
        </TabsList>
        <TabsContent value="html">
          <iframe
            key={mail.id}
            title={`HTML body of “${mail.subject}”`}
            sandbox=""
            srcDoc={mail.html}
            className="h-[38rem] w-full rounded-md border border-border bg-white"
          />
        </TabsContent>
        <TabsContent value="text">
          <pre className="max-h-[38rem] overflow-auto whitespace-pre-wrap break-words rounded-md border border-border bg-muted p-4 font-mono text-foreground text-sm leading-6">
            {mail.text}
          </pre>
        </TabsContent>
      </Tabs>
    </article>
  );
}

/** The mailbox answered 404: this is a production server. */
export function MailboxOff({ message }: { message: string }) {
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col items-center px-4 py-20 text-center">
      <Inbox aria-hidden="true" className="size-12 text-muted-foreground" />
      <h1 className="mt-4 font-display font-semibold text-3xl text-foreground sm:text-4xl">
        The development mailbox is off in production
      </h1>
      <p className="mt-3 text-muted-foreground">
        {message === "The development mailbox is off in production"
          ? "E-mails from this server go to real inboxes through the configured mail server."
          : message}
      </p>
      <Button asChild className="mt-8">
        <Link to="/">Back to the shop</Link>
      </Button>
    </div>
  );
}
