import {
  handleIntent,
  requestResetFromLogin,
  resendJoinCode,
  signIn,
  verifyJoinCode,
} from "~/features/auth/actions.server";
import { LoginPage } from "~/features/auth/login-page";
import { accountMeta } from "~/features/auth/meta";
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
  const redirectTo = (form: FormData) =>
    safeRedirect(form.get("redirect") ?? url.searchParams.get("redirect"));
  return handleIntent(request, {
    login: (form) => signIn(context, form, redirectTo(form)),
    forgot: (form) => requestResetFromLogin(context, form),
    verify: (form) => verifyJoinCode(context, form, redirectTo(form)),
    resend: (form) => resendJoinCode(context, form),
  });
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
