import { creditNotePath, taxInvoicePath } from "@vastra/contracts/gst";
import type { Order } from "@vastra/contracts/orders";
import { FileText } from "lucide-react";
import { buttonVariants } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";

/**
 * An order's GST documents (record 0037): the tax invoice once it has shipped, and the credit
 * note when it was cancelled or returned after that. Plain links: the PDFs come from the API with
 * the session cookie (the shopper's own orders, or any for an admin).
 */
export function TaxDocumentLinks({
  order,
  className,
}: {
  order: Pick<Order, "_id" | "orderNumber" | "taxInvoiceNumber" | "creditNoteNumber">;
  className?: string;
}) {
  if (!order.taxInvoiceNumber && !order.creditNoteNumber) return null;
  const link = buttonVariants({ variant: "outline", size: "sm" });
  return (
    <div className={cn("flex flex-wrap gap-2", className)}>
      {order.taxInvoiceNumber ? (
        <a
          href={taxInvoicePath(order._id)}
          download
          className={link}
          aria-label={`Tax invoice ${order.taxInvoiceNumber} for order ${order.orderNumber} (PDF)`}
        >
          <FileText aria-hidden="true" />
          Tax invoice
        </a>
      ) : null}
      {order.creditNoteNumber ? (
        <a
          href={creditNotePath(order._id)}
          download
          className={link}
          aria-label={`Credit note ${order.creditNoteNumber} for order ${order.orderNumber} (PDF)`}
        >
          <FileText aria-hidden="true" />
          Credit note
        </a>
      ) : null}
    </div>
  );
}
