import type { MetaDescriptor } from "react-router";

type Match = { id: string; loaderData?: unknown } | undefined;

/** "Sign In | Vastra" with the store's name from the root loader, and a description. */
export function accountMeta(
  title: string,
  description: string,
  matches: readonly Match[],
  options: { noindex?: boolean } = {},
): MetaDescriptor[] {
  const root = matches.find((match) => match?.id === "root")?.loaderData as
    | { store?: { name?: string } }
    | undefined;
  const store = root?.store?.name || "Vastra";
  return [
    { title: `${title} | ${store}` },
    { name: "description", content: description },
    ...(options.noindex ? [{ name: "robots", content: "noindex" }] : []),
  ];
}
