import { ChevronLeft, ChevronRight } from "lucide-react";
import { Link } from "react-router";
import { cn } from "~/components/ui/cn";

/** The page numbers to show: first, last and the neighbours of the current page, with gaps. */
export function pageWindow(page: number, pages: number): Array<number | "gap"> {
  const wanted = new Set([1, pages, page - 1, page, page + 1]);
  const list = [...wanted].filter((n) => n >= 1 && n <= pages).sort((a, b) => a - b);
  const out: Array<number | "gap"> = [];
  let last = 0;
  for (const n of list) {
    if (n - last === 2) out.push(n - 1);
    else if (n - last > 2) out.push("gap");
    out.push(n);
    last = n;
  }
  return out;
}

const itemClass =
  "inline-flex h-11 min-w-11 items-center justify-center gap-1 rounded-md px-3 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring";

/**
 * Page links that keep every other filter (page and limit live in the query string). Unlike a
 * filter change, a page change is a new history entry and scrolls to the top.
 */
export function Pagination({
  page,
  pages,
  search,
}: {
  page: number;
  pages: number;
  /** The current query string. */
  search: string;
}) {
  if (pages <= 1) return null;
  const to = (n: number) => {
    const params = new URLSearchParams(search);
    if (n <= 1) params.delete("page");
    else params.set("page", String(n));
    const qs = params.toString();
    return { search: qs ? `?${qs}` : "" };
  };
  return (
    <nav aria-label="Pagination" className="mt-10 flex justify-center">
      <ul className="flex flex-wrap items-center justify-center gap-1">
        <li>
          {page > 1 ? (
            <Link to={to(page - 1)} className={cn(itemClass, "hover:bg-muted")} rel="prev">
              <ChevronLeft aria-hidden="true" className="size-4" />
              Previous
            </Link>
          ) : (
            <span aria-disabled="true" className={cn(itemClass, "text-muted-foreground/70")}>
              <ChevronLeft aria-hidden="true" className="size-4" />
              Previous
            </span>
          )}
        </li>
        {pageWindow(page, pages).map((n, i) =>
          n === "gap" ? (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity of their own
              key={`gap-${i}`}
              aria-hidden="true"
              className="hidden px-1 text-muted-foreground sm:block"
            >
              …
            </li>
          ) : (
            <li key={n} className="hidden sm:block">
              <Link
                to={to(n)}
                aria-label={`Page ${n}`}
                aria-current={n === page ? "page" : undefined}
                className={cn(
                  itemClass,
                  n === page
                    ? "bg-primary text-primary-foreground"
                    : "text-foreground hover:bg-muted",
                )}
              >
                {n}
              </Link>
            </li>
          ),
        )}
        <li className="px-2 text-sm text-muted-foreground sm:hidden">
          Page {page} of {pages}
        </li>
        <li>
          {page < pages ? (
            <Link to={to(page + 1)} className={cn(itemClass, "hover:bg-muted")} rel="next">
              Next
              <ChevronRight aria-hidden="true" className="size-4" />
            </Link>
          ) : (
            <span aria-disabled="true" className={cn(itemClass, "text-muted-foreground/70")}>
              Next
              <ChevronRight aria-hidden="true" className="size-4" />
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
