import { type OverviewStats, REVENUE_CHART_DAYS } from "@vastra/contracts/stats";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { cn } from "~/components/ui/cn";
import { FiguresTableHead } from "./figures-table-head";
import { formatDay, formatLongDay, formatPrice } from "./format";
import { RevenueChart } from "./lazy-charts";

/** Paid revenue per day for the last 30 days: a bar chart, and the same figures as a table. */
export function RevenueCard({
  revenue,
  className,
}: {
  revenue: OverviewStats["revenue"];
  className?: string;
}) {
  const first = revenue.days[0]?.date;
  const last = revenue.days.at(-1)?.date;
  const daysWithSales = revenue.days.filter((d) => d.paidOrders > 0);
  const best = daysWithSales.reduce<(typeof daysWithSales)[number] | undefined>(
    (top, d) => (!top || d.revenue > top.revenue ? d : top),
    undefined,
  );
  const average = revenue.days.length > 0 ? revenue.total / revenue.days.length : 0;
  return (
    <Card className={cn("min-w-0", className)}>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-x-6 gap-y-2">
        <div className="grid gap-1">
          <CardTitle as="h3">Revenue, last {REVENUE_CHART_DAYS} days</CardTitle>
          <CardDescription>
            Paid orders only, by Indian calendar day
            {first && last ? ` (${formatLongDay(first)} – ${formatLongDay(last)})` : ""}
          </CardDescription>
        </div>
        <dl className="flex gap-6 sm:text-right">
          <div>
            <dt className="text-muted-foreground text-xs">Paid revenue</dt>
            <dd
              className="font-semibold text-foreground text-xl tabular-nums"
              data-revenue-total=""
            >
              {formatPrice(revenue.total)}
            </dd>
          </div>
          <div>
            <dt className="text-muted-foreground text-xs">Paid orders</dt>
            <dd className="font-semibold text-foreground text-xl tabular-nums">
              {revenue.paidOrders.toLocaleString("en-IN")}
            </dd>
          </div>
        </dl>
      </CardHeader>
      <CardContent className="grid gap-3">
        <RevenueChart days={revenue.days} />
        <dl className="grid grid-cols-3 gap-3 rounded-md bg-muted/60 px-4 py-3 text-sm">
          <div>
            <dt className="text-muted-foreground text-xs">Best day</dt>
            <dd className="font-medium text-foreground tabular-nums">
              {best ? `${formatPrice(best.revenue)} on ${formatDay(best.date)}` : "None yet"}
            </dd>
          </div>
          <div>
            <dt className="text-muted-foreground text-xs">Daily average</dt>
            <dd className="font-medium text-foreground tabular-nums">
              {formatPrice(Math.round(average))}
            </dd>
          </div>
          <div>
            <dt className="text-muted-foreground text-xs">Days with sales</dt>
            <dd className="font-medium text-foreground tabular-nums">
              {daysWithSales.length} of {revenue.days.length}
            </dd>
          </div>
        </dl>
        <details className="group text-sm">
          <summary className="w-fit cursor-pointer rounded-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring">
            Show the figures as a table
          </summary>
          {daysWithSales.length === 0 ? (
            <p className="mt-2 text-muted-foreground">
              No paid orders in these {REVENUE_CHART_DAYS} days.
            </p>
          ) : (
            <section
              // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1)
              tabIndex={0}
              aria-label="Paid revenue per day, table"
              className="mt-2 max-h-72 overflow-y-auto rounded-md border border-border focus-visible:outline-2 focus-visible:outline-ring"
            >
              <table className="w-full text-left text-sm">
                <caption className="sr-only">Paid revenue per day with sales</caption>
                <FiguresTableHead
                  columns={[
                    { label: "Day" },
                    { label: "Paid orders", numeric: true },
                    { label: "Revenue", numeric: true },
                  ]}
                />
                <tbody>
                  {daysWithSales.map((d) => (
                    <tr key={d.date} className="border-border border-t">
                      <th scope="row" className="px-3 py-1.5 font-normal">
                        {formatLongDay(d.date)}
                      </th>
                      <td className="px-3 py-1.5 text-right tabular-nums">{d.paidOrders}</td>
                      <td className="px-3 py-1.5 text-right tabular-nums">
                        {formatPrice(d.revenue)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          )}
        </details>
      </CardContent>
    </Card>
  );
}
