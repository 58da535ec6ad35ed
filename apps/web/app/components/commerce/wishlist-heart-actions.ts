/**
 * What the wishlist hearts do (issue #15, record 0045), loaded on first use so that the heart
 * itself stays small on the home and list pages.
 *
 * Which products are saved is one GET of the shopper's ids (/api/wishlist/ids, private), made in
 * the browser after hydration for the first heart on the page and shared by all of them: the
 * server-rendered page (the cached guest page included) never holds anything of the shopper's.
 * Pressing toggles at once (optimistic); a refusal undoes it with the server's message. A guest
 * is asked to sign in, by a link that comes back to this page with `?wishlistSave=<id>`: the
 * product is then saved and the parameter leaves the address.
 */
import { WISHLIST_MESSAGES, WISHLIST_SAVE_PARAM } from "@vastra/contracts/wishlist-messages";
import * as React from "react";
import type { NavigateFunction } from "react-router";
import { SignInToAdd } from "~/components/commerce/sign-in-to-add";
import type { ToastApi } from "~/components/ui/toast";
import { ApiError, apiJson, browserFetch } from "~/lib/api";

/** Long enough to reach the toast's 'Sign in' link (the timer also pauses while it is hovered). */
const SIGN_IN_TOAST_MS = 8000;

/** The saved products' ids. */
let saved = new Set<string>();
/** Whose ids `saved` holds ('' before any load); another account (or none) loads again. */
let owner = "";
const hearts = new Set<() => void>();

/** Marks one product saved or not, and tells every heart (the /wishlist page after a move too). */
export function mark(productId: string, on: boolean) {
  if (on) saved.add(productId);
  else saved.delete(productId);
  for (const heart of hearts) heart();
}

const call = (method: "GET" | "PUT" | "DELETE", productId = "ids") =>
  apiJson<{ ids: string[] }>(browserFetch, `/api/wishlist/${encodeURIComponent(productId)}`, {
    method,
    fallback: WISHLIST_MESSAGES.saveFailed,
  });

/** Saves or removes at once; a refusal puts the heart back and says why. */
async function send(productId: string, on: boolean, toast: ToastApi): Promise<void> {
  mark(productId, on);
  try {
    await call(on ? "PUT" : "DELETE", productId);
    if (on) toast.success(WISHLIST_MESSAGES.saved);
  } catch (error) {
    mark(productId, !on);
    toast.error(
      error instanceof ApiError && error.status >= 400 && error.status < 500
        ? error.message
        : WISHLIST_MESSAGES.saveFailed,
    );
  }
}

/** A press: the shopper's change, or a guest asked to sign in and come back here. */
export function press(productId: string, on: boolean, user: string, toast: ToastApi): void {
  if (user) {
    void send(productId, on, toast);
    return;
  }
  const back = new URLSearchParams(window.location.search);
  back.set(WISHLIST_SAVE_PARAM, productId);
  toast.error(WISHLIST_MESSAGES.signIn, {
    description: React.createElement(SignInToAdd, {
      returnTo: `${window.location.pathname}?${back}`,
    }),
    duration: SIGN_IN_TOAST_MS,
  });
}

/**
 * The shopper's saved ids, once per page load and account; when the address carries
 * `?wishlistSave=<id>` (back from signing in), that product is saved and the parameter leaves
 * the address.
 */
async function load(user: string, navigate: NavigateFunction, toast: ToastApi): Promise<void> {
  owner = user;
  saved = new Set();
  const { pathname, search, hash } = window.location;
  const params = new URLSearchParams(search);
  const pending = params.get(WISHLIST_SAVE_PARAM);
  if (pending) {
    params.delete(WISHLIST_SAVE_PARAM);
    const rest = params.toString();
    void navigate(`${pathname}${rest ? `?${rest}` : ""}${hash}`, {
      replace: true,
      preventScrollReset: true,
    });
  }
  let ids: string[];
  try {
    ids = (await call("GET")).ids;
  } catch {
    return; // The hearts show nothing saved; pressing one still works.
  }
  if (owner !== user) return;
  for (const id of ids) saved.add(id);
  for (const heart of hearts) heart();
  if (pending && !saved.has(pending)) await send(pending, true, toast);
}

/** Keeps one heart up to date (loading the ids for a new shopper); returns its unsubscribe. */
export function watch(
  productId: string,
  user: string,
  setOn: (on: boolean) => void,
  navigate: NavigateFunction,
  toast: ToastApi,
): () => void {
  const heart = () => setOn(saved.has(productId));
  hearts.add(heart);
  if (owner !== user) void load(user, navigate, toast);
  heart();
  return () => void hearts.delete(heart);
}
