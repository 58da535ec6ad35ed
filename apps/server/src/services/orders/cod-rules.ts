/**
 * Cash-on-delivery rules (issue #14, record 0038) that the placing of an order and the admin's list
 * use: the signed confirmation link's token, the COD cap, the returned-undelivered (RTO) counts
 * that make an account or phone pay first, and the risk badges of a page of orders (set-based: one
 * query for the whole page).
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import {
  COD_MESSAGES,
  type CodSettings,
  codWithinCap,
  formatRupees,
  type OrderRisk,
  RISK_LABELS,
} from "@vastra/contracts";
import { sql } from "drizzle-orm";
import { type DbOrTx, rowsOf } from "../../db/client.ts";
import { isUuid } from "../cart/index.ts";
import { getDeliverySettings } from "../delivery/index.ts";
import { ValidationError } from "../errors.ts";

// ---------------------------------------------------------------- the signed link

/** Domain separation: the secret's HMAC for this purpose cannot stand in for any other. */
const PURPOSE = "vastra:order-confirmation:v1";

const sign = (secret: string, body: string) =>
  createHmac("sha256", secret).update(`${PURPOSE}\n${body}`).digest("base64url");

/**
 * The token of an order's confirmation link: `<order id>.<expiry, unix seconds>.<HMAC>`. It only
 * answers the confirmation page of that one order (view, confirm, cancel, fix the address), and
 * only until it expires (the order's confirm-by time).
 */
export function confirmationToken(secret: string, orderId: string, expiresAt: Date): string {
  const body = `${orderId}.${Math.floor(expiresAt.getTime() / 1000)}`;
  return `${body}.${sign(secret, body)}`;
}

export type TokenCheck =
  | { ok: true; orderId: string; expiresAt: Date }
  | { ok: false; message: string };

/** Checks a token's form and signature (constant time), then its expiry. */
export function readConfirmationToken(secret: string, token: string, now: Date): TokenCheck {
  const invalid = { ok: false, message: COD_MESSAGES.linkInvalid } as const;
  const parts = token.trim().split(".");
  if (parts.length !== 3) return invalid;
  const [orderId, expiry, signature] = parts as [string, string, string];
  if (!isUuid(orderId) || !/^\d{1,12}$/.test(expiry)) return invalid;
  const expected = Buffer.from(sign(secret, `${orderId}.${expiry}`));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return invalid;
  const expiresAt = new Date(Number(expiry) * 1000);
  if (now.getTime() >= expiresAt.getTime()) {
    return { ok: false, message: COD_MESSAGES.linkExpired };
  }
  return { ok: true, orderId: orderId.toLowerCase(), expiresAt };
}

/** The page the e-mail's buttons open; `action` only chooses what the page shows first. */
export function confirmationLink(
  publicUrl: string,
  token: string,
  action?: "confirm" | "cancel" | "address",
): string {
  const query = new URLSearchParams({ token, ...(action ? { action } : {}) });
  return `${publicUrl.replace(/\/+$/, "")}/order-confirmation?${query.toString()}`;
}

// ---------------------------------------------------------------- placing

/** Orders returned undelivered for this account and for this phone number. */
export async function returnedCounts(
  db: DbOrTx,
  userId: string,
  phone: string,
): Promise<{ account: number; phone: number }> {
  const [row] = rowsOf<{ account: number; phone: number }>(
    await db.execute(sql`
      select (count(*) filter (where user_id = ${userId}))::int as account,
             (count(*) filter (where customer_phone = ${phone}))::int as phone
        from orders
       where status = 'returned' and (user_id = ${userId} or customer_phone = ${phone})`),
  );
  return { account: Number(row?.account ?? 0), phone: Number(row?.phone ?? 0) };
}

/**
 * The COD controls at placing (after the PIN's own COD answer): cash on delivery only up to the
 * cap, and not for an account or phone with `rtoPaymentFirstAfter` or more returned orders
 * (400 on paymentMethod). A UPI order from such a shopper is taken with the reason recorded, so
 * the admin asks for payment before shipping. Returns that reason ('' when none).
 */
export async function checkCodRules(
  tx: DbOrTx,
  input: {
    userId: string;
    phone: string;
    method: string;
    totalPaise: number;
    settings: CodSettings;
  },
  /** The account's and phone's returned orders when already asked (returnedCounts). */
  asked?: Promise<{ account: number; phone: number }>,
): Promise<{ paymentFirstReason: string }> {
  const { settings } = input;
  if (input.method === "cash_on_delivery" && !codWithinCap(input.totalPaise, settings)) {
    throw ValidationError.field(
      "paymentMethod",
      COD_MESSAGES.codOverCap(settings.codMaxOrderRupees),
    );
  }
  const counts = await (asked ?? returnedCounts(tx, input.userId, input.phone));
  const returned = Math.max(counts.account, counts.phone);
  if (returned < settings.rtoPaymentFirstAfter) return { paymentFirstReason: "" };
  if (input.method === "cash_on_delivery") {
    throw ValidationError.field("paymentMethod", COD_MESSAGES.paymentFirst(returned));
  }
  return {
    paymentFirstReason: `Payment needed before shipping: orders returned undelivered: ${counts.account} for this account, ${counts.phone} for phone ${input.phone} (the limit is ${settings.rtoPaymentFirstAfter}).`,
  };
}

// ---------------------------------------------------------------- risk badges

type RiskRow = {
  id: string;
  total_paise: number | string;
  payment_first_reason: string;
  first_order: boolean;
  pin: string;
  pin_returns: number | string;
  phone: string;
  phone_accounts: number | string;
};

/**
 * The badges of a page of orders, in one query whatever the page's length: each order's first
 * order (no earlier order of the account), high value (total above the setting), returned orders
 * at its PIN (at least the setting), accounts that ordered with its phone (at least the setting),
 * and the payment-first reason it was placed with.
 */
export async function orderRisks(
  db: DbOrTx,
  orderIds: string[],
  settings: CodSettings,
): Promise<Map<string, OrderRisk[]>> {
  const risks = new Map<string, OrderRisk[]>();
  if (orderIds.length === 0) return risks;
  const ids = sql.join(
    orderIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const rows = rowsOf<RiskRow>(
    await db.execute(sql`
      with page as (
        select id, user_id, customer_phone, delivery_pin, created_at, total_paise, payment_first_reason
          from orders where id in (${ids})
      ),
      earliest as (
        select distinct on (o.user_id) o.user_id, o.id as first_id
          from orders o
         where o.user_id in (select user_id from page where user_id is not null)
         order by o.user_id, o.created_at, o.id
      ),
      pins as (
        select o.delivery_pin, count(*)::int as returns
          from orders o
         where o.status = 'returned'
           and o.delivery_pin in (select delivery_pin from page where delivery_pin <> '')
         group by o.delivery_pin
      ),
      phones as (
        select o.customer_phone, count(distinct o.user_id)::int as accounts
          from orders o
         where o.customer_phone in (select customer_phone from page)
         group by o.customer_phone
      )
      select p.id, p.total_paise, p.payment_first_reason,
             (e.first_id is not null and e.first_id = p.id) as first_order,
             p.delivery_pin as pin, coalesce(pins.returns, 0) as pin_returns,
             p.customer_phone as phone, coalesce(phones.accounts, 0) as phone_accounts
        from page p
        left join earliest e on e.user_id = p.user_id
        left join pins on pins.delivery_pin = p.delivery_pin
        left join phones on phones.customer_phone = p.customer_phone`),
  );
  for (const row of rows) {
    const list: OrderRisk[] = [];
    const add = (flag: OrderRisk["flag"], reason: string) =>
      list.push({ flag, label: RISK_LABELS[flag], reason });
    if (row.payment_first_reason) add("payment_first", row.payment_first_reason);
    if (row.first_order) add("first_order", "The shopper's first order with the store");
    const total = Number(row.total_paise);
    if (total > settings.riskHighValueFromRupees * 100) {
      add(
        "high_value",
        `Total ${formatRupees(total / 100)} is above ${formatRupees(settings.riskHighValueFromRupees)}`,
      );
    }
    const pinReturns = Number(row.pin_returns);
    if (pinReturns >= settings.riskPinReturnsAt) {
      add(
        "pin_returns",
        `${pinReturns} ${pinReturns === 1 ? "order" : "orders"} to PIN ${row.pin} came back undelivered`,
      );
    }
    const accounts = Number(row.phone_accounts);
    if (accounts >= settings.riskPhoneAccountsAt) {
      add("shared_phone", `${accounts} accounts have ordered with phone ${row.phone}`);
    }
    risks.set(row.id, list);
  }
  return risks;
}

/** A page of orders with their badges (the admin's list). */
export async function withRisks<T extends { _id: string }>(
  db: DbOrTx,
  list: T[],
): Promise<Array<T & { risks: OrderRisk[] }>> {
  const settings = await getDeliverySettings(db);
  const risks = await orderRisks(
    db,
    list.map((o) => o._id),
    settings,
  );
  return list.map((o) => ({ ...o, risks: risks.get(o._id) ?? [] }));
}
