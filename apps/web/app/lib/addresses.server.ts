/**
 * The shopper's address book as the checkout and the profile read it (issue #16, record 0040): the
 * API in process, with the shopper's cookie. Server-only; shared, so features do not import each
 * other (issue #15's one-way imports).
 */
import type { AddressInput, AddressReply, SavedAddress } from "@vastra/contracts/addresses";
import type { RouterContextProvider } from "react-router";
import { apiCall } from "~/lib/api";
import { serverApi } from "~/lib/api.server";

type Context = Readonly<RouterContextProvider>;

/** The shopper's saved addresses (seeded on first opening); `failed` when they could not be read. */
export async function loadAddresses(
  context: Context,
): Promise<{ addresses: SavedAddress[]; failed: boolean }> {
  try {
    const { response, data: book } = await apiCall<SavedAddress[]>(
      serverApi(context),
      "/api/me/addresses",
    );
    if (response.ok && Array.isArray(book)) return { addresses: book, failed: false };
    console.error(`GET /api/me/addresses answered ${response.status}`);
  } catch (error) {
    console.error("GET /api/me/addresses failed", error);
  }
  return { addresses: [], failed: true };
}

/** One saved address of the shopper's, or undefined (gone, or another shopper's). */
export async function loadAddress(context: Context, id: string): Promise<SavedAddress | undefined> {
  const { response, data: address } = await apiCall<SavedAddress>(
    serverApi(context),
    `/api/me/addresses/${encodeURIComponent(id)}`,
  );
  return response.ok ? address : undefined;
}

/** Saves an address for the checkout; what became of it, for the confirmation to say. */
export async function saveCheckoutAddress(
  context: Context,
  body: AddressInput,
): Promise<"saved" | "known" | "full" | "failed"> {
  try {
    const { response, data: reply } = await apiCall<AddressReply>(
      serverApi(context),
      "/api/me/addresses",
      { method: "POST", body },
    );
    if (response.ok) return reply?.created === false ? "known" : "saved";
    return response.status === 409 ? "full" : "failed";
  } catch {
    return "failed";
  }
}
