/**
 * The Returns tab (/admin/returns, record 0048): every return and exchange request, newest first,
 * filtered by status, each with its order, customer, pieces and the next step.
 */
import { RETURN_STATUS_LABELS, RETURN_STATUSES } from "@vastra/contracts/returns-messages";
import { Form, Link, useRevalidator } from "react-router";
import { ReturnRequestView } from "~/components/commerce/return-request-view";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { NativeSelect } from "~/components/ui/native-select";
import { AdminSectionHeader } from "../ui/admin-section-header";
import { useLoadErrorBanner } from "../ui/use-admin-action";
import { ReturnActions } from "./return-actions";
import type { ReturnsData } from "./returns.server";

const plural = (n: number) => `${n} ${n === 1 ? "request" : "requests"}`;

export function ReturnsPage({ data }: { data: ReturnsData }) {
  useLoadErrorBanner(data.error);
  const revalidator = useRevalidator();
  const shown = data.status ? `${RETURN_STATUS_LABELS[data.status].toLowerCase()} ` : "";
  return (
    <section aria-labelledby="returns-heading" className="grid gap-6">
      <AdminSectionHeader
        id="returns-heading"
        title="Returns"
        description={`${plural(data.requests.length)}${shown ? `, ${shown.trim()}` : ""}`}
        live
      />
      <Form method="get" className="flex flex-wrap items-end gap-3" aria-label="Filter returns">
        <Field label="Status" className="w-full sm:w-56">
          <NativeSelect name="status" defaultValue={data.status} key={data.status}>
            <option value="">All statuses</option>
            {RETURN_STATUSES.map((status) => (
              <option key={status} value={status}>
                {RETURN_STATUS_LABELS[status]}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Button type="submit" variant="outline">
          Show
        </Button>
      </Form>
      {data.requests.length === 0 ? (
        <p className="rounded-lg border border-dashed border-border bg-card px-6 py-10 text-center text-muted-foreground">
          {shown ? `No ${shown}requests.` : "No return or exchange requests yet."}
        </p>
      ) : (
        <ul className="grid gap-4" aria-label="Return requests">
          {data.requests.map((request) => (
            <li
              key={request._id}
              className="grid gap-3 rounded-lg border border-border bg-card p-4 sm:p-5"
              data-testid="return-request"
            >
              <p className="text-sm">
                <Link
                  to={`/admin/orders?search=${encodeURIComponent(request.orderNumber)}`}
                  className="font-semibold text-primary underline underline-offset-2"
                >
                  Order {request.orderNumber}
                </Link>{" "}
                <span className="text-muted-foreground">· {request.customerName}</span>
              </p>
              <ReturnRequestView request={request} />
              <ReturnActions
                request={request}
                couriers={data.couriers}
                onDone={() => void revalidator.revalidate()}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
