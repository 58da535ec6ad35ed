import {
  handleIntent,
  register,
  resendJoinCode,
  verifyJoinCode,
} from "~/features/auth/actions.server";
import { accountMeta } from "~/features/auth/meta";
import { RegisterPage } from "~/features/auth/register-page";
import { DEFAULT_AFTER_SIGN_IN, requireGuest } from "~/lib/auth.server";
import type { Route } from "./+types/register";

export async function loader({ request, context, url }: Route.LoaderArgs) {
  await requireGuest(request, context, url);
  // decisions.md §5: /register?ref=CODE pre-fills the referral code.
  const ref = (url.searchParams.get("ref") ?? "").trim().toUpperCase().slice(0, 32);
  return { referralCode: /^[A-Z0-9]*$/.test(ref) ? ref : "" };
}

export async function action({ request, context }: Route.ActionArgs) {
  return handleIntent(request, {
    register: (form) => register(context, form),
    // storefront.md §4: a verified new account goes to /products, signed in.
    verify: (form) => verifyJoinCode(context, form, DEFAULT_AFTER_SIGN_IN),
    resend: (form) => resendJoinCode(context, form),
  });
}

export function meta({ matches }: Route.MetaArgs) {
  return accountMeta(
    "Create your account",
    "Join Vastra to order handpicked Indian fashion, track your orders and earn referral rewards.",
    matches,
  );
}

export default function Register({ loaderData, actionData }: Route.ComponentProps) {
  return <RegisterPage referralCode={loaderData.referralCode} result={actionData} />;
}
