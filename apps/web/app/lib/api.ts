/**
 * The web app's one way to the data: the REST API. In loaders and actions the fetcher comes from
 * the load context (in-process, cookie passed on); in the browser it is `fetch` with credentials.
 */
import type { ApiFetch, ErrorReply } from "@vastra/contracts";

export class ApiError extends Error {
  readonly status: number;
  readonly errors: Record<string, string>;
  constructor(status: number, body: Partial<ErrorReply>, fallback: string) {
    super(body.message || body.msg || fallback);
    this.status = status;
    this.errors = body.errors ?? {};
  }
}

export const browserFetch: ApiFetch = (path, init) =>
  fetch(path, {
    credentials: "same-origin",
    ...init,
    headers: { accept: "application/json", ...init?.headers },
  });

export type RequestOptions = {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  body?: unknown;
  headers?: Record<string, string>;
  /** Shown when the server gives no message (storefront.md §8 fallbacks). */
  fallback?: string;
};

/** Calls the API and returns its JSON; a failure throws ApiError with the server's message. */
export async function apiJson<T>(
  fetcher: ApiFetch,
  path: string,
  options: RequestOptions = {},
): Promise<T> {
  const { response, data } = await apiCall<T>(fetcher, path, options);
  if (!response.ok)
    throw new ApiError(
      response.status,
      (data ?? {}) as ErrorReply,
      options.fallback ?? "Something went wrong",
    );
  return data as T;
}

/** Like apiJson but also hands back the raw response (headers such as Set-Cookie, X-Total-Count). */
export async function apiCall<T>(
  fetcher: ApiFetch,
  path: string,
  options: RequestOptions = {},
): Promise<{ response: Response; data: T | undefined }> {
  const headers: Record<string, string> = { ...options.headers };
  let body: string | undefined;
  if (options.body !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(options.body);
  }
  let response: Response;
  try {
    response = await fetcher(path, { method: options.method ?? "GET", headers, body });
  } catch {
    throw new ApiError(
      0,
      {},
      options.fallback ?? "We could not reach the store. Check your connection and try again.",
    );
  }
  const text = await response.text();
  let data: T | undefined;
  try {
    data = text ? (JSON.parse(text) as T) : undefined;
  } catch {
    data = undefined;
  }
  return { response, data };
}
