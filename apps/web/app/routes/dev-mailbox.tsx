import type { StoreSettings } from "@vastra/contracts/store";
import { data } from "react-router";
import type { Mail, MailSummary } from "~/features/dev-mailbox/mailbox";
import { MailboxOff, MailboxPage } from "~/features/dev-mailbox/mailbox-page";
import { ApiError, apiCall } from "~/lib/api";
import { serverApi } from "~/lib/api.server";
import { pageTitle } from "~/lib/store-format";
import type { Route } from "./+types/dev-mailbox";

export async function loader({ context, request }: Route.LoaderArgs) {
  const { response, data: body } = await apiCall<Mail[] | { message?: string }>(
    serverApi(context),
    "/api/dev/mailbox",
  );
  if (response.status === 404) {
    const message = (body && !Array.isArray(body) && body.message) || "";
    return data({ enabled: false as const, message }, { status: 404 });
  }
  if (!response.ok || !Array.isArray(body)) {
    throw new ApiError(response.status, {}, "The development mailbox could not be read");
  }
  const id = new URL(request.url).searchParams.get("id");
  const found = id ? body.find((mail) => mail.id === id) : undefined;
  const selected = found ?? body[0];
  const mails: MailSummary[] = body.map(({ id, from, to, subject, createdAt }) => ({
    id,
    from,
    to,
    subject,
    createdAt,
  }));
  return {
    enabled: true as const,
    mails,
    selected,
    missingId: id && !found && body.length > 0 ? id : null,
  };
}

export function meta({ matches }: Route.MetaArgs) {
  const root = matches.find((match) => match?.id === "root")?.loaderData as
    | { store?: StoreSettings }
    | undefined;
  return [
    { title: pageTitle("Development mailbox", root?.store) },
    { name: "robots", content: "noindex, nofollow" },
  ];
}

/** Never cached: it shows whatever was sent a moment ago. */
export function headers() {
  return { "Cache-Control": "no-store" };
}

export default function DevMailbox({ loaderData }: Route.ComponentProps) {
  if (!loaderData.enabled) return <MailboxOff message={loaderData.message} />;
  return (
    <MailboxPage
      mails={loaderData.mails}
      selected={loaderData.selected}
      missingId={loaderData.missingId}
    />
  );
}
