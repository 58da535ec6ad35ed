/**
 * The account actions' way to the API: in-process, with the shopper's cookie, answers turned into
 * what the forms show. Server-only.
 */
import type { ErrorReply } from "@vastra/contracts/common";
import type { RouterContextProvider } from "react-router";
import { apiCall } from "~/lib/api";
import { serverApi } from "~/lib/api.server";
import { forwardedCookies } from "~/lib/auth.server";
import type { FieldErrors } from "./types";

type Context = Readonly<RouterContextProvider>;

export type ApiSuccess<T> = { ok: true; status: number; data: T; headers: Headers };
export type ApiFailure = {
  ok: false;
  /** The API's status; 0 when it could not be reached. */
  status: number;
  /** The form-level message: empty when every problem is shown at a field. */
  message: string;
  /** The server's message, even when it is also shown at a field. */
  serverMessage: string;
  errors: FieldErrors;
  /** The API's whole error body, for replies that carry more than messages. */
  body: Record<string, unknown>;
};

export type CallOptions = {
  method?: "POST" | "PUT" | "DELETE";
  body?: unknown;
  /** storefront.md §8's text for when the server gives no message. */
  fallback: string;
  /** The form's fields: the API's field messages for them are shown there. */
  fields?: readonly string[];
  /** The API's field names that the form calls differently (newPassword → password …). */
  rename?: Record<string, string>;
  /** A conflict (409) is about this field (e.g. an e-mail already in use). */
  conflictField?: string;
};

export async function callAuthApi<T>(
  context: Context,
  path: string,
  options: CallOptions,
): Promise<ApiSuccess<T> | ApiFailure> {
  let response: Response;
  let data: (T & Partial<ErrorReply>) | undefined;
  try {
    ({ response, data } = await apiCall<T & Partial<ErrorReply>>(serverApi(context), path, {
      method: options.method ?? "POST",
      body: options.body ?? {},
      fallback: options.fallback,
    }));
  } catch {
    return {
      ok: false,
      status: 0,
      message: options.fallback,
      serverMessage: "",
      errors: {},
      body: {},
    };
  }
  if (response.ok) {
    return {
      ok: true,
      status: response.status,
      data: data as T,
      headers: forwardedCookies(response),
    };
  }
  // Login errors carry `msg`; every other error `message` (decisions.md §1).
  const serverMessage = data?.msg || data?.message || "";
  const fields = new Set(options.fields ?? []);
  const errors: FieldErrors = {};
  let unplaced = false;
  for (const [apiField, text] of Object.entries(data?.errors ?? {})) {
    const field = options.rename?.[apiField] ?? apiField;
    if (fields.has(field)) errors[field] ??= text;
    else unplaced = true;
  }
  if (response.status === 409 && options.conflictField && serverMessage) {
    errors[options.conflictField] ??= serverMessage;
  }
  const placed = Object.keys(errors).length > 0;
  const message = placed && !unplaced ? "" : serverMessage || options.fallback;
  const body = data && typeof data === "object" ? (data as Record<string, unknown>) : {};
  return { ok: false, status: response.status, message, serverMessage, errors, body };
}
