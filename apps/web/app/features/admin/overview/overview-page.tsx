import { type OverviewStats, STATS_MESSAGES } from "@vastra/contracts/stats";
import {
  FileBarChart,
  Layers,
  Mail,
  MessageSquareText,
  Package,
  RefreshCw,
  Sparkles,
  Star,
} from "lucide-react";
import * as React from "react";
import { Link, useRevalidator } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { formatRating } from "~/lib/format";
import { useAdminBanner } from "../ui/banner";
import { StatCard, StatGrid } from "../ui/stat-card";
import { formatDateTime } from "./format";
import { LowStockList } from "./low-stock-list";
import { OrderWork } from "./order-work";
import type { OverviewData } from "./overview.server";
import { RecentReviews } from "./recent-reviews";
import { RevenueCard } from "./revenue-card";
import { SalesReportPanel } from "./sales-report";

/**
 * The Overview tab (admin.md §2, decisions.md §8): quick actions, the figure cards, the 30-day
 * revenue chart, the five newest reviews, the low-stock products and, when opened, the sales report.
 */
export function OverviewPage({ data }: { data: OverviewData }) {
  const { stats, error, report, today } = data;
  const revalidator = useRevalidator();
  const banner = useAdminBanner();
  const refreshing = revalidator.state === "loading";

  // After a refresh the admin hears how it went (the figures change in place).
  const wasRefreshing = React.useRef(false);
  React.useEffect(() => {
    if (refreshing) {
      wasRefreshing.current = true;
      return;
    }
    if (!wasRefreshing.current) return;
    wasRefreshing.current = false;
    if (error) banner.error(error);
    else banner.success(STATS_MESSAGES.refreshed);
  }, [refreshing, error, banner]);

  return (
    <div className="grid gap-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 className="font-display font-semibold text-2xl text-foreground">Overview</h2>
          {stats ? (
            <p className="text-muted-foreground text-sm">
              Figures as of {formatDateTime(stats.generatedAt)}
            </p>
          ) : null}
        </div>
        <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap sm:justify-end">
          <Button
            variant="outline"
            size="sm"
            onClick={() => void revalidator.revalidate()}
            loading={refreshing}
            loadingText="Refreshing…"
          >
            <RefreshCw aria-hidden="true" />
            Refresh Statistics
          </Button>
          <Button variant="secondary" size="sm" asChild>
            <Link to="/admin/newsletter?view=compose">
              <Mail aria-hidden="true" />
              Send Newsletter
            </Link>
          </Button>
          <Button size="sm" asChild className="col-span-2 row-start-1 sm:col-span-1">
            <Link to="/admin?report=1" preventScrollReset>
              <FileBarChart aria-hidden="true" />
              Generate Sales Report
            </Link>
          </Button>
        </div>
      </div>

      {report.status !== "closed" ? <SalesReportPanel state={report} today={today} /> : null}

      <OrderWork stats={data.orderStats} />

      {stats ? (
        <OverviewFigures stats={stats} refreshing={refreshing} />
      ) : (
        <Card role="alert" className="border-destructive/40">
          <CardHeader>
            <CardTitle as="h3">{STATS_MESSAGES.loadFailed}</CardTitle>
            <CardDescription>{error}</CardDescription>
          </CardHeader>
          <CardContent>
            <Button onClick={() => void revalidator.revalidate()} loading={refreshing}>
              Try again
            </Button>
          </CardContent>
        </Card>
      )}
    </div>
  );
}

function OverviewFigures({ stats, refreshing }: { stats: OverviewStats; refreshing: boolean }) {
  const { totals } = stats;
  return (
    <div className="grid gap-6" aria-busy={refreshing || undefined}>
      <section aria-labelledby="overview-figures">
        <h3 id="overview-figures" className="sr-only">
          Store figures
        </h3>
        <StatGrid columns={5}>
          <StatCard
            label="Total products"
            value={totals.totalProducts.toLocaleString("en-IN")}
            icon={Package}
            loading={refreshing}
          />
          <StatCard
            label="Categories"
            value={totals.totalCategories.toLocaleString("en-IN")}
            icon={Layers}
            loading={refreshing}
          />
          <StatCard
            label="Total reviews"
            value={totals.totalReviews.toLocaleString("en-IN")}
            icon={MessageSquareText}
            loading={refreshing}
          />
          <StatCard
            label="Average rating"
            value={
              <>
                {formatRating(totals.averageRating)}
                <span className="font-normal text-base text-muted-foreground"> / 5</span>
              </>
            }
            hint={totals.totalReviews === 0 ? "No reviews yet" : "Out of 5 stars"}
            icon={Star}
            tone="warning"
            loading={refreshing}
          />
          <StatCard
            label="Hero products"
            value={totals.heroProducts.toLocaleString("en-IN")}
            hint="In the home page hero"
            icon={Sparkles}
            loading={refreshing}
            className="col-span-2 sm:col-span-1"
          />
        </StatGrid>
      </section>

      <div className="grid gap-6 lg:grid-cols-3">
        <RevenueCard revenue={stats.revenue} className="lg:col-span-2 lg:self-start" />
        <RecentReviews reviews={stats.recentReviews} />
      </div>

      <LowStockList lowStock={stats.lowStock} />
    </div>
  );
}
