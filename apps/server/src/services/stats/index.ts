/**
 * The admin dashboard's figures: the Overview (counts, recent reviews, 30-day revenue, low stock) and
 * the sales report. Everything is counted by PostgreSQL (count / sum / GROUP BY / date_trunc over a
 * generated calendar), so the cost does not grow with the number of orders held in memory: each call
 * returns at most a few hundred small rows.
 *
 * Days are Indian calendar days (Asia/Kolkata): an order placed at 00:30 IST on the 5th counts on
 * the 5th, although it is still the 4th in UTC. Revenue counts orders whose payment status is paid,
 * whatever their order status (an admin marks a refunded one "refunded").
 */
import {
  daysInRange,
  LOW_STOCK_LIST_LIMIT,
  type LowStockProduct,
  type OverviewStats,
  RECENT_REVIEWS,
  REPORT_TOP_LIMIT,
  REVENUE_CHART_DAYS,
  type SalesGrouping,
  type SalesReport,
  type SalesReportQuery,
  STORE_TIME_ZONE,
  salesRangeProblems,
  stockStatusOf,
} from "@vastra/contracts";
import { type SQL, sql } from "drizzle-orm";
import { type Db, rowsOf } from "../../db/client.ts";
import type { Clock } from "../clock.ts";
import { ValidationError } from "../errors.ts";

export { salesReportCsv } from "./csv.ts";

/** json / jsonb values: parsed by one driver, text from another. */
function jsonOf<T>(value: unknown): T {
  return (typeof value === "string" ? JSON.parse(value) : value) as T;
}

const rupees = (paise: number | string | bigint | null | undefined) => Number(paise ?? 0) / 100;
const int = (value: number | string | null | undefined) => Number(value ?? 0);

const TZ = sql.raw(`'${STORE_TIME_ZONE}'`);

/** The instant an Indian calendar day (a date expression) begins, as timestamptz. */
const dayStart = (date: SQL) => sql`((${date})::timestamp at time zone ${TZ})`;
/** An order's Indian calendar day. */
const orderDay = (createdAt: SQL) => sql`((${createdAt} at time zone ${TZ})::date)`;

export type StatsService = ReturnType<typeof createStatsService>;

export function createStatsService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  /** Today in India, YYYY-MM-DD, from the service's clock. */
  function today(): string {
    return new Intl.DateTimeFormat("en-CA", {
      timeZone: STORE_TIME_ZONE,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    }).format(clock());
  }

  async function totals(): Promise<OverviewStats["totals"]> {
    const [row] = rowsOf<Record<string, number | string>>(
      await db.execute(sql`select
        (select count(*)::int from products) as total_products,
        (select count(*)::int from categories) as total_categories,
        (select count(*)::int from reviews) as total_reviews,
        (select coalesce(round(avg(rating)::numeric, 1), 0)::float8 from reviews) as average_rating,
        (select count(*)::int from products where is_hero) as hero_products`),
    );
    return {
      totalProducts: int(row?.total_products),
      totalCategories: int(row?.total_categories),
      totalReviews: int(row?.total_reviews),
      averageRating: Number(row?.average_rating ?? 0),
      heroProducts: int(row?.hero_products),
    };
  }

  async function recentReviews(): Promise<OverviewStats["recentReviews"]> {
    const rows = rowsOf<{
      id: string;
      product_id: string;
      product_title: string;
      name: string;
      rating: number;
      comment: string;
      created_at: Date | string;
    }>(
      await db.execute(sql`
        select r.id, r.product_id, p.title as product_title, r.name, r.rating::int as rating,
               r.comment, r.created_at
          from reviews r join products p on p.id = r.product_id
         order by r.created_at desc, r.id desc
         limit ${RECENT_REVIEWS}`),
    );
    return rows.map((r) => ({
      _id: r.id,
      productId: r.product_id,
      productTitle: r.product_title,
      name: r.name,
      rating: int(r.rating),
      comment: r.comment,
      createdAt: new Date(r.created_at).toISOString(),
    }));
  }

  /** Paid revenue for each of the last REVENUE_CHART_DAYS Indian days, today last, zero-filled. */
  async function revenueByDay(day: string): Promise<OverviewStats["revenue"]> {
    const first = sql`(${day}::date - ${REVENUE_CHART_DAYS - 1}::int)`;
    const rows = rowsOf<{ date: string; paise: string | number; paid_orders: number }>(
      await db.execute(sql`
        with days as (
          select (${first} + g)::date as day from generate_series(0, ${REVENUE_CHART_DAYS - 1}::int) as g
        ), paid as (
          select ${orderDay(sql`o.created_at`)} as day, sum(o.total_paise)::bigint as paise,
                 count(*)::int as paid_orders
            from orders o
           where o.payment_status = 'paid'
             and o.created_at >= ${dayStart(first)}
             and o.created_at < ${dayStart(sql`${day}::date + 1`)}
           group by 1
        )
        select to_char(days.day, 'YYYY-MM-DD') as date, coalesce(paid.paise, 0) as paise,
               coalesce(paid.paid_orders, 0)::int as paid_orders
          from days left join paid on paid.day = days.day
         order by days.day`),
    );
    const days = rows.map((r) => ({
      date: r.date,
      revenue: rupees(r.paise),
      paidOrders: int(r.paid_orders),
    }));
    const totalPaise = rows.reduce((sum, r) => sum + Number(r.paise), 0);
    return {
      days,
      total: totalPaise / 100,
      paidOrders: days.reduce((sum, d) => sum + d.paidOrders, 0),
    };
  }

  /**
   * Products that need restocking: Out of Stock or Low Stock by decisions.md §3 (total stock at or
   * under the product's threshold), and products with a sold-out size. Most urgent first.
   */
  async function lowStock(): Promise<OverviewStats["lowStock"]> {
    const rows = rowsOf<{
      id: string;
      title: string;
      image_url: string;
      low_stock_threshold: number;
      stock: number;
      sizes: unknown;
      total: number;
    }>(
      await db.execute(sql`
        with s as (
          select p.id, p.title, p.image_url, p.low_stock_threshold,
                 coalesce(sum(ps.stock), 0)::int as stock,
                 count(ps.size) filter (where ps.stock = 0)::int as sold_out_sizes,
                 coalesce(
                   json_agg(json_build_object('size', ps.size, 'stock', ps.stock)
                            order by ps.position, ps.size) filter (where ps.size is not null),
                   '[]'::json) as sizes
            from products p left join product_sizes ps on ps.product_id = p.id
           group by p.id
        )
        select id, title, image_url, low_stock_threshold, stock, sizes,
               (count(*) over ())::int as total
          from s
         where stock <= low_stock_threshold or sold_out_sizes > 0
         order by (stock = 0) desc, (stock <= low_stock_threshold) desc, stock, title, id
         limit ${LOW_STOCK_LIST_LIMIT}`),
    );
    const products: LowStockProduct[] = rows.map((r) => {
      const sizeStock = jsonOf<Array<{ size: string; stock: number }>>(r.sizes);
      const stock = int(r.stock);
      const threshold = int(r.low_stock_threshold);
      return {
        _id: r.id,
        title: r.title,
        imageUrl: r.image_url,
        stock,
        lowStockThreshold: threshold,
        stockStatus: stockStatusOf(stock, threshold),
        sizeStock,
        soldOutSizes: sizeStock.filter((s) => s.stock === 0).map((s) => s.size),
      };
    });
    return { total: int(rows[0]?.total), products };
  }

  return {
    today,

    async overview(): Promise<OverviewStats> {
      const day = today();
      // One after another: PGlite serves one query at a time anyway, and it keeps a pooled
      // PostgreSQL connection count low.
      const t = await totals();
      const recent = await recentReviews();
      const revenue = await revenueByDay(day);
      const stock = await lowStock();
      return {
        totals: t,
        recentReviews: recent,
        revenue,
        lowStock: stock,
        generatedAt: clock().toISOString(),
      };
    },

    /** Checks the range (400 with the field's message) and returns the report's figures. */
    async salesReport(query: SalesReportQuery): Promise<SalesReport> {
      const problems = salesRangeProblems(query);
      const first = Object.values(problems)[0];
      if (first) throw new ValidationError(first, problems);
      const { from, to } = query;
      const groupBy = query.groupBy as SalesGrouping;
      const unit = sql.raw(`'${groupBy}'`);
      const days = daysInRange(from, to);
      const inRange = sql`o.created_at >= ${dayStart(sql`${from}::date`)}
        and o.created_at < ${dayStart(sql`${to}::date + 1`)}`;
      const bucketOf = sql`date_trunc(${unit}, (o.created_at at time zone ${TZ}))::date`;

      const periodRows = rowsOf<{
        start: string;
        end: string;
        orders: number;
        paid_orders: number;
        paise: string | number;
        units: number;
      }>(
        await db.execute(sql`
          with days as (
            select (${from}::date + g)::date as day from generate_series(0, ${days - 1}::int) as g
          ), buckets as (
            select date_trunc(${unit}, day::timestamp)::date as bucket, min(day) as first_day,
                   max(day) as last_day
              from days group by 1
          ), o as (
            select ${bucketOf} as bucket, o.id, o.status, o.payment_status, o.total_paise
              from orders o where ${inRange}
          ), per_order as (
            select bucket,
                   count(*) filter (where status <> 'cancelled')::int as orders,
                   count(*) filter (where payment_status = 'paid')::int as paid_orders,
                   coalesce(sum(total_paise) filter (where payment_status = 'paid'), 0)::bigint as paise
              from o group by bucket
          ), units as (
            select o.bucket, sum(oi.quantity)::int as units
              from o join order_items oi on oi.order_id = o.id
             where o.status <> 'cancelled'
             group by o.bucket
          )
          select to_char(b.first_day, 'YYYY-MM-DD') as start, to_char(b.last_day, 'YYYY-MM-DD') as "end",
                 coalesce(p.orders, 0)::int as orders, coalesce(p.paid_orders, 0)::int as paid_orders,
                 coalesce(p.paise, 0) as paise, coalesce(u.units, 0)::int as units
            from buckets b
            left join per_order p on p.bucket = b.bucket
            left join units u on u.bucket = b.bucket
           order by b.bucket`),
      );

      // Units from the orders that stand (not cancelled); revenue from the paid ones, net of
      // each line's share of a coupon discount (record 0047).
      const lineFigures = sql`
        coalesce(sum(oi.quantity) filter (where o.status <> 'cancelled'), 0)::int as units,
        coalesce(sum(oi.price_paise::bigint * oi.quantity - oi.discount_paise)
                 filter (where o.payment_status = 'paid'), 0)::bigint as paise`;
      const counts = sql`(o.status <> 'cancelled' or o.payment_status = 'paid')`;

      const productRows = rowsOf<{
        product_id: string | null;
        title: string;
        units: number;
        paise: string | number;
      }>(
        await db.execute(sql`
          select oi.product_id, coalesce(max(p.title), max(oi.title)) as title, ${lineFigures}
            from orders o
            join order_items oi on oi.order_id = o.id
            left join products p on p.id = oi.product_id
           where ${inRange} and ${counts}
           group by oi.product_id, case when oi.product_id is null then oi.title end
           order by units desc, paise desc, title
           limit ${REPORT_TOP_LIMIT}`),
      );

      const categoryRows = rowsOf<{
        category_id: string;
        name: string;
        units: number;
        paise: string | number;
      }>(
        await db.execute(sql`
          select c.id as category_id, c.name, ${lineFigures}
            from orders o
            join order_items oi on oi.order_id = o.id
            join product_categories pc on pc.product_id = oi.product_id
            join categories c on c.id = pc.category_id
           where ${inRange} and ${counts}
           group by c.id, c.name
           order by units desc, paise desc, c.name
           limit ${REPORT_TOP_LIMIT}`),
      );

      const periods = periodRows.map((r) => ({
        start: r.start,
        end: r.end,
        orders: int(r.orders),
        paidOrders: int(r.paid_orders),
        revenue: rupees(r.paise),
        units: int(r.units),
      }));
      const totalPaise = periodRows.reduce((sum, r) => sum + Number(r.paise), 0);
      return {
        from,
        to,
        groupBy,
        periods,
        totals: {
          orders: periods.reduce((sum, p) => sum + p.orders, 0),
          paidOrders: periods.reduce((sum, p) => sum + p.paidOrders, 0),
          revenue: totalPaise / 100,
          units: periods.reduce((sum, p) => sum + p.units, 0),
        },
        topProducts: productRows.map((r) => ({
          productId: r.product_id,
          title: r.title,
          units: int(r.units),
          revenue: rupees(r.paise),
        })),
        topCategories: categoryRows.map((r) => ({
          categoryId: r.category_id,
          name: r.name,
          units: int(r.units),
          revenue: rupees(r.paise),
        })),
      };
    },
  };
}
