import { formatRupees } from "~/lib/cart-money";
import type { UpiPaymentShown } from "./types";

/**
 * Pay by UPI (issue #14, record 0036): the QR code to scan with any UPI app, and on a phone the
 * link that opens one, for the order's exact total with its number as the note. The store marks
 * the order paid once the money arrives.
 */
export function UpiPayment({
  upi,
  total,
  orderNumber,
}: {
  upi: UpiPaymentShown;
  total: number;
  orderNumber: string;
}) {
  return (
    <section
      aria-label={`Pay for order ${orderNumber} by UPI`}
      className="grid justify-items-center gap-2 rounded-md border border-gold-300 bg-gold-50 p-3 text-center text-sm"
      data-testid="upi-payment"
    >
      <p className="font-medium text-foreground">Pay {formatRupees(total)} by UPI</p>
      <img
        src={upi.qr}
        alt={`UPI QR code: pay ${formatRupees(total)} to ${upi.payeeName || upi.vpa} for order ${orderNumber}`}
        width={160}
        height={160}
        className="size-40 rounded bg-white"
        data-testid="upi-qr"
      />
      <a
        href={upi.link}
        className="font-medium text-primary underline underline-offset-4"
        data-testid="upi-link"
      >
        Open in a UPI app
      </a>
      <p className="text-xs text-muted-foreground [overflow-wrap:anywhere]">
        To {upi.payeeName ? `${upi.payeeName} (${upi.vpa})` : upi.vpa}, note {orderNumber}. We mark
        the order paid once it arrives.
      </p>
    </section>
  );
}
