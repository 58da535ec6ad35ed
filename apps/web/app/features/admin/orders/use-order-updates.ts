/**
 * The Orders tab's changes, made from the browser: status and payment (one PATCH that sends both,
 * plus the payment method from the details modal) and notes. Each reports through the dashboard
 * banner (admin.md §8 texts) and marks its order busy while the call runs, so that order's
 * controls are disabled (admin.md §2).
 */
import {
  ADMIN_ORDER_MESSAGES,
  type AdminOrderReply,
  type OrderDetail,
  type OrderStats,
  type OrderStatusUpdate,
} from "@vastra/contracts/admin-orders";
import * as React from "react";
import { apiJson, browserFetch } from "~/lib/api";
import { useAdminBanner } from "../ui/banner";
import { messageOf } from "../ui/use-admin-action";

export type NotesOutcome = "saved" | "empty" | "failed";

export type OrderUpdates = {
  /** Ids of the orders whose change is on its way. */
  busy: ReadonlySet<string>;
  /** The orders as the last successful change left them (newer than the page's data). */
  changed: Readonly<Record<string, OrderDetail>>;
  stats: OrderStats | null;
  updateStatus: (orderId: string, update: OrderStatusUpdate) => Promise<OrderDetail | null>;
  saveNotes: (orderId: string, notes: string) => Promise<NotesOutcome>;
  /** Waives the order's cash-on-delivery fee (record 0036). */
  waiveCodFee: (orderId: string) => Promise<void>;
  /** Records an order read elsewhere (the details modal). */
  remember: (order: OrderDetail) => void;
};

export function useOrderUpdates(initialStats: OrderStats | null, pageKey: unknown): OrderUpdates {
  const banner = useAdminBanner();
  const [busy, setBusy] = React.useState<ReadonlySet<string>>(new Set());
  const [changed, setChanged] = React.useState<Record<string, OrderDetail>>({});
  const [stats, setStats] = React.useState(initialStats);

  // A new page of data (filters, page, navigation) replaces what the changes had left.
  // biome-ignore lint/correctness/useExhaustiveDependencies: pageKey stands for the page's data
  React.useEffect(() => {
    setChanged({});
    setStats(initialStats);
  }, [pageKey]);

  const mark = React.useCallback((orderId: string, on: boolean) => {
    setBusy((current) => {
      const next = new Set(current);
      if (on) next.add(orderId);
      else next.delete(orderId);
      return next;
    });
  }, []);

  const remember = React.useCallback((order: OrderDetail) => {
    setChanged((current) => ({ ...current, [order._id]: order }));
  }, []);

  const refreshStats = React.useCallback(async () => {
    try {
      setStats(await apiJson<OrderStats>(browserFetch, "/api/orders/admin/stats"));
    } catch {
      // The cards keep their last figures; the next page load brings fresh ones.
    }
  }, []);

  const undoChange = React.useCallback(
    async (orderId: string, eventId: string) => {
      mark(orderId, true);
      try {
        const reply = await apiJson<AdminOrderReply>(
          browserFetch,
          `/api/orders/${encodeURIComponent(orderId)}/status/undo`,
          { method: "POST", body: { eventId }, fallback: "Failed to undo the change" },
        );
        remember(reply.order);
        banner.success(reply.message);
        void refreshStats();
      } catch (error) {
        banner.error(messageOf(error, "Failed to undo the change"));
      } finally {
        mark(orderId, false);
      }
    },
    [banner, mark, remember, refreshStats],
  );

  const updateStatus = React.useCallback(
    async (orderId: string, update: OrderStatusUpdate) => {
      mark(orderId, true);
      try {
        const reply = await apiJson<AdminOrderReply>(
          browserFetch,
          `/api/orders/${encodeURIComponent(orderId)}/status`,
          { method: "PATCH", body: update, fallback: ADMIN_ORDER_MESSAGES.updateFailed },
        );
        remember(reply.order);
        const message = reply.message || ADMIN_ORDER_MESSAGES.updated;
        const offer = reply.undo;
        const ms = offer ? new Date(offer.until).getTime() - Date.now() : 0;
        if (offer && ms > 1000) {
          // Record 0039: the shopper's e-mail waits; Undo takes the change back before it goes.
          const seconds = Math.round(ms / 1000);
          banner.success(
            offer.mailHeld
              ? `${message}. The customer is e-mailed in ${seconds} seconds.`
              : message,
            { label: "Undo", ms, run: () => void undoChange(orderId, offer.eventId) },
          );
        } else {
          banner.success(message);
        }
        void refreshStats();
        return reply.order;
      } catch (error) {
        banner.error(messageOf(error, ADMIN_ORDER_MESSAGES.updateFailed));
        return null;
      } finally {
        mark(orderId, false);
      }
    },
    [banner, mark, remember, refreshStats, undoChange],
  );

  const saveNotes = React.useCallback(
    async (orderId: string, notes: string): Promise<NotesOutcome> => {
      // admin.md §5: saving notes that are empty after trimming does nothing.
      if (notes.trim() === "") return "empty";
      mark(orderId, true);
      try {
        const reply = await apiJson<AdminOrderReply>(
          browserFetch,
          `/api/orders/${encodeURIComponent(orderId)}/notes`,
          { method: "PATCH", body: { notes }, fallback: ADMIN_ORDER_MESSAGES.notesFailed },
        );
        remember(reply.order);
        banner.success(reply.message || ADMIN_ORDER_MESSAGES.notesUpdated);
        return "saved";
      } catch (error) {
        banner.error(messageOf(error, ADMIN_ORDER_MESSAGES.notesFailed));
        return "failed";
      } finally {
        mark(orderId, false);
      }
    },
    [banner, mark, remember],
  );

  const waiveCodFee = React.useCallback(
    async (orderId: string) => {
      const failed = "Failed to waive the cash-on-delivery fee";
      mark(orderId, true);
      try {
        const reply = await apiJson<AdminOrderReply>(
          browserFetch,
          `/api/orders/${encodeURIComponent(orderId)}/cod-fee/waive`,
          { method: "POST", fallback: failed },
        );
        remember(reply.order);
        banner.success(reply.message);
        void refreshStats();
      } catch (error) {
        banner.error(messageOf(error, failed));
      } finally {
        mark(orderId, false);
      }
    },
    [banner, mark, remember, refreshStats],
  );

  return { busy, changed, stats, updateStatus, saveNotes, waiveCodFee, remember };
}
