import type * as React from "react";

/*
 * The heading at the top of a dashboard tab: the tab's h2 (its id names the tab's <section> via
 * aria-labelledby), one line of description under it and, on the right, the tab's actions.
 *
 *   <section aria-labelledby="products-heading" className="grid gap-6">
 *     <AdminSectionHeader
 *       id="products-heading"
 *       title="Products"
 *       description={plural(total, "product")}
 *       live
 *       actions={<Button onClick={add}>Add product</Button>}
 *     />
 */
export function AdminSectionHeader({
  id,
  title,
  description,
  live = false,
  actions,
}: {
  /** The h2's id, for the section's aria-labelledby. */
  id: string;
  title: React.ReactNode;
  description?: React.ReactNode;
  /** The description changes with the filters: read it out politely when it does. */
  live?: boolean;
  actions?: React.ReactNode;
}) {
  const heading = (
    <div>
      <h2 id={id} className="font-display font-semibold text-2xl">
        {title}
      </h2>
      <p className="text-muted-foreground text-sm" aria-live={live ? "polite" : undefined}>
        {description}
      </p>
    </div>
  );
  if (!actions) return heading;
  return (
    <div className="flex flex-wrap items-end justify-between gap-3">
      {heading}
      {actions}
    </div>
  );
}
