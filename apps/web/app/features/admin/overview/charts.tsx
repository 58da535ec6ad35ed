/**
 * The dashboard's charts (recharts). Only the admin Overview loads this module, and only in the
 * browser, lazily (see lazy-charts.tsx): the storefront's bundles never carry recharts.
 * Each chart is drawn for sighted users (hidden from screen readers, out of the tab order); the
 * same figures are in a table next to it.
 */
import type { RevenueDay, SalesPeriod, TopCategory, TopProduct } from "@vastra/contracts/stats";
import {
  Bar,
  BarChart,
  CartesianGrid,
  ComposedChart,
  Line,
  Tooltip,
  type TooltipContentProps,
  XAxis,
  YAxis,
} from "recharts";
import { formatCompactRupees, formatDay, formatLongDay, formatPeriod, formatPrice } from "./format";

const MAROON = "#7a1f2b";
const GOLD = "#b38b4d";
const GRID = "#e5d9c6";
const AXIS = "#6a5750";

const axisProps = {
  stroke: AXIS,
  tick: { fill: AXIS, fontSize: 12 },
  tickLine: false,
  axisLine: { stroke: GRID },
} as const;

function TooltipBox({ title, lines }: { title: string; lines: Array<[string, string]> }) {
  return (
    <div className="rounded-md border border-border bg-card px-3 py-2 text-sm shadow-lg">
      <p className="font-medium text-foreground">{title}</p>
      {lines.map(([label, value]) => (
        <p key={label} className="text-muted-foreground">
          {label}: <span className="font-medium text-foreground tabular-nums">{value}</span>
        </p>
      ))}
    </div>
  );
}

/** Paid revenue per day, the last 30 days. */
export function RevenueChart({ days }: { days: RevenueDay[] }) {
  return (
    <BarChart
      responsive
      accessibilityLayer={false}
      data={days}
      margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
      style={{ width: "100%", height: 300 }}
    >
      <CartesianGrid stroke={GRID} strokeDasharray="3 3" vertical={false} />
      <XAxis
        dataKey="date"
        tickFormatter={formatDay}
        interval="preserveStartEnd"
        minTickGap={24}
        {...axisProps}
      />
      <YAxis tickFormatter={formatCompactRupees} width={64} allowDecimals={false} {...axisProps} />
      <Tooltip
        cursor={{ fill: "rgb(122 31 43 / 0.06)" }}
        content={({ active, payload }: TooltipContentProps) => {
          const day = active ? (payload?.[0]?.payload as RevenueDay | undefined) : undefined;
          if (!day) return null;
          return (
            <TooltipBox
              title={formatLongDay(day.date)}
              lines={[
                ["Revenue", formatPrice(day.revenue)],
                ["Paid orders", String(day.paidOrders)],
              ]}
            />
          );
        }}
      />
      <Bar dataKey="revenue" name="Revenue" fill={MAROON} radius={[3, 3, 0, 0]} maxBarSize={28} />
    </BarChart>
  );
}

/** The report's periods: paid revenue as bars, orders as a line. */
export function SalesChart({ periods, groupBy }: { periods: SalesPeriod[]; groupBy: string }) {
  const data = periods.map((p) => ({ ...p, label: formatPeriod(p.start, p.end, groupBy) }));
  return (
    <ComposedChart
      responsive
      accessibilityLayer={false}
      data={data}
      margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
      style={{ width: "100%", height: 280 }}
    >
      <CartesianGrid stroke={GRID} strokeDasharray="3 3" vertical={false} />
      <XAxis dataKey="label" interval="preserveStartEnd" minTickGap={24} {...axisProps} />
      <YAxis
        yAxisId="revenue"
        tickFormatter={formatCompactRupees}
        width={64}
        allowDecimals={false}
        {...axisProps}
      />
      <YAxis yAxisId="orders" orientation="right" width={36} allowDecimals={false} {...axisProps} />
      <Tooltip
        cursor={{ fill: "rgb(122 31 43 / 0.06)" }}
        content={({ active, payload }: TooltipContentProps) => {
          const p = active
            ? (payload?.[0]?.payload as (typeof data)[number] | undefined)
            : undefined;
          if (!p) return null;
          return (
            <TooltipBox
              title={p.label}
              lines={[
                ["Paid revenue", formatPrice(p.revenue)],
                ["Orders", String(p.orders)],
                ["Units", String(p.units)],
              ]}
            />
          );
        }}
      />
      <Bar
        yAxisId="revenue"
        dataKey="revenue"
        name="Paid revenue"
        fill={MAROON}
        radius={[3, 3, 0, 0]}
        maxBarSize={36}
      />
      <Line
        yAxisId="orders"
        dataKey="orders"
        name="Orders"
        type="monotone"
        stroke={GOLD}
        strokeWidth={2}
        dot={periods.length <= 14}
      />
    </ComposedChart>
  );
}

/** Top products or categories by units, as horizontal bars. */
export function TopChart({ items }: { items: Array<TopProduct | TopCategory> }) {
  const data = items.map((item) => ({
    name: "title" in item ? item.title : item.name,
    units: item.units,
    revenue: item.revenue,
  }));
  return (
    <BarChart
      responsive
      accessibilityLayer={false}
      layout="vertical"
      data={data}
      margin={{ top: 0, right: 16, bottom: 0, left: 0 }}
      style={{ width: "100%", height: Math.max(120, data.length * 34 + 24) }}
    >
      <CartesianGrid stroke={GRID} strokeDasharray="3 3" horizontal={false} />
      <XAxis type="number" allowDecimals={false} {...axisProps} />
      <YAxis
        type="category"
        dataKey="name"
        width={132}
        tickFormatter={(name: string) => (name.length > 18 ? `${name.slice(0, 17)}…` : name)}
        {...axisProps}
      />
      <Tooltip
        cursor={{ fill: "rgb(122 31 43 / 0.06)" }}
        content={({ active, payload }: TooltipContentProps) => {
          const item = active
            ? (payload?.[0]?.payload as (typeof data)[number] | undefined)
            : undefined;
          if (!item) return null;
          return (
            <TooltipBox
              title={item.name}
              lines={[
                ["Units", String(item.units)],
                ["Paid revenue", formatPrice(item.revenue)],
              ]}
            />
          );
        }}
      />
      <Bar dataKey="units" name="Units" fill={GOLD} radius={[0, 3, 3, 0]} maxBarSize={22} />
    </BarChart>
  );
}
