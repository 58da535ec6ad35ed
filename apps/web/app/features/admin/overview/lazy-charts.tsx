/**
 * The charts, loaded on demand in the browser only: server rendering and the first paint show a
 * placeholder of the chart's height, then recharts (a separate chunk) draws the chart.
 */
import * as React from "react";
import { cn } from "~/components/ui/cn";
import { Skeleton } from "~/components/ui/skeleton";

const charts = () => import("./charts");
const RevenueChartLazy = React.lazy(() => charts().then((m) => ({ default: m.RevenueChart })));
const SalesChartLazy = React.lazy(() => charts().then((m) => ({ default: m.SalesChart })));
const TopChartLazy = React.lazy(() => charts().then((m) => ({ default: m.TopChart })));

/** True after the first render in the browser. */
function useMounted(): boolean {
  const [mounted, setMounted] = React.useState(false);
  React.useEffect(() => setMounted(true), []);
  return mounted;
}

function ClientChart({ height, children }: { height: number; children: React.ReactNode }) {
  const mounted = useMounted();
  const placeholder = <Skeleton className={cn("w-full")} style={{ height }} />;
  // The drawing is a picture of the table beside it: screen readers read the table instead.
  return (
    <div aria-hidden="true" className="w-full" style={{ minHeight: height }} data-chart="">
      {mounted ? <React.Suspense fallback={placeholder}>{children}</React.Suspense> : placeholder}
    </div>
  );
}

export function RevenueChart(props: React.ComponentProps<typeof RevenueChartLazy>) {
  return (
    <ClientChart height={300}>
      <RevenueChartLazy {...props} />
    </ClientChart>
  );
}

export function SalesChart(props: React.ComponentProps<typeof SalesChartLazy>) {
  return (
    <ClientChart height={280}>
      <SalesChartLazy {...props} />
    </ClientChart>
  );
}

export function TopChart(props: React.ComponentProps<typeof TopChartLazy>) {
  const height = Math.max(120, props.items.length * 34 + 24);
  return (
    <ClientChart height={height}>
      <TopChartLazy {...props} />
    </ClientChart>
  );
}
