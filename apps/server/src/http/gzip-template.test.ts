import { randomBytes } from "node:crypto";
import { gunzipSync, gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { fillGzip, fillPlain, gzipTemplate, MAX_FILLER_BYTES } from "./gzip-template.ts";

const utf8 = (text: string) => Buffer.from(text, "utf8");

/** The text split at each `@@` (the hole), as the page cache splits at its placeholder. */
const template = (text: string) => gzipTemplate(text.split("@@").map(utf8));

describe("a gzip body compressed once with holes", () => {
  it("decompresses to the text with each hole filled by this response's filler", () => {
    const page = `<!doctype html><script nonce="@@">go()</script><p>Kurta ₹1,299 — कुर्ता</p><script nonce="@@"></script>`;
    const compiled = template(page);
    for (const nonce of ["abc123", randomBytes(16).toString("base64")]) {
      const body = fillGzip(compiled, utf8(nonce));
      expect(gunzipSync(body).toString("utf8")).toBe(page.replaceAll("@@", nonce));
      expect(fillPlain(compiled, utf8(nonce)).toString("utf8")).toBe(page.replaceAll("@@", nonce));
    }
  });

  it("handles holes at the start, at the end, side by side, and none at all", () => {
    for (const page of ["@@middle@@", "@@@@x@@@@", "no holes here", "@@", ""]) {
      const body = fillGzip(template(page), utf8("N0nce=="));
      expect(gunzipSync(body).toString("utf8")).toBe(page.replaceAll("@@", "N0nce=="));
    }
  });

  it("keeps a large page's size close to compressing it whole, with a valid CRC and length", () => {
    // 300 KB of page-like text (repetitive markup with varying numbers), 20 holes.
    const cards = Array.from(
      { length: 2000 },
      (_, i) => `<li><a href="/products/${i}">Cotton kurta ${i}</a><span>₹${499 + i}</span></li>`,
    );
    const page = cards.map((card, i) => (i % 100 === 0 ? `${card}@@` : card)).join("\n");
    const nonce = randomBytes(16).toString("base64");
    const body = fillGzip(template(page), utf8(nonce));
    const whole = gzipSync(page.replaceAll("@@", nonce), { level: 9 });
    // gunzip checks the trailer's CRC-32 and length; a wrong one throws.
    expect(gunzipSync(body).toString("utf8")).toBe(page.replaceAll("@@", nonce));
    expect(body.length).toBeLessThan(whole.length * 1.15);
  });

  it("gets the CRC-32 right for any piece and filler lengths (gunzip checks it)", () => {
    // The trailer's CRC is carried over the pieces by matrices, not recomputed over the page: a
    // wrong carry for some length would make gunzip throw. Lengths around the powers of two, zero
    // included, and random bytes.
    const lengths = [0, 1, 2, 3, 7, 8, 9, 255, 256, 257, 4095, 4096, 65_537, 200_003];
    let seed = 7;
    const next = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed;
    };
    for (let round = 0; round < 40; round++) {
      const holes = next() % 4;
      const pieces = Array.from({ length: holes + 1 }, () =>
        randomBytes(lengths[next() % lengths.length]!),
      );
      const filler = randomBytes(next() % 40);
      const compiled = gzipTemplate(pieces);
      const expected = Buffer.concat(
        pieces.flatMap((piece, i) => (i > 0 ? [filler, piece] : [piece])),
      );
      expect(gunzipSync(fillGzip(compiled, filler)).equals(expected), `round ${round}`).toBe(true);
    }
  });

  it("refuses a filler longer than one stored block", () => {
    const compiled = template("a@@b");
    expect(() => fillGzip(compiled, Buffer.alloc(MAX_FILLER_BYTES + 1))).toThrow(RangeError);
    expect(gunzipSync(fillGzip(compiled, Buffer.alloc(MAX_FILLER_BYTES, 0x41))).length).toBe(
      MAX_FILLER_BYTES + 2,
    );
  });
});
