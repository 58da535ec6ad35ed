import type { ReactNode } from "react";
import { Link } from "react-router";

export type PolicySection = {
  /** Anchor id, also the table-of-contents target. */
  id: string;
  title: string;
  body: ReactNode;
};

/** The four policy pages and the contact page, for the "related" links at the foot of each. */
export const POLICY_LINKS = [
  { to: "/shipping", label: "Shipping Policy" },
  { to: "/cancellations", label: "Cancellations & Returns" },
  { to: "/terms", label: "Terms and Conditions" },
  { to: "/general-policy", label: "Privacy Policy" },
  { to: "/contact", label: "Contact Us" },
] as const;

/**
 * Typography for long policy text, without a typography plugin: paragraphs, lists, tables and
 * links inside a section get readable spacing and line length.
 */
export const proseClass = [
  "text-base leading-7 text-foreground/90",
  "[&_p]:mt-4 [&_p:first-child]:mt-0",
  "[&_h3]:mt-8 [&_h3]:font-semibold [&_h3]:text-xl [&_h3]:text-foreground",
  "[&_ul]:mt-4 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6 [&_ul_ul]:mt-3 [&_ul_ul]:list-[circle]",
  "[&_ol]:mt-4 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:pl-6",
  "[&_li]:pl-1 [&_li::marker]:text-gold-600",
  "[&_strong]:font-semibold [&_strong]:text-foreground",
  "[&_a]:font-medium [&_a]:text-primary [&_a]:underline [&_a]:underline-offset-2 [&_a:hover]:text-primary-hover",
].join(" ");

type PolicyLayoutProps = {
  title: string;
  /** Short line above the heading. */
  eyebrow?: string;
  intro: ReactNode;
  /** "Last updated: …" under the heading, when the page carries a date. */
  updated?: string;
  sections: PolicySection[];
  /** Current path, left out of the related links. */
  path: string;
  /** Numbered section headings ("1. …"), as the terms are. */
  numbered?: (section: PolicySection, index: number) => string | undefined;
};

/** A long policy page: heading, intro, a table of contents and the numbered or plain sections. */
export function PolicyLayout({
  title,
  eyebrow = "Policies",
  intro,
  updated,
  sections,
  path,
  numbered,
}: PolicyLayoutProps) {
  const heading = (section: PolicySection, index: number) => {
    const number = numbered?.(section, index);
    return number ? `${number}. ${section.title}` : section.title;
  };
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 md:py-16">
      <header className="max-w-3xl">
        <p className="font-medium text-primary text-sm uppercase tracking-widest">{eyebrow}</p>
        <h1 className="mt-2 font-display font-semibold text-3xl text-foreground tracking-tight sm:text-4xl md:text-5xl">
          {title}
        </h1>
        {updated ? (
          <p className="mt-3 text-sm text-muted-foreground">Last updated: {updated}</p>
        ) : null}
        <div className="mt-6 text-lg text-foreground/90 leading-8 [&_p+p]:mt-4">{intro}</div>
      </header>

      <div className="mt-10 grid gap-10 lg:mt-14 lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-16">
        <nav
          aria-labelledby="toc-heading"
          className="rounded-lg bg-muted p-5 lg:sticky lg:top-24 lg:self-start lg:bg-transparent lg:p-0"
        >
          <h2
            id="toc-heading"
            className="font-sans font-semibold text-muted-foreground text-xs uppercase tracking-widest"
          >
            On this page
          </h2>
          <ol className="mt-3 space-y-2 border-border border-l pl-4 text-sm">
            {sections.map((section, index) => (
              <li key={section.id}>
                <a
                  href={`#${section.id}`}
                  className="text-muted-foreground underline-offset-2 hover:text-primary hover:underline focus-visible:text-primary"
                >
                  {heading(section, index)}
                </a>
              </li>
            ))}
          </ol>
        </nav>

        <div className="min-w-0 max-w-3xl">
          {sections.map((section, index) => (
            <section
              key={section.id}
              id={section.id}
              aria-labelledby={`${section.id}-heading`}
              className="scroll-mt-24 border-border border-t py-8 first:border-t-0 first:pt-0"
            >
              <h2
                id={`${section.id}-heading`}
                className="font-display font-semibold text-[1.75rem] text-foreground leading-tight tracking-tight md:text-3xl"
              >
                {heading(section, index)}
              </h2>
              <div className={`mt-4 ${proseClass}`}>{section.body}</div>
            </section>
          ))}

          <nav aria-label="Related pages" className="mt-6 rounded-xl bg-muted p-6">
            <h2 className="font-sans font-semibold text-foreground">More from our help pages</h2>
            <ul className="mt-3 flex flex-wrap gap-x-6 gap-y-2 text-sm">
              {POLICY_LINKS.filter((link) => link.to !== path).map((link) => (
                <li key={link.to}>
                  <Link
                    to={link.to}
                    className="font-medium text-primary underline underline-offset-2 hover:text-primary-hover"
                  >
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </div>
    </div>
  );
}

/** A small two-column table (label → value) inside a policy section. */
export function FactTable({
  caption,
  head,
  rows,
}: {
  caption: string;
  head: readonly string[];
  rows: readonly (readonly ReactNode[])[];
}) {
  return (
    <div className="mt-4 overflow-x-auto rounded-lg border border-border">
      <table className="w-full min-w-[20rem] border-collapse text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-muted text-foreground">
          <tr>
            {head.map((cell) => (
              <th key={cell} scope="col" className="px-4 py-3 font-semibold">
                {cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {rows.map((row, r) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: static rows that never reorder
            <tr key={r}>
              {row.map((cell, c) =>
                c === 0 ? (
                  // biome-ignore lint/suspicious/noArrayIndexKey: static cells
                  <th key={c} scope="row" className="px-4 py-3 font-medium text-foreground">
                    {cell}
                  </th>
                ) : (
                  // biome-ignore lint/suspicious/noArrayIndexKey: static cells
                  <td key={c} className="px-4 py-3 text-foreground/90">
                    {cell}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A highlighted note inside a section. */
export function Callout({ children, title }: { children: ReactNode; title?: string }) {
  return (
    <div className="mt-5 rounded-lg border border-gold-200 bg-gold-50 p-4 text-foreground">
      {title ? <p className="font-semibold text-foreground">{title}</p> : null}
      <div className={title ? "mt-1" : undefined}>{children}</div>
    </div>
  );
}
