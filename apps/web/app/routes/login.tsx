import {
  requestResetFromLogin,
  resendJoinCode,
  signIn,
  unknownIntent,
  verifyJoinCode,
} from "~/features/auth/actions.server";
import { LoginPage } from "~/features/auth/login-page";
import { accountMeta } from "~/features/auth/meta";
import { readIntent } from "~/features/auth/types";
import { requireGuest, safeRedirect } from "~/lib/auth.server";
import type { Route } from "./+types/login";

export async function loader({ request, context, url }: Route.LoaderArgs) {
  await requireGuest(request, context, url);
  const raw = url.searchParams.get("redirect");
  const redirectTo = safeRedirect(raw);
  return {
    redirectTo,
    // Kept on the links between the views only when it is one we would honour.
    redirectQuery: raw && redirectTo === raw ? encodeURIComponent(raw) : "",
    startWithForgot: url.searchParams.get("view") === "forgot",
    resetDone: url.searchParams.get("reset") === "done",
  };
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = readIntent(form);
  const target = form.get("redirect") ?? url.searchParams.get("redirect");
  const redirectTo = safeRedirect(target);
  switch (intent) {
    case "login":
      return signIn(context, form, redirectTo);
    case "forgot":
      return requestResetFromLogin(context, form);
    case "verify":
      return verifyJoinCode(context, form, redirectTo);
    case "resend":
      return resendJoinCode(context, form);
    default:
      return unknownIntent(intent);
  }
}

export function meta({ matches }: Route.MetaArgs) {
  return accountMeta(
    "Sign In",
    "Sign in to your Vastra account to see your orders, referrals and a quicker checkout.",
    matches,
  );
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <LoginPage
      redirectTo={loaderData.redirectTo}
      redirectQuery={loaderData.redirectQuery}
      startWithForgot={loaderData.startWithForgot}
      resetDone={loaderData.resetDone}
      result={actionData}
    />
  );
}
