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
 * trailer of the whole text's CRC-32 and length. The CRC depends on the filler, but not on the
 * fixed text again: CRC-32 is linear, so the CRC of A followed by B is the CRC of A carried over
 * len(B) zero bytes, xor the CRC of B (zlib's crc32_combine). Carrying over n zero bytes is a
 * fixed 32×32 bit matrix, made once per piece when the template is made; a response computes the
 * filler's CRC (a few dozen bytes) and applies one matrix per piece and hole, instead of running
 * zlib's crc32 over the whole page (~0.1 ms for 200 KB, a quarter of a cached page's CPU).
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
  /** Each piece's CRC-32, and the matrix that carries a CRC over as many zero bytes as it has. */
  readonly crcs: readonly number[];
  readonly carries: readonly Uint32Array[];
  /** Bytes held (both forms), for a cache's size accounting. */
  readonly byteLength: number;
};

/** CRC-32's polynomial, reflected (zlib's). */
const POLYNOMIAL = 0xedb88320;

/** A 32×32 bit matrix (column n: the image of bit n) applied to a 32-bit vector. */
function times(matrix: Uint32Array, vector: number): number {
  let sum = 0;
  let v = vector >>> 0;
  for (let bit = 0; v !== 0; bit++, v >>>= 1) if (v & 1) sum ^= matrix[bit]!;
  return sum >>> 0;
}

/** The matrix applying `b` and then `a`. */
function compose(a: Uint32Array, b: Uint32Array): Uint32Array {
  const out = new Uint32Array(32);
  for (let n = 0; n < 32; n++) out[n] = times(a, b[n]!);
  return out;
}

const ONE_ZERO_BYTE = (() => {
  // One zero bit: shift right, folding the polynomial in when the low bit falls out.
  let bit: Uint32Array = new Uint32Array(32);
  bit[0] = POLYNOMIAL;
  for (let n = 1; n < 32; n++) bit[n] = 1 << (n - 1);
  for (let i = 0; i < 3; i++) bit = compose(bit, bit); // 2, 4, 8 bits
  return bit;
})();

/** The matrix carrying a CRC-32 over `bytes` zero bytes (square and multiply). */
function carryOver(bytes: number): Uint32Array {
  let result: Uint32Array = new Uint32Array(32);
  for (let n = 0; n < 32; n++) result[n] = 2 ** n;
  let power = ONE_ZERO_BYTE;
  for (let n = bytes; n > 0; n = Math.floor(n / 2)) {
    if (n % 2 === 1) result = compose(power, result);
    if (n > 1) power = compose(power, power);
  }
  return result;
}

/** Carries for fillers by their length (a page's nonce always has the same length). */
const fillerCarries = new Map<number, Uint32Array>();
function fillerCarry(length: number): Uint32Array {
  let carry = fillerCarries.get(length);
  if (!carry) {
    if (fillerCarries.size >= 64) fillerCarries.clear();
    carry = carryOver(length);
    fillerCarries.set(length, carry);
  }
  return carry;
}

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
  const crcs = pieces.map((piece) => crc32(piece));
  const carries = pieces.map((piece) => carryOver(piece.length));
  const byteLength =
    [...pieces, ...compressed].reduce((sum, b) => sum + b.length, 0) + pieces.length * 128;
  return { pieces, compressed, crcs, carries, byteLength };
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
  const fillerCrc = crc32(filler);
  const carry = fillerCarry(filler.length);
  let crc = 0;
  let size = 0;
  template.pieces.forEach((piece, i) => {
    if (i > 0) {
      parts.push(stored);
      crc = (times(carry, crc) ^ fillerCrc) >>> 0;
      size += filler.length;
    }
    parts.push(template.compressed[i]!);
    crc = (times(template.carries[i]!, crc) ^ template.crcs[i]!) >>> 0;
    size += piece.length;
  });
  const trailer = Buffer.allocUnsafe(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  parts.push(trailer);
  return Buffer.concat(parts);
}
