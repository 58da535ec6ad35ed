import type { User } from "@vastra/contracts/auth";
import type { RouterContextProvider } from "react-router";
import { apiCall } from "./api";
import { serverApi } from "./api.server";
import type { ShellSession } from "./session";

type Context = Readonly<RouterContextProvider>;

/**
 * One GET /api/auth/me per server request: the root loader and a page's guard run side by side
 * and share the answer. Keyed by the request's context object, so nothing outlives the request.
 *
 * Actions must not read it before changing the account: the loaders that run after an action in
 * the same request would then see the old user. (They do not need it: the API refuses a guest.)
 */
const current = new WeakMap<Context, Promise<User | null>>();

/** The signed-in user, or null for a guest (401) or when the check fails (storefront.md §8). */
export function getCurrentUser(context: Context): Promise<User | null> {
  let pending = current.get(context);
  if (!pending) {
    pending = fetchCurrentUser(context);
    current.set(context, pending);
  }
  return pending;
}

async function fetchCurrentUser(context: Context): Promise<User | null> {
  try {
    const { response, data } = await apiCall<User>(serverApi(context), "/api/auth/me");
    if (response.ok && data) return data;
    if (response.status !== 401) {
      console.warn(`GET /api/auth/me answered ${response.status}; treating the visitor as a guest`);
    }
    return null;
  } catch (error) {
    console.warn("GET /api/auth/me failed; treating the visitor as a guest", error);
    return null;
  }
}

/**
 * The visitor's session for the shell (header account menu and cart badge). A guest's badge counts
 * their guest cart (record 0044; a guest without the cookie costs the API no query).
 */
export async function loadShellSession(context: Context): Promise<ShellSession> {
  const [user, cartCount] = await Promise.all([getCurrentUser(context), cartQuantity(context)]);
  return {
    user: user ? { name: user.name, email: user.email, isAdmin: user.isAdmin } : null,
    cartCount,
  };
}

/** The header badge: the total quantity across the cart's lines (0 when the cart cannot be read). */
async function cartQuantity(context: Context): Promise<number> {
  try {
    const { response, data } = await apiCall<Array<{ quantity: number }>>(
      serverApi(context),
      "/api/cart",
    );
    if (!response.ok || !Array.isArray(data)) return 0;
    return data.reduce((sum, line) => sum + line.quantity, 0);
  } catch {
    return 0;
  }
}
