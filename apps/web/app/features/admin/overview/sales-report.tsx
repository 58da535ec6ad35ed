import {
  REPORT_TOP_LIMIT,
  SALES_GROUPINGS,
  type SalesReport,
  salesRangeProblems,
  type TopCategory,
  type TopProduct,
} from "@vastra/contracts/stats";
import { Download, X } from "lucide-react";
import * as React from "react";
import { Form, Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { cn } from "~/components/ui/cn";
import { Field, FieldError } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { StatCard, StatGrid } from "../ui/stat-card";
import { FiguresTableHead } from "./figures-table-head";
import { formatLongDay, formatPeriod, formatPrice } from "./format";
import { SalesChart, TopChart } from "./lazy-charts";
import type { ReportState } from "./overview.server";
import { type ReportParams, reportCsvUrl } from "./report-params";

const GROUP_LABELS: Record<string, string> = { day: "Day", week: "Week", month: "Month" };
const GROUP_NOUNS: Record<string, string> = { day: "by day", week: "by week", month: "by month" };

/**
 * The sales report (decisions.md §8): a GET form (from, to, group by) whose values live in the URL,
 * so the report survives a reload, works before the page's script has loaded, and keeps what the
 * admin typed when the range is refused. Below it: totals, the periods as a chart and a table, top
 * products and categories, and the CSV download.
 */
export function SalesReportPanel({
  state,
  today,
}: {
  state: Exclude<ReportState, { status: "closed" }>;
  today: string;
}) {
  const headingRef = React.useRef<HTMLHeadingElement>(null);
  React.useEffect(() => {
    headingRef.current?.focus();
  }, []);

  return (
    <section
      aria-labelledby="sales-report-title"
      className="rounded-lg border border-gold-300 bg-card shadow-sm"
    >
      <div className="flex items-start justify-between gap-4 border-border border-b px-5 pt-5 pb-4 sm:px-6">
        <div className="grid gap-1">
          <h3
            id="sales-report-title"
            ref={headingRef}
            tabIndex={-1}
            className="font-display font-semibold text-2xl text-foreground outline-none"
          >
            Sales report
          </h3>
          <p className="text-muted-foreground text-sm">
            Orders, paid revenue and units over a range of Indian calendar days. Weeks start on
            Monday.
          </p>
        </div>
        <Button variant="ghost" size="icon-sm" asChild>
          <Link to="/admin" preventScrollReset aria-label="Close the sales report">
            <X aria-hidden="true" className="size-5" />
          </Link>
        </Button>
      </div>
      <div className="grid gap-6 p-5 sm:p-6">
        <ReportForm
          // A new range from the server resets the form to it.
          key={`${state.params.from}|${state.params.to}|${state.params.groupBy}|${state.status}`}
          params={state.params}
          serverErrors={state.status === "invalid" ? state.errors : {}}
          serverMessage={state.status === "invalid" ? state.message : null}
          today={today}
          csvUrl={state.status === "ready" ? reportCsvUrl(state.params) : null}
        />
        {state.status === "ready" ? <ReportFigures report={state.report} /> : null}
      </div>
    </section>
  );
}

function ReportForm({
  params,
  serverErrors,
  serverMessage,
  today,
  csvUrl,
}: {
  params: ReportParams;
  serverErrors: Record<string, string>;
  serverMessage: string | null;
  today: string;
  csvUrl: string | null;
}) {
  const navigation = useNavigation();
  const [values, setValues] = React.useState(params);
  const [errors, setErrors] = React.useState<Record<string, string>>(serverErrors);
  const generating =
    navigation.state !== "idle" &&
    navigation.location?.pathname === "/admin" &&
    new URLSearchParams(navigation.location.search).has("report");

  const set = (name: keyof ReportParams) => (event: React.ChangeEvent<HTMLInputElement>) => {
    const value = event.target.value;
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((e) => {
      const { [name]: _, ...rest } = e;
      return rest;
    });
  };

  const otherError = serverMessage && Object.keys(serverErrors).length === 0 ? serverMessage : null;

  return (
    <Form
      method="get"
      action="/admin"
      preventScrollReset
      noValidate
      aria-label="Sales report range"
      className="grid gap-4"
      onSubmit={(event) => {
        const problems = salesRangeProblems(values);
        if (Object.keys(problems).length > 0) {
          event.preventDefault();
          setErrors(problems);
        }
      }}
    >
      <input type="hidden" name="report" value="1" />
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_auto_auto] lg:items-start">
        <Field label="From" error={errors.from} required>
          <Input type="date" name="from" value={values.from} max={today} onChange={set("from")} />
        </Field>
        <Field label="To" error={errors.to} required>
          <Input type="date" name="to" value={values.to} onChange={set("to")} />
        </Field>
        <fieldset className="grid gap-1.5">
          <legend className="mb-1.5 font-medium text-foreground text-sm">Group by</legend>
          <div className="flex h-11 rounded-md border border-input bg-card p-1">
            {SALES_GROUPINGS.map((g) => (
              <label
                key={g}
                className={cn(
                  "flex flex-1 cursor-pointer items-center justify-center rounded-sm px-3 text-sm transition-colors",
                  "has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring",
                  values.groupBy === g
                    ? "bg-primary font-medium text-primary-foreground"
                    : "text-foreground hover:bg-muted",
                )}
              >
                <input
                  type="radio"
                  name="groupBy"
                  value={g}
                  checked={values.groupBy === g}
                  onChange={set("groupBy")}
                  className="sr-only"
                />
                {GROUP_LABELS[g]}
              </label>
            ))}
          </div>
          <FieldError>{errors.groupBy}</FieldError>
        </fieldset>
        <div className="flex flex-wrap gap-2 sm:col-span-2 lg:col-span-1 lg:pt-7">
          <Button type="submit" loading={generating} loadingText="Generating…">
            Generate
          </Button>
          {csvUrl ? (
            <Button variant="outline" asChild>
              <a href={csvUrl} download>
                <Download aria-hidden="true" />
                Download CSV
              </a>
            </Button>
          ) : null}
        </div>
      </div>
      <FieldError>{otherError}</FieldError>
    </Form>
  );
}

function ReportFigures({ report }: { report: SalesReport }) {
  const { totals, groupBy } = report;
  return (
    <div className="grid gap-6">
      <p className="font-medium text-foreground" aria-live="polite">
        {formatLongDay(report.from)} – {formatLongDay(report.to)}, {GROUP_NOUNS[groupBy]}
      </p>
      <StatGrid columns={4}>
        <StatCard
          label="Orders"
          value={totals.orders.toLocaleString("en-IN")}
          hint="Cancelled left out"
        />
        <StatCard label="Paid orders" value={totals.paidOrders.toLocaleString("en-IN")} />
        <StatCard
          label="Paid revenue"
          value={formatPrice(totals.revenue)}
          hint="Orders marked paid"
          tone="success"
        />
        <StatCard label="Units sold" value={totals.units.toLocaleString("en-IN")} />
      </StatGrid>

      <div className="grid gap-3">
        <h4 className="font-semibold text-foreground text-lg">Sales {GROUP_NOUNS[groupBy]}</h4>
        <div className="flex flex-wrap gap-4 text-muted-foreground text-xs" aria-hidden="true">
          <span className="inline-flex items-center gap-1.5">
            <span className="size-3 rounded-sm bg-primary" /> Paid revenue (left scale)
          </span>
          <span className="inline-flex items-center gap-1.5">
            <span className="h-0.5 w-4 bg-gold-500" /> Orders (right scale)
          </span>
        </div>
        <SalesChart periods={report.periods} groupBy={groupBy} />
        {/* Scrolls on its own: focusable, so keyboard users can scroll it too. */}
        <section
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1)
          tabIndex={0}
          aria-label={`Sales ${GROUP_NOUNS[groupBy]}, table`}
          className="max-h-96 overflow-auto rounded-md border border-border focus-visible:outline-2 focus-visible:outline-ring"
        >
          <table className="w-full min-w-[32rem] text-left text-sm">
            <caption className="sr-only">Sales {GROUP_NOUNS[groupBy]}</caption>
            <FiguresTableHead
              columns={[
                { label: "Period" },
                { label: "Orders", numeric: true },
                { label: "Paid orders", numeric: true },
                { label: "Paid revenue", numeric: true },
                { label: "Units", numeric: true },
              ]}
            />
            <tbody>
              {report.periods.map((p) => (
                <tr key={p.start} className="border-border border-t">
                  <th scope="row" className="px-3 py-1.5 font-normal">
                    {formatPeriod(p.start, p.end, groupBy)}
                  </th>
                  <td className="px-3 py-1.5 text-right tabular-nums">{p.orders}</td>
                  <td className="px-3 py-1.5 text-right tabular-nums">{p.paidOrders}</td>
                  <td className="px-3 py-1.5 text-right tabular-nums">{formatPrice(p.revenue)}</td>
                  <td className="px-3 py-1.5 text-right tabular-nums">{p.units}</td>
                </tr>
              ))}
            </tbody>
            <tfoot className="border-border border-t-2 bg-ivory-50 font-semibold">
              <tr>
                <th scope="row" className="px-3 py-2">
                  Total
                </th>
                <td className="px-3 py-2 text-right tabular-nums">{totals.orders}</td>
                <td className="px-3 py-2 text-right tabular-nums">{totals.paidOrders}</td>
                <td className="px-3 py-2 text-right tabular-nums">{formatPrice(totals.revenue)}</td>
                <td className="px-3 py-2 text-right tabular-nums">{totals.units}</td>
              </tr>
            </tfoot>
          </table>
        </section>
      </div>

      <div className="grid gap-6 lg:grid-cols-2">
        <TopList
          title="Top products"
          description={`The ${REPORT_TOP_LIMIT} best sellers by units, with their paid revenue.`}
          items={report.topProducts}
        />
        <TopList
          title="Top categories"
          description="A product in two categories counts in both."
          items={report.topCategories}
        />
      </div>
    </div>
  );
}

function TopList({
  title,
  description,
  items,
}: {
  title: string;
  description: string;
  items: Array<TopProduct | TopCategory>;
}) {
  return (
    <Card className="min-w-0 shadow-none">
      <CardHeader>
        <CardTitle as="h4" className="text-lg">
          {title}
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {items.length === 0 ? (
          <p className="text-muted-foreground text-sm">No sales in this range.</p>
        ) : (
          <>
            <TopChart items={items} />
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{title}</caption>
              <thead>
                <tr className="text-muted-foreground">
                  <th scope="col" className="py-1.5 pr-2 font-medium">
                    #
                  </th>
                  <th scope="col" className="py-1.5 pr-2 font-medium">
                    Name
                  </th>
                  <th scope="col" className="whitespace-nowrap py-1.5 pr-2 text-right font-medium">
                    Units
                  </th>
                  <th scope="col" className="whitespace-nowrap py-1.5 text-right font-medium">
                    Paid revenue
                  </th>
                </tr>
              </thead>
              <tbody>
                {items.map((item, i) => {
                  const name = "title" in item ? item.title : item.name;
                  const key = "title" in item ? `${item.productId}-${item.title}` : item.categoryId;
                  return (
                    <tr key={key} className="border-border border-t">
                      <td className="py-1.5 pr-2 text-muted-foreground tabular-nums">{i + 1}</td>
                      <th
                        scope="row"
                        className="w-full max-w-0 truncate py-1.5 pr-2 font-normal"
                        title={name}
                      >
                        {name}
                      </th>
                      <td className="py-1.5 pr-2 text-right tabular-nums">{item.units}</td>
                      <td className="py-1.5 text-right tabular-nums">
                        {formatPrice(item.revenue)}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </>
        )}
      </CardContent>
    </Card>
  );
}
