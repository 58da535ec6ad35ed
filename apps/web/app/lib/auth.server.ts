/**
 * Route guards and the sign-in redirect target (storefront.md §2 route table, decisions.md §2).
 * They run in loaders, so a guest never sees a protected page flash before being sent away.
 */
import type { User } from "@vastra/contracts/auth";
import { type RouterContextProvider, redirect } from "react-router";
import { getCurrentUser } from "./session.server";

type Context = Readonly<RouterContextProvider>;

export const DEFAULT_AFTER_SIGN_IN = "/products";

/** Pages a signed-in user has no business being sent back to. */
const AUTH_PAGES = new Set(["/login", "/register", "/reset-password", "/logout"]);
const PLACEHOLDER_ORIGIN = "http://vastra.invalid";

/**
 * `target` when it is a path on this site, else `fallback`. Refused: anything not starting with
 * one "/", protocol-relative "//host", backslashes (browsers read "/\host" as "//host"), control
 * characters and spaces (browsers drop tabs and newlines, turning "/\t/host" into "//host"),
 * schemes, and the sign-in pages themselves.
 */
export function safeRedirect(target: unknown, fallback: string = DEFAULT_AFTER_SIGN_IN): string {
  if (typeof target !== "string" || target.length > 2000) return fallback;
  if (!target.startsWith("/") || target.startsWith("//")) return fallback;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing them is the point
  if (/[\\\s\u0000-\u001f\u007f]/.test(target)) return fallback;
  let url: URL;
  try {
    url = new URL(target, PLACEHOLDER_ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== PLACEHOLDER_ORIGIN) return fallback;
  // Checked again after normalisation: "/.//evil.com" resolves to the path "//evil.com", which a
  // browser reads as another host. Encoded slashes and backslashes ("/%2F%2Fevil.com") are refused
  // too, in case anything on the way decodes them.
  let decoded: string;
  try {
    decoded = decodeURIComponent(url.pathname);
  } catch {
    return fallback;
  }
  if (!url.pathname.startsWith("/") || url.pathname.startsWith("//")) return fallback;
  if (decoded.startsWith("//") || decoded.includes("\\")) return fallback;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing them is the point
  if (/[\u0000-\u001f\u007f]/.test(decoded)) return fallback;
  const path = decoded.replace(/\/+$/, "") || "/";
  if (AUTH_PAGES.has(path)) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * The page's own path and query. A client navigation asks for "/profile.data" (or "/_root.data"
 * for "/") with `_routes` in the query; those are React Router's, not the page's.
 */
export function pagePath(input: URL | string): string {
  const url = new URL(input);
  let path = url.pathname;
  if (path.endsWith(".data")) {
    path = path.slice(0, -".data".length);
    if (path === "/_root") path = "/";
    else if (path.endsWith("/_")) path = path.slice(0, -1);
  }
  url.searchParams.delete("_routes");
  url.searchParams.delete("index");
  const search = url.searchParams.toString();
  return `${path}${search ? `?${search}` : ""}`;
}

/** "/login?redirect=/profile": slashes left readable, everything else encoded. */
export function loginUrl(returnTo: string): string {
  if (returnTo === "/" || !returnTo) return "/login";
  return `/login?redirect=${encodeURIComponent(returnTo).replace(/%2F/gi, "/")}`;
}

/**
 * The signed-in user; a guest is redirected to /login?redirect=<this page> while the server
 * renders (no protected page is ever shown to them). Pass the loader's `url` when at hand.
 */
export async function requireUser(request: Request, context: Context, url?: URL): Promise<User> {
  const user = await getCurrentUser(context);
  if (user) return user;
  throw redirect(loginUrl(pagePath(url ?? request.url)));
}

/**
 * For /login, /register and /reset-password: a signed-in user is sent on to `?redirect=` (when it
 * is safe) or /products.
 */
export async function requireGuest(request: Request, context: Context, url?: URL): Promise<void> {
  const user = await getCurrentUser(context);
  if (!user) return;
  const target = new URL(url ?? request.url).searchParams.get("redirect");
  throw redirect(safeRedirect(target));
}

/** The Set-Cookie headers of an API response, to pass on with the page's own response. */
export function forwardedCookies(response: Response): Headers {
  const headers = new Headers();
  for (const cookie of response.headers.getSetCookie()) headers.append("set-cookie", cookie);
  return headers;
}

/**
 * For /admin and its tabs (admin.md §2): a guest goes to /login?redirect=<this page>, a signed-in
 * shopper to /. The API refuses them too (401/403); this only keeps the page from rendering.
 */
export async function requireAdmin(request: Request, context: Context, url?: URL): Promise<User> {
  const user = await requireUser(request, context, url);
  if (!user.isAdmin) throw redirect("/");
  return user;
}
