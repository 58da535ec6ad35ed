/**
 * How the web app reaches the API: the browser passes `fetch`; server rendering passes an
 * in-process caller with the same signature (no network hop, the request's cookie passed on).
 */
export type ApiFetch = (path: string, init?: RequestInit) => Promise<Response>;

/** What every server-rendered request gets in its load context. */
export type AppLoadContextValue = {
  api: ApiFetch;
  /** The CSP nonce of this response: every inline script carries it. */
  nonce: string;
  requestId: string;
  /**
   * Render the whole page before sending any of it (a guest page the page cache stores for reuse):
   * every streamed part is then in place in the HTML, rather than a fallback that the browser
   * swaps for the part later (which React delays to batch reveals, holding back the largest paint).
   */
  whole?: boolean;
};
