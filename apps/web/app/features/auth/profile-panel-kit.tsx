import type { Mail } from "lucide-react";
import * as React from "react";
import { type FetcherWithComponents, Link, useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { useToast } from "~/components/ui/toast";
import { focusField, useFormErrors, useOnNewResult } from "./hooks";
import { type AuthResult, type FieldErrors, readText } from "./types";

export type PanelName = "basic" | "email" | "password";

export type PanelProps = {
  /** Opened by the address (a toggle followed before JavaScript ran). */
  startOpen: boolean;
  /** A result of a form posted before JavaScript ran (any panel's). */
  result: AuthResult | undefined;
};

/**
 * A panel's latest answer: its fetcher's, or (before JavaScript) the page's action data when it
 * belongs to this panel. `settled` is only set once the fetcher is idle again, i.e. after the
 * page's data (the user) has been reloaded.
 */
export function usePanelResult(
  fetcher: FetcherWithComponents<AuthResult>,
  pageResult: AuthResult | undefined,
  intents: readonly string[],
) {
  const fromPage = pageResult && intents.includes(pageResult.intent) ? pageResult : undefined;
  const latest = fetcher.data ?? fromPage;
  return { fromPage, settled: fetcher.state === "idle" ? latest : undefined };
}

export function busyWith(fetcher: FetcherWithComponents<AuthResult>, intent: string): boolean {
  return fetcher.state === "submitting" && fetcher.formData?.get("intent") === intent;
}

/**
 * A toggle that works before JavaScript too: a link that opens the panel through the address;
 * once the page is interactive, a click just flips the panel.
 */
export function PanelToggle({
  panel,
  expanded,
  onToggle,
  children,
  toggleRef,
}: {
  panel: PanelName;
  expanded: boolean;
  onToggle: () => void;
  children: React.ReactNode;
  toggleRef?: React.Ref<HTMLAnchorElement>;
}) {
  return (
    <Button asChild variant="outline" size="sm">
      <Link
        ref={toggleRef}
        to={expanded ? "/profile" : `/profile?open=${panel}`}
        preventScrollReset
        aria-expanded={expanded}
        onClick={(event) => {
          event.preventDefault();
          onToggle();
        }}
      >
        {children}
      </Link>
    </Button>
  );
}

/** 'Cancel': a link back to the closed page before JavaScript runs, a state change after. */
export function CancelLink({ onCancel, to = "/profile" }: { onCancel: () => void; to?: string }) {
  return (
    <Button asChild variant="ghost">
      <Link
        to={to}
        preventScrollReset
        onClick={(event) => {
          event.preventDefault();
          onCancel();
        }}
      >
        Cancel
      </Link>
    </Button>
  );
}

/** What a form posted before JavaScript ran achieved (with JavaScript, a toast says it). */
export function useNotice(fromPage: AuthResult | undefined) {
  return React.useState(fromPage?.ok ? fromPage.message : "");
}

export function PanelHeader({
  icon: Icon,
  title,
  description,
  headingId,
  children,
}: {
  icon: typeof Mail;
  title: string;
  description: string;
  headingId: string;
  children?: React.ReactNode;
}) {
  return (
    <div className="grid grid-cols-[auto_minmax(0,1fr)] items-start gap-x-3 gap-y-3 border-b border-border px-5 py-4 sm:grid-cols-[auto_minmax(0,1fr)_auto] sm:px-6">
      <span className="mt-0.5 grid size-10 shrink-0 place-items-center rounded-full bg-maroon-50 text-primary">
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <div className="grid gap-0.5">
        <h2 id={headingId} className="font-display text-xl leading-tight font-semibold">
          {title}
        </h2>
        <p className="text-sm text-muted-foreground">{description}</p>
      </div>
      {children ? (
        <div className="col-start-2 sm:col-start-3 sm:row-start-1">{children}</div>
      ) : null}
    </div>
  );
}

/**
 * A panel whose one form opens and closes (Basic Information, Password & Security): focus goes to
 * the form's first field when it opens and back to the toggle when it closes; an accepted form
 * toasts and closes (forgetting what was typed), a refused one shows why.
 */
export function useFormPanel<K extends string>({
  fetcherKey,
  startOpen,
  result,
  intents,
  fields,
  validate,
}: PanelProps & {
  fetcherKey: string;
  intents: readonly string[];
  /** The form's fields, in order. */
  fields: readonly [K, ...K[]];
  validate: (values: Record<K, string>) => FieldErrors;
}) {
  const fetcher = useFetcher<AuthResult>({ key: fetcherKey });
  const { success } = useToast();
  const { fromPage, settled } = usePanelResult(fetcher, result, intents);
  const [open, setOpen] = React.useState(startOpen || Boolean(fromPage && !fromPage.ok));
  const form = useFormErrors(fromPage && !fromPage.ok ? fromPage : undefined);
  const [notice, setNotice] = useNotice(fromPage);
  const [formKey, setFormKey] = React.useState(0);
  const formRef = React.useRef<HTMLFormElement>(null);
  const toggleRef = React.useRef<HTMLAnchorElement>(null);
  const opened = React.useRef(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the panel opens or closes
  React.useEffect(() => {
    if (!opened.current) {
      opened.current = true;
      return;
    }
    if (open) focusField(formRef.current, fields[0]);
    else toggleRef.current?.focus();
  }, [open]);

  useOnNewResult(settled, (r) => {
    setNotice("");
    if (r.ok) {
      success(r.message);
      close();
      return;
    }
    form.refuse(r, formRef.current, fields);
  });

  function close() {
    form.clear();
    setFormKey((key) => key + 1);
    setOpen(false);
  }

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    form.check(event, validate(readText(new FormData(event.currentTarget), fields)), fields);
  }

  return {
    ...form,
    fetcher,
    fromPage,
    open,
    setOpen,
    close,
    notice,
    formKey,
    formRef,
    toggleRef,
    onSubmit,
  };
}
