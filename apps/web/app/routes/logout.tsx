import { redirect } from "react-router";
import { apiCall } from "~/lib/api";
import { serverApi } from "~/lib/api.server";
import { forwardedCookies } from "~/lib/auth.server";
import type { Route } from "./+types/logout";

/**
 * Sign out (the header's Logout posts here): ends the session through the API in-process and
 * passes its cookie clearing on, then goes home. Even when the API cannot be reached the shopper
 * lands home; the session then simply lives on until it expires.
 */
export async function action({ context }: Route.ActionArgs) {
  try {
    const { response } = await apiCall(serverApi(context), "/api/auth/logout", {
      method: "POST",
      body: {},
    });
    return redirect("/", { headers: forwardedCookies(response) });
  } catch {
    return redirect("/");
  }
}

/** Nothing to show: a visit (GET) just goes home. */
export function loader() {
  return redirect("/");
}

export default function Logout() {
  return null;
}
