/**
 * The search's postings in memory (issue #11's cold searches, record 0063): for every lexeme of
 * the products' search vectors, the products that have it (by the list index's numbering), the
 * weights it has there (A title; B categories, colours, gender; D description) and its positions.
 * With them a search is matched and scored exactly as search.ts's SQL does (the same lexemes,
 * from searchPlan), without reading any product's vector: a broad word's 15,000 matches are
 * scored in about a millisecond instead of the ~50 ms PostgreSQL spends reading them.
 *
 * Read from the vectors as PostgreSQL sends them (tsvectorsend: per product the lexeme count,
 * then per lexeme its text, a zero byte, its position count and positions, each position's top
 * two bits its weight), all products run together in the numbering's order. Memory at 100,000
 * products of ~24 lexemes: ~28 MB (per posting 9 bytes, per position 2).
 */
import type { SearchPlan } from "./search.ts";

/** Weight bits of a posting: as PostgreSQL numbers weights (D 0 … A 3), one bit each. */
const WEIGHT_A = 1 << 3;
const WEIGHT_B = 1 << 2;
const ANY_WEIGHT = 0b1111;

export class SearchPostings {
  /** Per lexeme id, its postings' range in the arrays below (lexeme id's start to the next's). */
  readonly #start: Int32Array;
  readonly #lexemes: Map<string, number>;
  /** Per posting: the product's number, the weights' bits, and where its positions begin. */
  readonly #products: Int32Array;
  readonly #weights: Uint8Array;
  readonly #positionsAt: Int32Array;
  readonly #positions: Uint16Array;
  /** The number of products (numbers 0…count-1). */
  readonly count: number;

  private constructor(parts: {
    count: number;
    lexemes: Map<string, number>;
    start: Int32Array;
    products: Int32Array;
    weights: Uint8Array;
    positionsAt: Int32Array;
    positions: Uint16Array;
  }) {
    this.count = parts.count;
    this.#lexemes = parts.lexemes;
    this.#start = parts.start;
    this.#products = parts.products;
    this.#weights = parts.weights;
    this.#positionsAt = parts.positionsAt;
    this.#positions = parts.positions;
  }

  get bytes(): number {
    let bytes = this.#start.byteLength + this.#products.byteLength + this.#weights.byteLength;
    bytes += this.#positionsAt.byteLength + this.#positions.byteLength;
    for (const lexeme of this.#lexemes.keys()) bytes += lexeme.length * 2 + 16;
    return bytes;
  }

  /**
   * Reads `count` products' vectors run together (tsvectorsend, product 0 first). Undefined when
   * a lexeme has no positions (a stripped vector, which the weighted queries treat otherwise).
   */
  static read(data: Uint8Array, count: number): SearchPostings | undefined {
    const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
    // First pass: each entry's lexeme id, and how many postings and positions each lexeme has.
    // Lexemes are told apart by their bytes (a hash table over the data itself), and decoded to
    // text once each: decoding each of millions of entries would cost most of the read.
    const table = new LexemeTable(data);
    const entryLexeme = new Int32Array(Math.ceil(data.byteLength / 6));
    let postingsOf = new Int32Array(1024);
    let positionsOf = new Int32Array(1024);
    let entries = 0;
    let at = 0;
    for (let n = 0; n < count; n++) {
      const size = view.getInt32(at);
      at += 4;
      for (let e = 0; e < size; e++) {
        const end = data.indexOf(0, at);
        const id = table.idOf(at, end);
        if (id >= postingsOf.length) {
          postingsOf = grown(postingsOf);
          positionsOf = grown(positionsOf);
        }
        const npos = view.getUint16(end + 1);
        if (npos === 0) return undefined;
        entryLexeme[entries++] = id;
        postingsOf[id]!++;
        positionsOf[id]! += npos;
        at = end + 3 + npos * 2;
      }
    }
    const lexemes = table.lexemes();
    // Each lexeme's range, in lexeme id order (postings and positions alike).
    const lexemeCount = lexemes.size;
    const start = new Int32Array(lexemeCount + 1);
    const positionStart = new Int32Array(lexemeCount + 1);
    for (let id = 0; id < lexemeCount; id++) {
      start[id + 1] = start[id]! + postingsOf[id]!;
      positionStart[id + 1] = positionStart[id]! + positionsOf[id]!;
    }
    const products = new Int32Array(entries);
    const weights = new Uint8Array(entries);
    const positionsAt = new Int32Array(entries + 1);
    const positions = new Uint16Array(positionStart[lexemeCount]!);
    const nextPosting = start.slice(0, lexemeCount);
    const nextPosition = positionStart.slice(0, lexemeCount);
    // Second pass: the postings, each lexeme's in product order.
    at = 0;
    let entry = 0;
    for (let n = 0; n < count; n++) {
      const size = view.getInt32(at);
      at += 4;
      for (let e = 0; e < size; e++) {
        const end = data.indexOf(0, at);
        const id = entryLexeme[entry++]!;
        const npos = view.getUint16(end + 1);
        const posting = nextPosting[id]!++;
        let position = nextPosition[id]!;
        products[posting] = n;
        positionsAt[posting] = position;
        let bits = 0;
        for (let p = 0; p < npos; p++) {
          const word = view.getUint16(end + 3 + p * 2);
          bits |= 1 << (word >> 14);
          positions[position++] = word & 0x3fff;
        }
        weights[posting] = bits;
        nextPosition[id] = position;
        at = end + 3 + npos * 2;
      }
    }
    positionsAt[entries] = positions.length;
    // A lexeme's last posting ends where the next lexeme's positions begin: the ranges line up.
    return new SearchPostings({
      count,
      lexemes,
      start,
      products,
      weights,
      positionsAt,
      positions,
    });
  }

  /**
   * The postings with these products' vectors replaced (each one product's tsvectorsend, by its
   * number; the numbering unchanged): one pass over the postings, each lexeme's kept in product
   * order. Undefined when a new vector has a lexeme without positions (as `read`).
   */
  patched(vectors: Map<number, Uint8Array>): SearchPostings | undefined {
    const lexemes = new Map(this.#lexemes);
    const decoder = new TextDecoder();
    // The new postings, by lexeme id: [product, weights, positions] in product order.
    const added = new Map<number, Array<{ n: number; bits: number; positions: number[] }>>();
    const changed = new Uint8Array(this.count);
    for (const n of [...vectors.keys()].sort((a, b) => a - b)) {
      changed[n] = 1;
      const data = vectors.get(n)!;
      const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
      let at = 4;
      for (let e = view.getInt32(0); e > 0; e--) {
        const end = data.indexOf(0, at);
        const text = decoder.decode(data.subarray(at, end));
        let id = lexemes.get(text);
        if (id === undefined) {
          id = lexemes.size;
          lexemes.set(text, id);
        }
        const npos = view.getUint16(end + 1);
        if (npos === 0) return undefined;
        let bits = 0;
        const positions: number[] = [];
        for (let p = 0; p < npos; p++) {
          const word = view.getUint16(end + 3 + p * 2);
          bits |= 1 << (word >> 14);
          positions.push(word & 0x3fff);
        }
        const list = added.get(id) ?? [];
        list.push({ n, bits, positions });
        added.set(id, list);
        at = end + 3 + npos * 2;
      }
    }
    let extraPostings = 0;
    let extraPositions = 0;
    for (const list of added.values()) {
      extraPostings += list.length;
      for (const posting of list) extraPositions += posting.positions.length;
    }
    const lexemeCount = lexemes.size;
    const start = new Int32Array(lexemeCount + 1);
    const products = new Int32Array(this.#products.length + extraPostings);
    const weights = new Uint8Array(products.length);
    const positionsAt = new Int32Array(products.length + 1);
    const positions = new Uint16Array(this.#positions.length + extraPositions);
    let out = 0;
    let outPosition = 0;
    const oldLexemes = this.#start.length - 1;
    /** Copies old postings [from, to) as they are (positions moved by the offset they land at). */
    const copy = (from: number, to: number) => {
      if (to <= from) return;
      products.set(this.#products.subarray(from, to), out);
      weights.set(this.#weights.subarray(from, to), out);
      const firstPosition = this.#positionsAt[from]!;
      const shift = outPosition - firstPosition;
      for (let i = from; i < to; i++) positionsAt[out + i - from] = this.#positionsAt[i]! + shift;
      const lastPosition = this.#positionsAt[to]!;
      positions.set(this.#positions.subarray(firstPosition, lastPosition), outPosition);
      out += to - from;
      outPosition += lastPosition - firstPosition;
    };
    for (let id = 0; id < lexemeCount; id++) {
      start[id] = out;
      const fresh = added.get(id) ?? [];
      let next = 0;
      /** The new postings of products numbered below `until`, in order. */
      const putFresh = (until: number) => {
        while (next < fresh.length && fresh[next]!.n < until) {
          const posting = fresh[next++]!;
          products[out] = posting.n;
          weights[out] = posting.bits;
          positionsAt[out++] = outPosition;
          for (const position of posting.positions) positions[outPosition++] = position;
        }
      };
      if (id < oldLexemes) {
        // Runs of unchanged postings are copied whole; a changed product's posting is left out,
        // and the new ones are put in their places.
        let run = this.#start[id]!;
        const end = this.#start[id + 1]!;
        for (let i = run; i < end; i++) {
          const n = this.#products[i]!;
          if (changed[n] === 0 && (next === fresh.length || fresh[next]!.n > n)) continue;
          copy(run, i);
          putFresh(n);
          run = changed[n] ? i + 1 : i;
        }
        copy(run, end);
      }
      putFresh(this.count);
    }
    start[lexemeCount] = out;
    positionsAt[out] = outPosition;
    return new SearchPostings({
      count: this.count,
      lexemes,
      start,
      products: products.subarray(0, out),
      weights: weights.subarray(0, out),
      positionsAt: positionsAt.subarray(0, out + 1),
      positions: positions.subarray(0, outPosition),
    });
  }

  /**
   * Marks `bit` in `flags` for each product matching any of the alternatives (each an AND of
   * lexemes) with one of these weights.
   */
  #mark(alternatives: string[][], weightBits: number, flags: Uint8Array, bit: number): void {
    for (const alternative of alternatives) {
      const ids = alternative.map((lexeme) => this.#lexemes.get(lexeme));
      if (ids.some((id) => id === undefined)) continue;
      if (ids.length === 1) {
        const id = ids[0]!;
        for (let i = this.#start[id]!; i < this.#start[id + 1]!; i++) {
          if (this.#weights[i]! & weightBits) flags[this.#products[i]!]! |= bit;
        }
        continue;
      }
      // Several lexemes: a product matches when each has a posting there with these weights.
      const seen = new Uint8Array(this.count);
      ids.forEach((id, j) => {
        for (let i = this.#start[id!]!; i < this.#start[id! + 1]!; i++) {
          const n = this.#products[i]!;
          if (this.#weights[i]! & weightBits && seen[n] === j) seen[n] = j + 1;
        }
      });
      for (let n = 0; n < this.count; n++) if (seen[n] === ids.length) flags[n]! |= bit;
    }
  }

  /**
   * The products matching the search (among those `passes` lets through) with their scores, as
   * search.ts's SQL ranks them: only those matching the most words (every word when some product
   * has them all); per word 1 for a match, 3 more in the title, 2 in the categories, colours or
   * gender, and as typed 2 more in the title and 1 anywhere; 2 for the typed words as a phrase.
   */
  match(
    plan: SearchPlan,
    passes: (n: number) => boolean,
  ): { found: Int32Array; score: Int32Array } {
    const { count } = this;
    const M = 1;
    const A = 2;
    const B = 4;
    const TA = 8;
    const T = 16;
    const flags = plan.words.map(({ typed, all }) => {
      const f = new Uint8Array(count);
      this.#mark(all, ANY_WEIGHT, f, M);
      this.#mark(all, WEIGHT_A, f, A);
      this.#mark(all, WEIGHT_B, f, B);
      this.#mark(typed, WEIGHT_A, f, TA);
      this.#mark(typed, ANY_WEIGHT, f, T);
      return f;
    });
    const matchedOf = (n: number) => {
      let matched = 0;
      for (const f of flags) matched += f[n]! & M;
      return matched;
    };
    // The candidates: every word's matches (OR), those passing the filters, and their counts.
    const any = new Uint8Array(count);
    for (const f of flags) for (let n = 0; n < count; n++) any[n]! |= f[n]! & M;
    let found = new Int32Array(count);
    let total = 0;
    let best = 0;
    for (let n = 0; n < count; n++) {
      if (any[n] === 0 || !passes(n)) continue;
      const matched = matchedOf(n);
      if (matched > best) {
        best = matched;
        total = 0;
      }
      if (matched === best) found[total++] = n;
    }
    found = found.slice(0, total);
    const phraseIn = plan.phrase ? this.#phraseMatcher(plan.phrase) : undefined;
    const score = new Int32Array(total);
    for (let i = 0; i < total; i++) {
      const n = found[i]!;
      let s = 0;
      for (const f of flags) {
        const v = f[n]!;
        s +=
          (v & M ? 1 : 0) + (v & A ? 3 : 0) + (v & B ? 2 : 0) + (v & TA ? 2 : 0) + (v & T ? 1 : 0);
      }
      if (phraseIn?.(n)) s += 2;
      score[i] = s;
    }
    return { found, score };
  }

  /**
   * A test of whether product n has the phrase's lexemes at their distances (any weights), for
   * products asked in ascending order: each lexeme's postings are walked once, alongside.
   */
  #phraseMatcher(phrase: Array<{ lexeme: string; at: number }>): (n: number) => boolean {
    const ids = phrase.map(({ lexeme }) => this.#lexemes.get(lexeme));
    if (phrase.length === 0 || ids.some((id) => id === undefined)) return () => false;
    const cursors = ids.map((id) => this.#start[id!]!);
    const ends = ids.map((id) => this.#start[id! + 1]!);
    const at = phrase.map((p) => p.at);
    const products = this.#products;
    const positionsAt = this.#positionsAt;
    const positions = this.#positions;
    return (n: number) => {
      // Each lexeme's posting for product n, if it has one.
      for (let j = 0; j < cursors.length; j++) {
        let c = cursors[j]!;
        while (c < ends[j]! && products[c]! < n) c++;
        cursors[j] = c;
        if (c === ends[j] || products[c] !== n) return false;
      }
      const first = cursors[0]!;
      for (let p = positionsAt[first]!; p < positionsAt[first + 1]!; p++) {
        const from = positions[p]! - at[0]!;
        let all = true;
        for (let j = 1; j < cursors.length && all; j++) {
          const c = cursors[j]!;
          const want = from + at[j]!;
          all = false;
          for (let q = positionsAt[c]!; q < positionsAt[c + 1]!; q++) {
            if (positions[q] === want) {
              all = true;
              break;
            }
          }
        }
        if (all) return true;
      }
      return false;
    };
  }
}

/**
 * The distinct lexemes of the data, each numbered by its first appearance: an open-addressing
 * table of FNV-1a hashes of their bytes, each kept as where it first appears in the data.
 */
class LexemeTable {
  readonly #data: Uint8Array;
  #slots = new Int32Array(1 << 12);
  #starts: number[] = [];
  #ends: number[] = [];

  constructor(data: Uint8Array) {
    this.#data = data;
  }

  /** The id of the lexeme at data[start, end), a new one when first seen. */
  idOf(start: number, end: number): number {
    const data = this.#data;
    let hash = 0x811c9dc5;
    for (let i = start; i < end; i++) hash = Math.imul(hash ^ data[i]!, 0x01000193);
    const mask = this.#slots.length - 1;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const held = this.#slots[slot]!;
      if (held === 0) {
        const id = this.#starts.length;
        this.#starts.push(start);
        this.#ends.push(end);
        this.#slots[slot] = id + 1;
        if (this.#starts.length * 2 > this.#slots.length) this.#grow();
        return id;
      }
      if (this.#same(held - 1, start, end)) return held - 1;
    }
  }

  #same(id: number, start: number, end: number): boolean {
    const from = this.#starts[id]!;
    if (this.#ends[id]! - from !== end - start) return false;
    const data = this.#data;
    for (let i = 0; i < end - start; i++) if (data[from + i] !== data[start + i]) return false;
    return true;
  }

  #grow(): void {
    const old = this.#slots;
    this.#slots = new Int32Array(old.length * 2);
    const mask = this.#slots.length - 1;
    for (let id = 0; id < this.#starts.length; id++) {
      let hash = 0x811c9dc5;
      for (let i = this.#starts[id]!; i < this.#ends[id]!; i++) {
        hash = Math.imul(hash ^ this.#data[i]!, 0x01000193);
      }
      let slot = hash & mask;
      while (this.#slots[slot] !== 0) slot = (slot + 1) & mask;
      this.#slots[slot] = id + 1;
    }
  }

  /** Each lexeme's text and id. */
  lexemes(): Map<string, number> {
    const decoder = new TextDecoder();
    const found = new Map<string, number>();
    for (let id = 0; id < this.#starts.length; id++) {
      found.set(decoder.decode(this.#data.subarray(this.#starts[id], this.#ends[id])), id);
    }
    return found;
  }
}

function grown(array: Int32Array<ArrayBuffer>): Int32Array<ArrayBuffer> {
  const bigger = new Int32Array(array.length * 2);
  bigger.set(array);
  return bigger;
}
