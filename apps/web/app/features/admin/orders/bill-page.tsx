import { billFileName } from "@vastra/contracts/admin-orders";
import { DEFAULT_STORE_SETTINGS } from "@vastra/contracts/store";
import { ArrowLeft, FileDown, Printer } from "lucide-react";
import { Link } from "react-router";
import { Button, buttonVariants } from "~/components/ui/button";
import { useStoreSettings } from "~/lib/store";
import "./bill-print.css";
import type { BillLoad } from "./bill.server";
import { BillSheet } from "./bill-sheet";

const backLink = (
  <Link to="/admin/orders" className={buttonVariants({ variant: "ghost", size: "sm" })}>
    <ArrowLeft aria-hidden="true" />
    Back to orders
  </Link>
);

/**
 * The shipping bill page (/admin/orders/{id}/bill): the A4 bill, 'Print Bill' (the browser's
 * print, which prints the bill alone) and 'Save as PDF' (the server's PDF of the same bill).
 */
export function BillPage({ load }: { load: BillLoad }) {
  const store = useStoreSettings() ?? DEFAULT_STORE_SETTINGS;
  if (load.status !== "ok") {
    return (
      <div className="grid justify-items-start gap-4">
        {backLink}
        <p role="alert" className="rounded-lg border border-dashed p-8 text-muted-foreground">
          {load.status === "not-found"
            ? "There is no such order. It may have been removed."
            : `${load.message}. Please reload the page.`}
        </p>
      </div>
    );
  }
  const { order } = load;
  return (
    <div className="grid grid-cols-1 gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        {backLink}
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => window.print()}>
            <Printer aria-hidden="true" />
            Print Bill
          </Button>
          <a
            href={`/api/orders/${encodeURIComponent(order._id)}/bill.pdf`}
            download={billFileName(order.orderNumber)}
            className={buttonVariants({ variant: "outline" })}
          >
            <FileDown aria-hidden="true" />
            Save as PDF
          </a>
        </div>
      </div>
      <div className="-mx-4 bg-muted/60 px-2 py-6 sm:mx-0 sm:rounded-lg sm:px-6">
        <BillSheet order={order} store={store} />
      </div>
    </div>
  );
}
