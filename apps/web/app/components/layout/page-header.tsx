import type * as React from "react";

/** The eyebrow, title and intro line the cart, checkout and orders pages open with. */
export function PageHeader({
  eyebrow,
  title,
  children,
}: {
  eyebrow: string;
  title: React.ReactNode;
  children?: React.ReactNode;
}) {
  return (
    <header className="mb-6 grid gap-2 sm:mb-8">
      <p className="flex items-center gap-3 text-xs font-semibold tracking-[0.28em] text-gold-700 uppercase">
        <span aria-hidden="true" className="h-px w-10 bg-gold-500" />
        {eyebrow}
      </p>
      <h1 className="font-display text-4xl leading-tight font-semibold text-primary sm:text-5xl">
        {title}
      </h1>
      {children ? <div className="max-w-2xl text-muted-foreground">{children}</div> : null}
    </header>
  );
}

/** The width and padding of these pages. */
export const PAGE_FRAME = "mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8";
