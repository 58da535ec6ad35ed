import type { ShouldRevalidateFunctionArgs } from "react-router";
import { accountMeta } from "~/features/auth/meta";
import type { UnsubscribeActionResult } from "~/features/newsletter/types";
import { readLink, resubscribe, unsubscribe } from "~/features/newsletter/unsubscribe.server";
import { UnsubscribePage } from "~/features/newsletter/unsubscribe-page";
import { serverApi } from "~/lib/api.server";
import { useStoreSettings } from "~/lib/store";
import type { Route } from "./+types/unsubscribe";

/**
 * /unsubscribe?email=…&token=… for everyone, guests included. The loader only reads the link (a
 * GET changes nothing); the page posts it to the action, which calls the API in-process.
 */
export function loader({ url }: Route.LoaderArgs) {
  const { link, problem } = readLink(url);
  return { ...link, problem };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value.trim() : "";
  };
  const api = serverApi(context);
  let result: UnsubscribeActionResult;
  if (field("intent") === "resubscribe") {
    result = await resubscribe(
      api,
      field("email"),
      field("view") === "already" ? "already" : "success",
      field("token"),
    );
  } else {
    result = await unsubscribe(api, { email: field("email"), token: field("token") });
  }
  return result;
}

/** Posting here changes nothing the loader reads. */
export function shouldRevalidate({
  formAction,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  return formAction?.startsWith("/unsubscribe") ? false : defaultShouldRevalidate;
}

export function meta({ matches }: Route.MetaArgs) {
  return accountMeta("Unsubscribe", "Leave the Vastra newsletter list.", matches, {
    noindex: true,
  });
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const store = useStoreSettings();
  return (
    <UnsubscribePage
      email={loaderData.email}
      token={loaderData.token}
      problem={loaderData.problem}
      actionData={actionData}
      storeName={store?.name ?? "Vastra"}
      supportEmail={store?.email}
    />
  );
}
