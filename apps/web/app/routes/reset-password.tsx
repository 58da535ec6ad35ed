import { handleIntent, resetPassword, sendResetCode } from "~/features/auth/actions.server";
import { accountMeta } from "~/features/auth/meta";
import { ResetPasswordPage } from "~/features/auth/reset-password-page";
import { requireGuest } from "~/lib/auth.server";
import type { Route } from "./+types/reset-password";

export async function loader({ request, context, url }: Route.LoaderArgs) {
  await requireGuest(request, context, url);
  const email = (url.searchParams.get("email") ?? "").trim().slice(0, 254);
  return {
    email,
    // From the sign-in page's reset view, where the code has just been sent.
    startAtCode: url.searchParams.get("step") === "code" && email.includes("@"),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  return handleIntent(request, {
    send: (form) => sendResetCode(context, form, "send"),
    resend: (form) => sendResetCode(context, form, "resend"),
    reset: (form) => resetPassword(context, form),
  });
}

export function meta({ matches }: Route.MetaArgs) {
  return accountMeta(
    "Reset your password",
    "Forgot your Vastra password? Get a 6-digit code by e-mail and choose a new one.",
    matches,
  );
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ResetPasswordPage
      initialEmail={loaderData.email}
      startAtCode={loaderData.startAtCode}
      result={actionData}
    />
  );
}
