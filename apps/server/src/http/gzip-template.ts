/**
 * A gzip body compressed once with holes in it: the fixed text between the holes is compressed
 * ahead (zlib, once), and each response fills the holes with its own short text (the page's CSP
 * nonce) without compressing anything again (record 0033).
 *
 * How: every piece of fixed text is its own raw deflate stream ended by a sync flush, which leaves
 * it byte-aligned and not final, so such pieces may follow one another in one deflate stream
 * (RFC 1951 §3.2.3: blocks are independent of where the previous one came from when they use no
 * back-reference into it, and a fresh stream uses none). A hole's text goes in as a stored block
 * (§3.2.4: a zero header byte, LEN, NLEN, the bytes). The last piece is compressed with Z_FINISH,
 * which writes the final block. The gzip frame around it (RFC 1952) is a 10-byte header and a
 * trailer of the whole text's CRC-32 and length; the CRC is computed per response with zlib's
 * crc32 over the fixed pieces and the filler (about 0.1 ms for a 200 KB page), since it depends
 * on the filler.
 */
import { constants, crc32, deflateRawSync } from "node:zlib";

/** ID1 ID2, CM = deflate, no flags, no mtime, XFL 0, OS = 255 (unknown). */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0xff]);

/** The largest filler a stored block holds. */
export const MAX_FILLER_BYTES = 0xffff;

export type GzipTemplate = {
  /** The fixed text, one piece more than there are holes. */
  readonly pieces: readonly Buffer[];
  /** Each piece compressed on its own (all but the last ended by a sync flush). */
  readonly compressed: readonly Buffer[];
  /** Bytes held (both forms), for a cache's size accounting. */
  readonly byteLength: number;
};

/**
 * Compresses the fixed pieces of a text that has `pieces.length - 1` holes (at least one piece).
 * Synchronous: done once per stored page (a few milliseconds for 200 KB, less than its render),
 * so a page is stored the moment its render ends, in the order pages were rendered.
 */
export function gzipTemplate(pieces: readonly Buffer[]): GzipTemplate {
  if (pieces.length === 0) throw new Error("gzipTemplate needs at least one piece");
  const last = pieces.length - 1;
  const compressed = pieces.map((piece, i) =>
    deflateRawSync(piece, {
      level: constants.Z_BEST_COMPRESSION,
      memLevel: 9,
      finishFlush: i === last ? constants.Z_FINISH : constants.Z_SYNC_FLUSH,
    }),
  );
  const byteLength = [...pieces, ...compressed].reduce((sum, b) => sum + b.length, 0);
  return { pieces, compressed, byteLength };
}

/** The fixed text with every hole filled by `filler`, uncompressed. */
export function fillPlain(template: GzipTemplate, filler: Buffer): Buffer {
  const parts: Buffer[] = [];
  template.pieces.forEach((piece, i) => {
    if (i > 0) parts.push(filler);
    parts.push(piece);
  });
  return Buffer.concat(parts);
}

/** The gzip body of the fixed text with every hole filled by `filler`. */
export function fillGzip(template: GzipTemplate, filler: Buffer): Buffer {
  if (filler.length > MAX_FILLER_BYTES) throw new RangeError("gzip template filler too long");
  const stored = Buffer.allocUnsafe(5 + filler.length);
  stored[0] = 0; // BFINAL 0, BTYPE 00 (stored), then padding to the byte boundary we are on.
  stored.writeUInt16LE(filler.length, 1);
  stored.writeUInt16LE(~filler.length & 0xffff, 3);
  filler.copy(stored, 5);

  const parts: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let size = 0;
  template.pieces.forEach((piece, i) => {
    if (i > 0) {
      parts.push(stored);
      crc = crc32(filler, crc);
      size += filler.length;
    }
    parts.push(template.compressed[i]!);
    crc = crc32(piece, crc);
    size += piece.length;
  });
  const trailer = Buffer.allocUnsafe(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  parts.push(trailer);
  return Buffer.concat(parts);
}
