/** My Orders' Confirm button (record 0038): POST /api/orders/{id}/confirm in-process. Server-only. */
import type { ErrorReply } from "@vastra/contracts/common";
import { data, type RouterContextProvider } from "react-router";
import { apiCall } from "~/lib/api";
import { serverApi } from "~/lib/api.server";
import type { CancelResult } from "./types";

const FAILED = "Failed to confirm the order. Please try again.";

/** Answers 200 even when refused: the page shows the server's message or FAILED. */
export async function confirmAction(context: Readonly<RouterContextProvider>, form: FormData) {
  const id = form.get("orderId");
  if (typeof id !== "string" || !id) {
    return data<CancelResult>({ ok: false, orderId: "", message: FAILED });
  }
  try {
    const { response, data: reply } = await apiCall<Partial<ErrorReply>>(
      serverApi(context),
      `/api/orders/${encodeURIComponent(id)}/confirm`,
      { method: "POST", fallback: FAILED },
    );
    const message =
      response.status < 500 && response.status !== 401 && reply?.message ? reply.message : FAILED;
    return data<CancelResult>({ ok: response.ok, orderId: id, message });
  } catch {
    return data<CancelResult>({ ok: false, orderId: id, message: FAILED });
  }
}
