/**
 * The admin order view's "Returns" section (record 0048): the order's return and exchange requests
 * with their next step; nothing when the order has none. Read from the browser when the order opens.
 */
import type { Courier } from "@vastra/contracts/fulfilment";
import type { ReturnRequest } from "@vastra/contracts/returns";
import { RETURN_MESSAGES } from "@vastra/contracts/returns-messages";
import * as React from "react";
import { ReturnRequestView } from "~/components/commerce/return-request-view";
import { apiJson, browserFetch } from "~/lib/api";
import { ReturnActions } from "./return-actions";

export function OrderReturnsSection({ orderId }: { orderId: string }) {
  const [requests, setRequests] = React.useState<ReturnRequest[] | null>(null);
  const [couriers, setCouriers] = React.useState<Courier[]>([]);
  const [failed, setFailed] = React.useState(false);
  const titleId = React.useId();

  const load = React.useCallback(async () => {
    try {
      const [list, courierList] = await Promise.all([
        apiJson<ReturnRequest[]>(browserFetch, `/api/admin/returns?orderId=${orderId}`, {
          fallback: RETURN_MESSAGES.loadFailed,
        }),
        apiJson<Courier[]>(browserFetch, "/api/admin/couriers"),
      ]);
      setRequests(list);
      setCouriers(courierList);
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }, [orderId]);

  React.useEffect(() => {
    void load();
  }, [load]);

  if (!failed && (!requests || requests.length === 0)) return null;
  return (
    <section aria-labelledby={titleId} className="grid content-start gap-2">
      <h3
        id={titleId}
        className="font-sans font-semibold text-muted-foreground text-xs uppercase tracking-wide"
      >
        Returns
      </h3>
      {failed ? (
        <p role="alert" className="text-destructive text-sm">
          {RETURN_MESSAGES.loadFailed}
        </p>
      ) : (
        <ul className="grid gap-3">
          {requests?.map((request) => (
            <li key={request._id} className="grid gap-3 rounded-md border border-border p-3">
              <ReturnRequestView request={request} headingLevel={4} />
              <ReturnActions request={request} couriers={couriers} onDone={() => void load()} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
