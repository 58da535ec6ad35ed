import type { Order } from "@vastra/contracts/orders";
import {
  BadgeCheck,
  Ban,
  CircleCheckBig,
  Clock,
  IndianRupee,
  PackageOpen,
  Search,
  ShoppingBag,
  Truck,
  Undo2,
  X,
} from "lucide-react";
import * as React from "react";
import { Form, Link, useLocation, useNavigation, useSubmit } from "react-router";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Pagination } from "~/components/ui/pagination";
import { NativeSelect } from "~/components/ui/select";
import { OrdersExportForm } from "../bulk/export-controls";
import { AdminSectionHeader } from "../ui/admin-section-header";
import { SelectOptions } from "../ui/select-options";
import { StatCard } from "../ui/stat-card";
import { useLoadErrorBanner } from "../ui/use-admin-action";
import { useGuardedStatus } from "./change-dialog";
import { filtersQuery, hasFilters, type OrderFilters, WORK_FILTER_OPTIONS } from "./filters";
import { formatMoney, PAYMENT_OPTIONS, STATUS_OPTIONS } from "./format";
import { NotesEditor } from "./notes-editor";
import { OrderDetailsDialog } from "./order-details-dialog";
import { OrderList } from "./order-list";
import type { OrdersData } from "./orders.server";
import { useOrderUpdates } from "./use-order-updates";

/**
 * The Orders tab (admin.md §2): stat cards, search and filters kept in the URL, the orders with
 * inline status and payment selects, notes, the details modal and the shipping bill.
 */
export function OrdersPage({ data }: { data: OrdersData }) {
  const updates = useOrderUpdates(data.stats, data);
  const [details, setDetails] = React.useState<Order | null>(null);
  const [notesFor, setNotesFor] = React.useState<Order | null>(null);

  useLoadErrorBanner(data.error);

  const orders = data.orders.map((order) => updates.changed[order._id] ?? order);
  // Record 0039: e-mailed changes are confirmed first; shipped asks courier and AWB, paid a method.
  const guarded = useGuardedStatus(orders, updates.updateStatus);
  const notesOrder = notesFor ? (updates.changed[notesFor._id] ?? notesFor) : null;
  const first = (data.page - 1) * data.pageSize + 1;
  const last = first + data.orders.length - 1;

  return (
    <section aria-labelledby="orders-heading" className="grid grid-cols-1 gap-6">
      <AdminSectionHeader
        id="orders-heading"
        title="Orders"
        description="Set each order's status and payment as it moves; the customer is e-mailed when it is confirmed, shipped, delivered or cancelled."
      />

      <OrderStatsCards stats={updates.stats} />

      <FiltersBar filters={data.filters} />

      <OrdersExportForm />

      <div className="grid gap-3">
        <p className="text-muted-foreground text-sm" aria-live="polite">
          {data.total === 0
            ? ""
            : `Showing ${first.toLocaleString("en-IN")}–${last.toLocaleString("en-IN")} of ${data.total.toLocaleString("en-IN")} ${data.total === 1 ? "order" : "orders"}`}
        </p>
        {data.orders.length === 0 ? (
          <EmptyOrders filters={data.filters} failed={data.error !== null} />
        ) : (
          <OrderList
            orders={orders}
            busy={updates.busy}
            onStatus={guarded.onStatus}
            onDetails={setDetails}
            onNotes={setNotesFor}
          />
        )}
        <PaginationFor data={data} />
      </div>

      <OrderDetailsDialog order={details} onClose={() => setDetails(null)} updates={updates} />
      {guarded.dialog}

      <Dialog
        open={notesOrder !== null}
        onOpenChange={(open) => (open ? undefined : setNotesFor(null))}
      >
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Notes for {notesOrder?.orderNumber}</DialogTitle>
            <DialogDescription>
              {notesOrder
                ? `${notesOrder.user.name} · ${formatMoney(notesOrder.totalAmount)}`
                : null}
            </DialogDescription>
          </DialogHeader>
          {notesOrder ? (
            <NotesEditor
              orderNumber={notesOrder.orderNumber}
              notes={notesOrder.notes}
              busy={updates.busy.has(notesOrder._id)}
              onSave={(notes) => updates.saveNotes(notesOrder._id, notes)}
              onSaved={() => setNotesFor(null)}
              autoFocus
            />
          ) : null}
        </DialogContent>
      </Dialog>
    </section>
  );
}

/**
 * The stat cards, one per status so they add up to the total (record 0039): two across on phones
 * (total and revenue full width), three on tablets, four then wide on large screens.
 */
function OrderStatsCards({ stats }: { stats: OrdersData["stats"] }) {
  const figure = (n: number | undefined) => (n === undefined ? "–" : n.toLocaleString("en-IN"));
  return (
    <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 xl:grid-cols-4">
      <StatCard
        label="Total orders"
        value={figure(stats?.total)}
        icon={ShoppingBag}
        className="col-span-2 sm:col-span-1"
      />
      <StatCard label="Pending" value={figure(stats?.pending)} icon={Clock} tone="warning" />
      <StatCard label="Confirmed" value={figure(stats?.confirmed)} icon={BadgeCheck} />
      <StatCard label="Processing" value={figure(stats?.processing)} icon={PackageOpen} />
      <StatCard label="Shipped" value={figure(stats?.shipped)} icon={Truck} />
      <StatCard
        label="Delivered"
        value={figure(stats?.delivered)}
        icon={CircleCheckBig}
        tone="success"
      />
      <StatCard label="Cancelled" value={figure(stats?.cancelled)} icon={Ban} tone="danger" />
      {/* Returned undelivered (RTO, record 0038). */}
      <StatCard label="Returned" value={figure(stats?.returned)} icon={Undo2} tone="danger" />
      <StatCard
        label="Revenue"
        value={
          <span className="whitespace-nowrap">{stats ? formatMoney(stats.revenue) : "–"}</span>
        }
        hint={stats ? `Paid orders only (${figure(stats.paid)})` : "Paid orders only"}
        icon={IndianRupee}
        tone="success"
        className="col-span-2 sm:col-span-2 xl:col-span-1"
      />
    </div>
  );
}

/**
 * Search (order number, name, e-mail, phone), status and payment filters: a GET form, so the
 * filters live in the URL; a select applies at once, the search on Enter or the button.
 */
function FiltersBar({ filters }: { filters: OrderFilters }) {
  const submit = useSubmit();
  const navigation = useNavigation();
  const location = useLocation();
  const searching =
    navigation.state === "loading" && navigation.location.pathname === location.pathname;
  return (
    <Form
      method="get"
      role="search"
      aria-label="Find orders"
      // A new URL's filters reset the fields to what it says.
      key={location.search}
      className="grid gap-3 rounded-lg border border-border bg-card p-4 shadow-sm md:grid-cols-[minmax(0,1fr)_11rem_11rem_auto] md:items-end"
      onChange={(event) => {
        if (event.target instanceof HTMLSelectElement) {
          submit(event.currentTarget, { replace: true });
        }
      }}
    >
      <Field label="Search orders">
        <Input
          type="search"
          name="search"
          defaultValue={filters.search}
          placeholder="Order number, name, e-mail or phone"
          maxLength={200}
          autoComplete="off"
        />
      </Field>
      <Field label="Status">
        <NativeSelect name="status" defaultValue={filters.status}>
          <SelectOptions
            any="All statuses"
            anyValue="all"
            options={[...STATUS_OPTIONS, ...WORK_FILTER_OPTIONS]}
          />
        </NativeSelect>
      </Field>
      <Field label="Payment">
        <NativeSelect name="paymentStatus" defaultValue={filters.paymentStatus}>
          <SelectOptions any="All payments" anyValue="all" options={PAYMENT_OPTIONS} />
        </NativeSelect>
      </Field>
      <div className="flex gap-2">
        <Button type="submit" loading={searching} className="flex-1 md:flex-none">
          <Search aria-hidden="true" />
          Search
        </Button>
        {hasFilters(filters) ? (
          <Button asChild variant="ghost">
            <Link to="." replace>
              <X aria-hidden="true" />
              Clear
            </Link>
          </Button>
        ) : null}
      </div>
    </Form>
  );
}

function EmptyOrders({ filters, failed }: { filters: OrderFilters; failed: boolean }) {
  let text = "No orders yet. They appear here as soon as shoppers check out.";
  if (failed) text = "The orders could not be loaded. Please reload the page.";
  else if (hasFilters(filters)) {
    const work = WORK_FILTER_OPTIONS.find((o) => o.value === filters.status);
    const status =
      filters.status === "all" ? "" : work ? `${work.label.toLowerCase()}: ` : `${filters.status} `;
    const payment = filters.paymentStatus === "all" ? "" : ` with payment ${filters.paymentStatus}`;
    const search = filters.search.trim() ? ` matching “${filters.search.trim()}”` : "";
    text = `No ${status}orders${payment}${search}.`;
  }
  return (
    <div className="grid justify-items-center gap-3 rounded-lg border border-dashed p-8 text-center">
      <p className="text-muted-foreground">{text}</p>
      {hasFilters(filters) && !failed ? (
        <Link
          to={filtersQuery({ search: "", status: "all", paymentStatus: "all" }) || "."}
          className="font-medium text-primary text-sm underline-offset-4 hover:underline"
        >
          Show every order
        </Link>
      ) : null}
    </div>
  );
}

function PaginationFor({ data }: { data: OrdersData }) {
  const location = useLocation();
  return <Pagination page={data.page} pages={data.pages} search={location.search} />;
}
