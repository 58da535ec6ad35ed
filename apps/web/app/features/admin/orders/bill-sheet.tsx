import {
  BILL_HANDLING_INSTRUCTIONS,
  formatBillDate,
  paymentMethodLabel,
  shipFromLines,
  shipToLines,
  statusLabel,
} from "@vastra/contracts/admin-orders";
import type { Order } from "@vastra/contracts/orders";
import type { StoreSettings } from "@vastra/contracts/store";
import type * as React from "react";
import { BillBarcode } from "./bill-barcode";
import { formatMoney } from "./format";

function Box({
  title,
  children,
  className = "",
}: {
  title: string;
  children: React.ReactNode;
  className?: string;
}) {
  return (
    <div className={`bill-avoid-break border border-neutral-400 p-3 ${className}`}>
      <h3 className="font-bold text-[0.68rem] text-neutral-600 uppercase tracking-wider">
        {title}
      </h3>
      <div className="mt-1 text-sm leading-snug">{children}</div>
    </div>
  );
}

/**
 * The A4 shipping bill (admin.md §2): order number and date, ship-to and ship-from, status and
 * payment, items with size, quantity and line totals, total, handling instructions, the store's
 * contact (never the order's internal notes, record 0039), signature boxes and the tracking barcode. The server's PDF holds the same.
 */
export function BillSheet({ order, store }: { order: Order; store: StoreSettings }) {
  const units = order.items.reduce((sum, item) => sum + item.quantity, 0);
  return (
    <article
      aria-label={`Shipping bill of order ${order.orderNumber}`}
      className="shipping-bill mx-auto font-sans [&_h2]:font-sans [&_h3]:font-sans w-full max-w-[210mm] bg-white px-5 py-6 text-neutral-900 shadow-lg ring-1 ring-neutral-200 sm:min-h-[297mm] sm:px-[12mm] sm:py-[12mm]"
    >
      <div className="flex flex-wrap items-start justify-between gap-6">
        <div>
          <p className="font-bold text-3xl tracking-tight">{store.name}</p>
          <h2 className="mt-0.5 font-bold text-lg">Shipping bill</h2>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 text-sm">
            <dt className="text-neutral-600">Order number</dt>
            <dd className="font-bold">{order.orderNumber}</dd>
            <dt className="text-neutral-600">Order date</dt>
            <dd>
              <time dateTime={order.createdAt}>{formatBillDate(order.createdAt)}</time>
            </dd>
          </dl>
        </div>
        <div className="w-56 max-w-full">
          <p className="text-center font-bold text-[0.65rem] text-neutral-600 uppercase tracking-wider">
            Tracking code
          </p>
          <BillBarcode text={order.orderNumber} />
        </div>
      </div>

      <hr className="my-4 border-neutral-900 border-t-2" />

      <div className="grid gap-3 sm:grid-cols-2">
        <Box title="Ship to">
          <p className="font-bold text-base">{order.user.name}</p>
          <address className="not-italic">
            {shipToLines(order).map((line) => (
              <span key={line} className="block">
                {line}
              </span>
            ))}
          </address>
          <p>Phone: {order.user.phone}</p>
          <p className="break-all">E-mail: {order.user.email}</p>
        </Box>
        <Box title="Ship from">
          <p className="font-bold text-base">{store.legalName}</p>
          <address className="not-italic">
            {shipFromLines(store).map((line) => (
              <span key={line} className="block">
                {line}
              </span>
            ))}
          </address>
          <p>Phone: {store.phone}</p>
          <p className="break-all">E-mail: {store.email}</p>
          {store.gstin ? <p>GSTIN: {store.gstin}</p> : null}
        </Box>
      </div>

      <div className="mt-3 grid grid-cols-3 gap-3">
        <Box title="Order status">
          <p className="font-bold">{statusLabel(order.status)}</p>
        </Box>
        <Box title="Payment status">
          <p className="font-bold">{statusLabel(order.paymentStatus)}</p>
        </Box>
        <Box title="Payment method">
          <p className="font-bold">{paymentMethodLabel(order.paymentMethod)}</p>
        </Box>
      </div>

      <h3 className="mt-5 font-bold">Items</h3>
      {/* Scrolls sideways on phones: focusable so the keyboard can scroll it too. */}
      <section
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1)
        tabIndex={0}
        aria-label="Items"
        className="mt-1 overflow-x-auto focus-visible:outline-2 focus-visible:outline-ring"
      >
        <table className="w-full min-w-[30rem] border-collapse text-sm">
          <thead>
            <tr className="bg-neutral-100 text-left">
              <th scope="col" className="w-8 px-2 py-1.5 font-bold">
                #
              </th>
              <th scope="col" className="px-2 py-1.5 font-bold">
                Item
              </th>
              <th scope="col" className="px-2 py-1.5 font-bold">
                Size
              </th>
              <th scope="col" className="px-2 py-1.5 text-right font-bold">
                Qty
              </th>
              <th scope="col" className="px-2 py-1.5 text-right font-bold">
                Price
              </th>
              <th scope="col" className="px-2 py-1.5 text-right font-bold">
                Line total
              </th>
            </tr>
          </thead>
          <tbody>
            {order.items.map((item, i) => (
              <tr
                // biome-ignore lint/suspicious/noArrayIndexKey: an order's lines never reorder
                key={i}
                className="bill-avoid-break border-neutral-400 border-b align-top"
              >
                <td className="px-2 py-1.5">{i + 1}</td>
                <td className="px-2 py-1.5">
                  {item.title}
                  {item.color ? ` (${item.color})` : ""}
                </td>
                <td className="px-2 py-1.5">{item.size}</td>
                <td className="px-2 py-1.5 text-right tabular-nums">{item.quantity}</td>
                <td className="whitespace-nowrap px-2 py-1.5 text-right tabular-nums">
                  {formatMoney(item.price)}
                </td>
                <td className="whitespace-nowrap px-2 py-1.5 text-right tabular-nums">
                  {formatMoney(item.price * item.quantity)}
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            {/* Subtotal, shipping and the COD fee above the total (record 0036). */}
            {(
              [
                ["Subtotal", formatMoney(order.subtotalAmount)],
                // Coupons (record 0047): the discount off the items.
                ...(order.discountAmount
                  ? [
                      [
                        `Coupon ${order.couponCode ?? ""}`.trim(),
                        `−${formatMoney(order.discountAmount)}`,
                      ],
                    ]
                  : []),
                ["Shipping", order.shippingAmount > 0 ? formatMoney(order.shippingAmount) : "Free"],
                ...(order.codFeeAmount > 0
                  ? [["Cash-on-delivery fee", formatMoney(order.codFeeAmount)]]
                  : order.codFeeWaived
                    ? [["Cash-on-delivery fee", "Waived"]]
                    : []),
              ] as Array<[string, string]>
            ).map(([label, value]) => (
              <tr key={label}>
                <th scope="row" colSpan={5} className="px-2 pt-1 text-right font-normal">
                  {label}
                </th>
                <td className="whitespace-nowrap px-2 pt-1 text-right tabular-nums">{value}</td>
              </tr>
            ))}
            <tr>
              <td colSpan={3} className="px-2 pt-2 text-neutral-600">
                {units} {units === 1 ? "unit" : "units"}
              </td>
              <th scope="row" colSpan={2} className="px-2 pt-2 text-right font-bold text-base">
                Total
              </th>
              <td className="whitespace-nowrap px-2 pt-2 text-right font-bold text-base tabular-nums">
                {formatMoney(order.totalAmount)}
              </td>
            </tr>
          </tfoot>
        </table>
      </section>

      <section className="bill-avoid-break mt-5">
        <h3 className="font-bold">Handling instructions</h3>
        <ul className="mt-1 list-disc pl-5 text-sm leading-snug">
          {BILL_HANDLING_INSTRUCTIONS.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </section>

      {/* The order's notes are the store's own: never printed on the parcel (record 0039). */}
      <section className="bill-avoid-break mt-4">
        <h3 className="font-bold">Questions about this parcel?</h3>
        <p className="mt-1 text-sm">
          Contact {store.name}: {store.phone} · {store.email}
        </p>
      </section>

      <div className="bill-avoid-break mt-6 grid grid-cols-3 gap-3">
        {["Packed by", "Dispatched by", "Received by (customer)"].map((label) => (
          <div
            key={label}
            className="flex h-24 flex-col justify-between border border-neutral-400 p-2"
          >
            <p className="text-neutral-600 text-xs">{label}</p>
            <p className="border-neutral-400 border-t pt-1 text-neutral-600 text-xs">
              Signature and date
            </p>
          </div>
        ))}
      </div>

      <p className="mt-6 text-center text-neutral-600 text-xs">
        {store.legalName} · {store.email}
      </p>
    </article>
  );
}
