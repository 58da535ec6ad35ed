import * as React from "react";
import { useRevalidator } from "react-router";
import { ApiError } from "~/lib/api";
import { useAdminBanner } from "./banner";

/** The message of a failed call: the server's, else the fallback (admin.md §8). */
export const messageOf = (error: unknown, fallback: string): string =>
  error instanceof ApiError ? error.message : fallback;

/**
 * Runs a dashboard change the same way in every tab: call the API, show its reply's message in
 * the success banner and reload the tab's data; on failure, the server's message (or `fallback`)
 * in the error banner.
 *
 *   const run = useAdminAction();
 *   await run(() => deleteProduct(id), PRODUCT_FALLBACKS.delete);
 *
 * Resolves to whether the change was made.
 */
export function useAdminAction() {
  const banner = useAdminBanner();
  const revalidator = useRevalidator();
  return React.useCallback(
    async (call: () => Promise<{ message: string }>, fallback: string, success?: string) => {
      try {
        const reply = await call();
        banner.success(reply.message || success || "");
        void revalidator.revalidate();
        return true;
      } catch (e) {
        banner.error(messageOf(e, fallback));
        return false;
      }
    },
    [banner, revalidator],
  );
}

/** Shows the tab loader's error (if any) in the error banner once it arrives. */
export function useLoadErrorBanner(error: string | null | undefined) {
  const banner = useAdminBanner();
  React.useEffect(() => {
    if (error) banner.error(error);
  }, [error, banner]);
}
