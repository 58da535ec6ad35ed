import type { OrderStatus } from "@vastra/contracts/orders";

/** The list's filter (?status=): one status, or every order. */
export type StatusFilter = OrderStatus | "all";

/** The cancel action's answer (always status 200: the page shows the problem). */
export type CancelResult = { ok: boolean; orderId: string; message: string };
