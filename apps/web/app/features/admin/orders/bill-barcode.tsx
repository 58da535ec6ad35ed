import { code128, drawingSVG } from "bwip-js/browser";
import * as React from "react";
import { cn } from "~/components/ui/cn";

/**
 * A Code 128 barcode of `text` (the order number) as SVG, encoded and drawn by bwip-js (the same
 * library family that draws it into the server's PDF), so a scanner reads the order number off
 * the printed bill. The same markup on the server and in the browser: no hydration drift.
 */
export function BillBarcode({ text, className }: { text: string; className?: string }) {
  const svg = React.useMemo(() => {
    try {
      return code128(
        { bcid: "code128", text, scale: 2, height: 14, includetext: false, paddingwidth: 10 },
        drawingSVG(),
      );
    } catch (error) {
      console.error("Could not draw the barcode", error);
      return null;
    }
  }, [text]);
  return (
    <div className={cn("grid justify-items-center gap-1", className)}>
      {svg ? (
        <div
          role="img"
          aria-label={`Barcode of order ${text}`}
          data-barcode={text}
          className="w-full [&>svg]:block [&>svg]:h-auto [&>svg]:w-full"
          // bwip-js's own SVG of the order number: no user-supplied markup.
          // biome-ignore lint/security/noDangerouslySetInnerHtml: trusted SVG from bwip-js
          dangerouslySetInnerHTML={{ __html: svg }}
        />
      ) : null}
      <p className="font-semibold text-sm tracking-[0.2em]">{text}</p>
    </div>
  );
}
