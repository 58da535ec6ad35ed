/**
 * /order-confirmation?token=…&action=… (record 0038): the order e-mail's signed link, for guests
 * too. The loader only reads the order (a GET changes nothing); the answers post to the action.
 */
import { accountMeta } from "~/features/auth/meta";
import {
  type ConfirmationIntent,
  confirmationAction,
  loadConfirmation,
} from "~/features/order-confirmation/confirmation.server";
import { ConfirmationPage } from "~/features/order-confirmation/confirmation-page";
import type { Route } from "./+types/order-confirmation";

export async function loader({ context, url }: Route.LoaderArgs) {
  const action = url.searchParams.get("action");
  const focus: ConfirmationIntent | null =
    action === "confirm" || action === "cancel" || action === "address" ? action : null;
  return { load: await loadConfirmation(context, url), focus };
}

export async function action({ request, context }: Route.ActionArgs) {
  return confirmationAction(context, await request.formData());
}

export function meta({ matches }: Route.MetaArgs) {
  return accountMeta(
    "Confirm your order",
    "Confirm, cancel or correct your Vastra order.",
    matches,
    {
      noindex: true,
    },
  );
}

export default function OrderConfirmationRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <ConfirmationPage load={loaderData.load} result={actionData} focus={loaderData.focus} />;
}
