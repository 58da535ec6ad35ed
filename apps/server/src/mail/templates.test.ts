/**
 * The transactional e-mail layout carries its client resets inline, as juice would have inlined
 * them from a style block (issue #11: no juice per order), keeps the phone rule in a <style>, and
 * escapes everything a user typed.
 */
import { DEFAULT_STORE_SETTINGS } from "@vastra/contracts";
import juice from "juice";
import { describe, expect, it } from "vitest";
import { type EmailBlock, renderEmail } from "./templates.ts";

/** The resets the layout used to leave to juice (its former style block). */
const RESETS = `body{-webkit-text-size-adjust:100%;-ms-text-size-adjust:100%}
table{border-collapse:collapse}
img{border:0;outline:none;text-decoration:none;-ms-interpolation-mode:bicubic}`;

const blocks: EmailBlock[] = [
  { type: "paragraph", text: "Namaste <script>alert(1)</script>\nsecond line" },
  { type: "code", code: "482913" },
  { type: "button", label: "Track your order", url: "https://vastra.example/orders/1?a=1&b=2" },
  { type: "rows", rows: [["Total", "₹1,299.00"]] },
  { type: "quote", text: "Please call before delivery" },
  { type: "image", src: "data:image/png;base64,AAAA", alt: "UPI QR code", width: 200 },
];
const email = renderEmail(
  { subject: "Order VST-1 confirmed", preheader: "Thanks", heading: "Order confirmed", blocks },
  DEFAULT_STORE_SETTINGS,
);

/** Each element's style declarations, in document order, as sorted sets. */
function styles(html: string): string[][] {
  return [...html.matchAll(/<(\w+)[^>]*?\sstyle="([^"]*)"/g)].map(([, tag, style]) => [
    tag!,
    ...style!
      .split(";")
      .map((d) => d.trim().replace(/\s*:\s*/, ":"))
      .filter(Boolean)
      .sort(),
  ]);
}

describe("the transactional e-mail layout", () => {
  it("already carries every reset a style block would have inlined", () => {
    const inlined = juice.inlineContent(email.html, RESETS, {
      applyWidthAttributes: false,
      applyHeightAttributes: false,
    });
    expect(styles(inlined)).toEqual(styles(email.html));
    for (const tag of ["body", "table", "img"]) {
      expect(styles(email.html).some(([t]) => t === tag)).toBe(true);
    }
  });

  it("keeps only the phone rule in a style element", () => {
    const blocksOfCss = [...email.html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]);
    expect(blocksOfCss).toEqual([
      "@media only screen and (max-width:600px){.em-pad{padding-left:16px !important;padding-right:16px !important}}",
    ]);
    expect(email.html).toContain('class="em-pad"');
  });

  it("escapes what users typed, in the HTML, and keeps it readable in the text", () => {
    expect(email.html).not.toContain("<script>");
    expect(email.html).toContain("Namaste &lt;script&gt;alert(1)&lt;/script&gt;<br>second line");
    expect(email.html).toContain('href="https://vastra.example/orders/1?a=1&amp;b=2"');
    expect(email.text).toContain("Track your order: https://vastra.example/orders/1?a=1&b=2");
    expect(email.text).toContain("Namaste <script>alert(1)</script>");
  });
});
