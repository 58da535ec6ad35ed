/**
 * Sharing a product without the menu's code (it loads on first use, record 0051): the texts and
 * the device's own share sheet, which must be called inside the click itself (a user gesture).
 */
export const SHARE_MESSAGES = {
  shared: "Product shared successfully!",
  copied: "Link copied to clipboard!",
  copyFailed: "Failed to copy link",
} as const;
export type ShareMessages = typeof SHARE_MESSAGES;

/**
 * Opens the device's share sheet when it has one. False when it has none (show the menu); true
 * when it took over: `onShared` after a share, `onFailed` when it failed other than by the
 * shopper cancelling (then the menu is the way).
 */
export function nativeShare(
  data: { title: string; text: string; url: string },
  onShared: () => void,
  onFailed: () => void,
): boolean {
  if (typeof navigator === "undefined" || typeof navigator.share !== "function") return false;
  navigator.share(data).then(onShared, (error: unknown) => {
    if (error instanceof DOMException && error.name === "AbortError") return;
    onFailed();
  });
  return true;
}
