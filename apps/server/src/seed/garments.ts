/**
 * Stylised garment silhouettes for the demo artwork, drawn on an 800 × 1000 canvas (4:5): kurtas,
 * kurta sets, anarkalis, shirts, Nehru and bandhgala jackets, sherwanis on a hanger; sarees,
 * lehengas and dresses on a dress form; dupattas over a rod. Each piece of fabric is filled with
 * its colour, a motif, soft shading and folds, and trimmed with zari bands.
 */
import { darken, lighten, luminance, mix } from "./colour.ts";
import { type Motif, motifPattern, type Palette } from "./motifs.ts";

export const GARMENTS = [
  "kurta",
  "kurta-set",
  "anarkali",
  "shirt",
  "nehru-jacket",
  "bandhgala",
  "sherwani",
  "saree",
  "lehenga",
  "dress",
  "dupatta",
] as const;
export type GarmentKind = (typeof GARMENTS)[number];

export type GarmentStyle = {
  kind: GarmentKind;
  palette: Palette;
  motif: Motif;
  /** Cut for women (narrower shoulders, yoke, three-quarter sleeves) where it matters. */
  women?: boolean;
  /** A second fabric: the pants of a kurta set, a saree's blouse, a lehenga's choli and dupatta. */
  second?: Palette;
  /** Zari borders on hems, cuffs and necklines. */
  borders?: boolean;
};

/** Collects <defs> (patterns, clip paths) with unique ids while a scene is drawn. */
export class Defs {
  private readonly items: string[] = [];
  private readonly cache = new Map<string, string>();
  private n = 0;
  private readonly prefix: string;

  constructor(prefix = "a") {
    this.prefix = prefix;
  }

  id(kind: string): string {
    this.n += 1;
    return `${this.prefix}${kind}${this.n}`;
  }

  add(markup: string): void {
    this.items.push(markup);
  }

  /** A motif pattern for a palette (shared between pieces of one scene). */
  pattern(motif: Motif, p: Palette, scale = 1): string | undefined {
    if (motif === "plain") return undefined;
    const key = `${motif}|${p.base}|${p.accent}|${p.light}|${p.zari}|${scale}`;
    const known = this.cache.get(key);
    if (known) return known;
    const id = this.id("m");
    this.add(motifPattern(id, motif, p, scale));
    this.cache.set(key, id);
    return id;
  }

  clip(d: string): string {
    const id = this.id("c");
    this.add(`<clipPath id="${id}"><path d="${d}"/></clipPath>`);
    return id;
  }

  toString(): string {
    return `<defs>${SHARED_DEFS}${this.items.join("")}</defs>`;
  }
}

/** Gradients every scene uses: shading across a piece, down a piece, and a soft fold. */
const SHARED_DEFS =
  `<linearGradient id="shadeH" x1="0" x2="1" y1="0" y2="0">` +
  `<stop offset="0" stop-color="#fff" stop-opacity=".16"/><stop offset=".35" stop-color="#fff" stop-opacity="0"/>` +
  `<stop offset=".68" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".24"/></linearGradient>` +
  `<linearGradient id="shadeV" x1="0" x2="0" y1="0" y2="1">` +
  `<stop offset="0" stop-color="#fff" stop-opacity=".1"/><stop offset=".5" stop-color="#fff" stop-opacity="0"/>` +
  `<stop offset="1" stop-color="#000" stop-opacity=".16"/></linearGradient>` +
  `<radialGradient id="fold"><stop offset="0" stop-color="#000" stop-opacity=".16"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>` +
  `<radialGradient id="sheen"><stop offset="0" stop-color="#fff" stop-opacity=".2"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>`;

// ---------------------------------------------------------------- path helpers

type Pt = readonly [number, number];
type Seg = readonly ["L", Pt] | readonly ["Q", Pt, Pt] | readonly ["C", Pt, Pt, Pt];

const CX = 400;
const f = (n: number) => (Math.round(n * 10) / 10).toString();
const pt = (p: Pt) => `${f(p[0])} ${f(p[1])}`;
const mirror = (p: Pt): Pt => [2 * CX - p[0], p[1]];

/**
 * A left-right symmetric outline: `start` and the last point lie on the centre line; the segments
 * describe the left half, the right half is their mirror image traced back.
 */
function sym(start: Pt, segs: readonly Seg[]): string {
  const out = [`M${pt(start)}`];
  const points: Pt[] = [start];
  for (const s of segs) {
    if (s[0] === "L") out.push(`L${pt(s[1])}`);
    else if (s[0] === "Q") out.push(`Q${pt(s[1])} ${pt(s[2])}`);
    else out.push(`C${pt(s[1])} ${pt(s[2])} ${pt(s[3])}`);
    points.push(s[s.length - 1] as Pt);
  }
  for (let i = segs.length - 1; i >= 0; i--) {
    const s = segs[i]!;
    const back = mirror(points[i]!);
    if (s[0] === "L") out.push(`L${pt(back)}`);
    else if (s[0] === "Q") out.push(`Q${pt(mirror(s[1]))} ${pt(back)}`);
    else out.push(`C${pt(mirror(s[2]))} ${pt(mirror(s[1]))} ${pt(back)}`);
  }
  return `${out.join(" ")}Z`;
}

/** The mirror image of a path written with absolute M/L/Q/C/Z commands only. */
function mirrorPath(d: string): string {
  return d.replace(
    /(-?\d+(?:\.\d+)?) (-?\d+(?:\.\d+)?)/g,
    (_m, x: string, y: string) => `${f(2 * CX - Number(x))} ${y}`,
  );
}

// ---------------------------------------------------------------- painting

type FabricOptions = {
  shade?: "h" | "v" | "none";
  outline?: boolean;
  motifScale?: number;
  opacity?: number;
  motif?: Motif;
};

/** One piece of fabric: base colour, motif, shading and a fine outline. */
function fabric(defs: Defs, d: string, p: Palette, motif: Motif, o: FabricOptions = {}): string {
  const pattern = defs.pattern(o.motif ?? motif, p, o.motifScale ?? 1);
  const edge = darken(p.base, luminance(p.base) < 0.05 ? 0.1 : 0.38);
  const parts = [`<path d="${d}" fill="${p.base}"/>`];
  if (pattern) parts.push(`<path d="${d}" fill="url(#${pattern})"/>`);
  if (o.shade !== "none") {
    parts.push(`<path d="${d}" fill="url(#${o.shade === "v" ? "shadeV" : "shadeH"})"/>`);
  }
  if (o.outline !== false) {
    parts.push(
      `<path d="${d}" fill="none" stroke="${edge}" stroke-opacity=".55" stroke-width="2" stroke-linejoin="round"/>`,
    );
  }
  const g = parts.join("");
  return o.opacity === undefined ? g : `<g opacity="${o.opacity}">${g}</g>`;
}

/** Soft folds: long narrow shadows (and a sheen beside each) inside a clip. */
function folds(clipId: string, lines: ReadonlyArray<readonly [number, number, number, number]>) {
  const shapes = lines.map(([x, y, len, angle]) => {
    const rot = `rotate(${angle} ${x} ${y})`;
    return (
      `<ellipse cx="${x}" cy="${y}" rx="13" ry="${len / 2}" fill="url(#fold)" transform="${rot}"/>` +
      `<ellipse cx="${x + 16}" cy="${y}" rx="9" ry="${len / 2.4}" fill="url(#sheen)" transform="${rot}"/>`
    );
  });
  return `<g clip-path="url(#${clipId})">${shapes.join("")}</g>`;
}

/**
 * An embroidered zari band of `width` along a path (its centre line), clipped to the piece:
 * metal ground, darker edges, a stitched dash line and a row of dots.
 */
function band(clipId: string, d: string, width: number, zari: string, ground?: string): string {
  const hi = lighten(zari, 0.5);
  const lo = darken(zari, 0.35);
  const inner = ground ?? darken(zari, 0.15);
  const dot = Math.max(3, width * 0.22);
  return (
    `<g clip-path="url(#${clipId})" fill="none" stroke-linecap="round">` +
    `<path d="${d}" stroke="${lo}" stroke-width="${width}"/>` +
    `<path d="${d}" stroke="${zari}" stroke-width="${width * 0.78}"/>` +
    `<path d="${d}" stroke="${inner}" stroke-opacity=".45" stroke-width="${width * 0.42}"/>` +
    `<path d="${d}" stroke="${hi}" stroke-width="${dot}" stroke-dasharray="0 ${dot * 2.6}"/>` +
    `</g>`
  );
}

function translate(d: string, dx: number, dy: number): string {
  return d.replace(
    /(-?\d+(?:\.\d+)?) (-?\d+(?:\.\d+)?)/g,
    (_m, x: string, y: string) => `${f(Number(x) + dx)} ${f(Number(y) + dy)}`,
  );
}

const buttons = (x: number, ys: number[], color: string, r = 5.5) =>
  ys
    .map(
      (y) =>
        `<circle cx="${x}" cy="${y}" r="${r}" fill="${color}"/><circle cx="${x - r * 0.3}" cy="${y - r * 0.3}" r="${r * 0.35}" fill="#fff" fill-opacity=".55"/>`,
    )
    .join("");

// ---------------------------------------------------------------- hanger, rod, dress form

export function hanger(y = 208): string {
  const wood = "#9b7650";
  return (
    `<path d="M400 ${y - 6} L400 ${y - 48} C400 ${y - 62} 420 ${y - 70} 424 ${y - 86} C428 ${y - 102} 418 ${y - 116} 403 ${y - 116} C389 ${y - 116} 382 ${y - 106} 382 ${y - 96}" fill="none" stroke="#a08c6c" stroke-width="6" stroke-linecap="round"/>` +
    `<path d="M400 ${y - 18} L262 ${y + 16} Q250 ${y + 20} 256 ${y + 26} L544 ${y + 26} Q550 ${y + 20} 538 ${y + 16}Z" fill="${wood}"/>` +
    `<path d="M400 ${y - 18} L262 ${y + 16}" stroke="${lighten(wood, 0.35)}" stroke-width="2"/>`
  );
}

function rod(y: number): string {
  const wood = "#8e6a45";
  return (
    `<rect x="196" y="${y - 8}" width="408" height="16" rx="8" fill="${wood}"/>` +
    `<rect x="196" y="${y - 8}" width="408" height="5" rx="2.5" fill="${lighten(wood, 0.3)}"/>` +
    `<circle cx="190" cy="${y}" r="15" fill="${darken(wood, 0.15)}"/><circle cx="610" cy="${y}" r="15" fill="${darken(wood, 0.15)}"/>` +
    `<circle cx="186" cy="${y - 4}" r="5" fill="${lighten(wood, 0.35)}"/><circle cx="606" cy="${y - 4}" r="5" fill="${lighten(wood, 0.35)}"/>` +
    `<path d="M250 ${y} L232 ${y - 120} M550 ${y} L568 ${y - 120}" stroke="#a08c6c" stroke-width="3"/>`
  );
}

const FORM = "#e6d9c2";

/** A linen dress form's neck and torso (shown where the garment leaves it bare). */
function dressForm(): string {
  const torso = sym(
    [400, 188],
    [
      ["L", [378, 190]],
      ["Q", [372, 212], [300, 224]],
      ["C", [286, 262], [298, 336], [322, 404]],
      ["C", [338, 444], [344, 476], [344, 520]],
      ["L", [400, 520]],
    ],
  );
  return (
    `<rect x="378" y="140" width="44" height="60" fill="${darken(FORM, 0.06)}"/>` +
    `<ellipse cx="400" cy="140" rx="26" ry="9" fill="${darken(FORM, 0.18)}"/>` +
    `<ellipse cx="400" cy="137" rx="10" ry="4" fill="#9b7650"/>` +
    `<path d="${torso}" fill="${FORM}"/>` +
    `<path d="${torso}" fill="url(#shadeH)"/>` +
    `<path d="${torso}" fill="none" stroke="${darken(FORM, 0.3)}" stroke-opacity=".5" stroke-width="2"/>`
  );
}

function formStand(top: number): string {
  const metal = "#7c6a58";
  return (
    `<rect x="394" y="${top}" width="12" height="${905 - top}" fill="${metal}"/>` +
    `<path d="M400 900 L318 948 M400 900 L482 948 M400 900 L400 952" stroke="${metal}" stroke-width="9" stroke-linecap="round"/>` +
    `<circle cx="400" cy="900" r="11" fill="${darken(metal, 0.2)}"/>`
  );
}

// ---------------------------------------------------------------- tops on a hanger

type TopCut = {
  hem: number;
  shoulder: number;
  hemHalf: number;
  waistHalf?: number;
  neck: "mandarin" | "round" | "v" | "collar";
  sleeve: "full" | "three-quarter" | "short" | "none";
  front: "placket" | "open" | "none";
  shirtTail?: boolean;
  /** A small inverted V where the front edges meet the hem (Nehru jackets). */
  frontNotch?: boolean;
  /** A folded pocket square in the chest pocket. */
  pocketSquare?: string;
  slits?: boolean;
  pockets?: boolean;
  chestPocket?: boolean;
  yoke?: boolean;
  hemBand?: boolean;
  cuffBand?: boolean;
};

function topOutline(c: TopCut): { body: string; neckLine: string; hemLine: string } {
  const sx = CX - c.shoulder;
  const neckBottom = c.neck === "v" ? 300 : c.neck === "round" ? 246 : 226;
  const neckCurve: Seg =
    c.neck === "v" ? ["L", [362, 204]] : ["Q", [366, neckBottom - 2], [362, 204]];
  const armpit: Pt = [sx + (c.sleeve === "none" ? 26 : 10), c.sleeve === "none" ? 362 : 336];
  const armhole: Seg =
    c.sleeve === "none" ? ["C", [sx + 4, 280], [sx + 30, 320], armpit] : ["L", armpit];
  const waist: Pt = [CX - (c.waistHalf ?? c.shoulder - 8), (armpit[1] + c.hem) / 2];
  const sideEnd: Pt = [CX - c.hemHalf, c.shirtTail ? c.hem - 34 : c.hem];
  const hemSeg: Seg = c.shirtTail
    ? ["Q", [CX - c.hemHalf + 24, c.hem + 16], [CX, c.hem + 14]]
    : c.frontNotch
      ? ["C", [CX - c.hemHalf / 2, c.hem + 6], [CX - 10, c.hem + 10], [CX, c.hem - 18]]
      : ["Q", [CX - c.hemHalf / 2, c.hem + 8], [CX, c.hem + 8]];
  const body = sym(
    [CX, neckBottom],
    [neckCurve, ["L", [sx, 230]], armhole, ["Q", [waist[0] - 4, waist[1]], sideEnd], hemSeg],
  );
  const neckLine =
    c.neck === "v"
      ? `M362 204 L400 ${neckBottom} L438 204`
      : `M362 204 Q366 ${neckBottom - 2} 400 ${neckBottom} Q434 ${neckBottom - 2} 438 204`;
  const hemLine = c.shirtTail
    ? `M${CX - c.hemHalf} ${c.hem - 34} Q${CX - c.hemHalf + 24} ${c.hem + 16} 400 ${c.hem + 14}`
    : `M${CX - c.hemHalf} ${c.hem} Q${CX - c.hemHalf / 2} ${c.hem + 8} 400 ${c.hem + 8} Q${CX + c.hemHalf / 2} ${c.hem + 8} ${CX + c.hemHalf} ${c.hem}`;
  return { body, neckLine, hemLine };
}

function sleevePath(c: TopCut): { d: string; cuff: string } | undefined {
  if (c.sleeve === "none") return undefined;
  const sx = CX - c.shoulder;
  const len = c.sleeve === "full" ? 372 : c.sleeve === "three-quarter" ? 270 : 112;
  const spread = c.sleeve === "short" ? 34 : 58;
  const cuffOuter: Pt = [sx - spread, 230 + len];
  const cuffInner: Pt = [sx - spread + (c.sleeve === "short" ? 70 : 54), 230 + len + 10];
  const d =
    `M${sx + 14} 226 C${sx - 10} 250 ${sx - spread * 0.6} ${230 + len * 0.55} ${pt(cuffOuter)} ` +
    `L${pt(cuffInner)} C${sx + 8} ${230 + len * 0.6} ${sx + 20} ${230 + len * 0.3} ${sx + 34} 300 Z`;
  const cuff = `M${pt([cuffOuter[0] + 1, cuffOuter[1] - 14])} L${pt([cuffInner[0] - 1, cuffInner[1] - 14])}`;
  return { d, cuff };
}

/** The inside of the garment's back, seen through the neck opening (drawn before the body). */
function neckInside(c: TopCut, p: Palette): string {
  const bottom = c.neck === "v" ? 300 : c.neck === "round" ? 246 : 228;
  const d =
    c.neck === "v"
      ? `M360 206 L400 ${bottom} L440 206 Q400 194 360 206Z`
      : `M360 206 Q364 ${bottom} 400 ${bottom} Q436 ${bottom} 440 206 Q400 194 360 206Z`;
  return `<path d="${d}" fill="${darken(p.base, 0.42)}"/>`;
}

function collarFor(defs: Defs, c: TopCut, p: Palette, s: GarmentStyle): string {
  if (c.neck === "mandarin") {
    const d = "M362 216 Q400 234 438 216 L438 194 Q400 212 362 194 Z";
    const clip = defs.clip(d);
    return (
      fabric(defs, d, p, s.motif, { shade: "h" }) +
      (s.borders ? band(clip, "M362 199 Q400 217 438 199", 12, p.zari) : "")
    );
  }
  if (c.neck === "collar") {
    // A collar band round the neck, and two points lying on the chest.
    const bandD = "M358 204 Q400 188 442 204 L442 216 Q400 200 358 216 Z";
    const left = "M400 236 L352 262 L346 208 Q372 198 400 206 Z";
    return (
      fabric(defs, bandD, { ...p, base: darken(p.base, 0.12) }, s.motif, { shade: "none" }) +
      fabric(defs, left, p, s.motif, { shade: "h" }) +
      fabric(defs, mirrorPath(left), p, s.motif, { shade: "h" })
    );
  }
  return "";
}

function drawTop(defs: Defs, s: GarmentStyle, c: TopCut): { art: string; silhouette: string } {
  const p = s.palette;
  const { body, neckLine, hemLine } = topOutline(c);
  const sleeve = sleevePath(c);
  const parts: string[] = [];
  const shapes = [body];
  if (sleeve) {
    for (const d of [sleeve.d, mirrorPath(sleeve.d)]) {
      const clip = defs.clip(d);
      parts.push(fabric(defs, d, p, s.motif, { shade: "h" }));
      parts.push(folds(clip, [[CX - c.shoulder - 20, 400, 220, 8]]));
      if (c.cuffBand) {
        const cuff = d === sleeve.d ? sleeve.cuff : mirrorPath(sleeve.cuff);
        parts.push(band(clip, cuff, 22, p.zari));
      }
      shapes.push(d);
    }
  }
  const clip = defs.clip(body);
  parts.push(neckInside(c, p));
  parts.push(fabric(defs, body, p, s.motif, { shade: "h" }));
  parts.push(
    folds(clip, [
      [CX - c.hemHalf + 40, (c.hem + 420) / 2, c.hem - 380, 3],
      [CX + 40, (c.hem + 480) / 2, c.hem - 420, -2],
      [CX + c.hemHalf - 50, (c.hem + 420) / 2, c.hem - 380, -4],
    ]),
  );
  if (c.yoke) parts.push(band(clip, translate(neckLine, 0, 16), 26, p.zari, p.base));
  if (c.hemBand) parts.push(band(clip, translate(hemLine, 0, -16), 30, p.zari));
  if (c.slits) {
    const y0 = c.hem - 150;
    const x = CX - c.hemHalf + 16;
    parts.push(
      `<path clip-path="url(#${clip})" d="M${x} ${y0} L${x - 6} ${c.hem + 12} M${2 * CX - x} ${y0} L${2 * CX - x + 6} ${c.hem + 12}" stroke="${darken(p.base, 0.45)}" stroke-opacity=".6" stroke-width="3"/>`,
    );
  }
  const buttonColour = s.borders ? p.zari : mix(p.base, "#f5efe2", 0.75);
  if (c.front === "placket") {
    const top = c.neck === "round" ? 246 : 226;
    parts.push(
      `<rect x="391" y="${top}" width="18" height="${c.neck === "collar" ? c.hem - top : 210}" fill="${darken(p.base, 0.08)}" stroke="${darken(p.base, 0.35)}" stroke-opacity=".5"/>`,
    );
    const ys =
      c.neck === "collar"
        ? [262, 330, 398, 466, 534, 602, 670].filter((y) => y < c.hem - 20)
        : [262, 304, 346, 388];
    parts.push(buttons(400, ys, buttonColour));
  }
  if (c.front === "open") {
    parts.push(
      `<path d="M404 214 L404 ${c.hem + 8}" stroke="${darken(p.base, 0.4)}" stroke-opacity=".7" stroke-width="2.5"/>`,
    );
    if (s.borders) parts.push(band(clip, `M398 214 L398 ${c.hem + 8}`, 18, p.zari));
    const ys: number[] = [];
    for (let y = 244; y < Math.min(c.hem - 40, 640); y += 44) ys.push(y);
    parts.push(buttons(s.borders ? 398 : 388, ys, s.borders ? lighten(p.zari, 0.2) : buttonColour));
  }
  if (c.chestPocket) {
    const d = "M424 300 L474 300 L474 352 L449 362 L424 352 Z";
    parts.push(fabric(defs, d, p, s.motif, { shade: "none" }));
    parts.push(
      `<path d="M424 308 L474 308" stroke="${darken(p.base, 0.35)}" stroke-opacity=".5" stroke-width="1.5" stroke-dasharray="4 3"/>`,
    );
  }
  if (c.pockets) {
    const welt = (x: number, y: number, w: number) =>
      `<rect x="${x}" y="${y}" width="${w}" height="9" rx="2" fill="${darken(p.base, 0.22)}" transform="rotate(-6 ${x} ${y})"/>`;
    if (c.pocketSquare) {
      parts.push(
        `<path d="M${CX + 40} 318 l8 -22 l10 14 l12 -18 l8 24 Z" fill="${c.pocketSquare}"/>` +
          `<path d="M${CX + 48} 296 l10 14 l12 -18" fill="none" stroke="#000" stroke-opacity=".15" stroke-width="1.5"/>`,
      );
    }
    parts.push(welt(CX + 34, 320, 56) + welt(CX - c.hemHalf + 38, c.hem - 120, 66));
    parts.push(welt(CX + c.hemHalf - 104, c.hem - 126, 66));
  }
  parts.push(collarFor(defs, c, p, s));
  return { art: parts.join(""), silhouette: shapes.join(" ") };
}

// ---------------------------------------------------------------- garments

function kurta(defs: Defs, s: GarmentStyle) {
  return drawTop(defs, s, {
    hem: 884,
    shoulder: s.women ? 96 : 110,
    hemHalf: s.women ? 142 : 128,
    waistHalf: s.women ? 84 : undefined,
    neck: s.women ? "round" : "mandarin",
    sleeve: s.women ? "three-quarter" : "full",
    front: s.women ? "none" : "placket",
    slits: true,
    yoke: s.women,
    hemBand: s.borders,
    cuffBand: s.borders,
  });
}

function pants(defs: Defs, p: Palette, motif: Motif, palazzo: boolean): string {
  const d = palazzo
    ? "M318 700 L482 700 L528 952 L414 956 L400 790 L386 956 L272 952 Z"
    : "M330 700 L470 700 L448 950 L412 952 L400 780 L388 952 L352 950 Z";
  const clip = defs.clip(d);
  return (
    fabric(defs, d, p, motif, { shade: "h" }) +
    folds(clip, [
      [palazzo ? 320 : 360, 860, 160, 6],
      [palazzo ? 470 : 440, 860, 160, -6],
    ]) +
    `<path d="M400 790 L400 956" stroke="${darken(p.base, 0.35)}" stroke-opacity=".5" stroke-width="2"/>`
  );
}

function kurtaSet(defs: Defs, s: GarmentStyle) {
  const second = s.second ?? s.palette;
  const bottoms = pants(defs, second, s.second ? "plain" : s.motif, Boolean(s.women));
  const top = drawTop(defs, s, {
    hem: 772,
    shoulder: s.women ? 96 : 108,
    hemHalf: s.women ? 136 : 124,
    waistHalf: s.women ? 84 : undefined,
    neck: s.women ? "v" : "mandarin",
    sleeve: s.women ? "three-quarter" : "full",
    front: s.women ? "none" : "placket",
    slits: true,
    yoke: s.women,
    hemBand: s.borders,
    cuffBand: s.borders,
  });
  return {
    art: bottoms + top.art,
    silhouette: `${top.silhouette} M318 700 L482 700 L528 952 L272 952Z`,
  };
}

function shirt(defs: Defs, s: GarmentStyle) {
  return drawTop(defs, s, {
    hem: 720,
    shoulder: s.women ? 100 : 114,
    hemHalf: s.women ? 114 : 124,
    waistHalf: 112,
    neck: "collar",
    sleeve: "full",
    front: "placket",
    shirtTail: true,
    chestPocket: true,
  });
}

function nehruJacket(defs: Defs, s: GarmentStyle) {
  return drawTop(defs, s, {
    hem: 640,
    shoulder: 118,
    hemHalf: 124,
    waistHalf: 116,
    neck: "mandarin",
    sleeve: "none",
    front: "open",
    frontNotch: true,
    pockets: true,
    pocketSquare: luminance(s.palette.base) < 0.3 ? s.palette.zari : darken(s.palette.base, 0.45),
  });
}

function bandhgala(defs: Defs, s: GarmentStyle) {
  return drawTop(defs, s, {
    hem: 730,
    shoulder: 110,
    hemHalf: 122,
    waistHalf: 98,
    neck: "mandarin",
    sleeve: "full",
    front: "open",
    pockets: true,
    cuffBand: s.borders,
  });
}

function sherwani(defs: Defs, s: GarmentStyle) {
  return drawTop(defs, s, {
    hem: 900,
    shoulder: 110,
    hemHalf: 148,
    waistHalf: 96,
    neck: "mandarin",
    sleeve: "full",
    front: "open",
    hemBand: s.borders,
    cuffBand: s.borders,
    slits: true,
  });
}

function anarkali(defs: Defs, s: GarmentStyle) {
  const p = s.palette;
  const bodice = sym(
    [CX, 250],
    [
      ["Q", [368, 248], [362, 204]],
      ["L", [304, 230]],
      ["L", [310, 336]],
      ["Q", [322, 380], [326, 430]],
      ["L", [CX, 430]],
    ],
  );
  const skirt = sym(
    [CX, 420],
    [
      ["L", [326, 420]],
      ["C", [280, 560], [170, 780], [118, 920]],
      ["Q", [250, 962], [CX, 966]],
    ],
  );
  const sleeve = sleevePath({
    hem: 0,
    shoulder: 96,
    hemHalf: 0,
    neck: "round",
    sleeve: "full",
    front: "none",
  })!;
  const parts: string[] = [];
  for (const d of [sleeve.d, mirrorPath(sleeve.d)]) {
    const clip = defs.clip(d);
    parts.push(fabric(defs, d, p, s.motif, { shade: "h" }));
    if (s.borders)
      parts.push(band(clip, d === sleeve.d ? sleeve.cuff : mirrorPath(sleeve.cuff), 20, p.zari));
  }
  const skirtClip = defs.clip(skirt);
  parts.push(fabric(defs, skirt, p, s.motif, { shade: "v" }));
  // Kalis: the panels of the flare, alternately catching the light.
  const panels: string[] = [];
  const n = 12;
  for (let i = 0; i < n; i++) {
    const t0 = i / n;
    const t1 = (i + 1) / n;
    const top = (t: number) => 326 + t * 148;
    const bottom = (t: number) => 118 + t * 564;
    const fill = i % 2 ? "#000" : "#fff";
    const op = i % 2 ? 0.08 : 0.06;
    panels.push(
      `<path d="M${f(top(t0))} 420 L${f(top(t1))} 420 L${f(bottom(t1))} 980 L${f(bottom(t0))} 980Z" fill="${fill}" fill-opacity="${op}"/>`,
    );
  }
  parts.push(`<g clip-path="url(#${skirtClip})">${panels.join("")}</g>`);
  if (s.borders) {
    parts.push(band(skirtClip, "M110 926 Q250 944 400 948 Q550 944 690 926", 40, p.zari));
    parts.push(band(skirtClip, "M150 866 Q260 884 400 888 Q540 884 650 866", 10, p.zari));
  }
  const bodiceClip = defs.clip(bodice);
  parts.push(neckInside({ neck: "round" } as TopCut, p));
  parts.push(fabric(defs, bodice, p, s.motif, { shade: "h" }));
  parts.push(band(bodiceClip, "M362 220 Q368 264 400 266 Q432 264 438 220", 24, p.zari, p.base));
  parts.push(band(bodiceClip, "M300 422 L500 422", 16, p.zari));
  return {
    art: parts.join(""),
    silhouette: `${bodice} ${skirt} ${sleeve.d} ${mirrorPath(sleeve.d)}`,
  };
}

function blouse(defs: Defs, p: Palette, motif: Motif, bottom: number): string {
  const body = sym(
    [CX, 270],
    [
      ["Q", [370, 266], [364, 206]],
      ["L", [300, 224]],
      ["C", [292, 262], [300, 330], [318, bottom - 4]],
      ["Q", [360, bottom + 6], [CX, bottom + 4]],
    ],
  );
  const sleeve = "M306 222 C286 236 270 280 262 322 L312 336 C312 300 314 260 318 232 Z";
  const clipS = defs.clip(sleeve);
  const clipB = defs.clip(body);
  const sleeveR = mirrorPath(sleeve);
  const clipSR = defs.clip(sleeveR);
  return (
    fabric(defs, sleeve, p, motif, { shade: "h" }) +
    band(clipS, "M262 316 L312 330", 14, p.zari) +
    fabric(defs, sleeveR, p, motif, { shade: "h" }) +
    band(clipSR, mirrorPath("M262 316 L312 330"), 14, p.zari) +
    fabric(defs, body, p, motif, { shade: "h" }) +
    band(
      clipB,
      `M320 ${bottom} Q360 ${bottom + 8} 400 ${bottom + 6} Q440 ${bottom + 8} 480 ${bottom}`,
      12,
      p.zari,
    )
  );
}

function saree(defs: Defs, s: GarmentStyle) {
  const p = s.palette;
  const blousePalette = s.second ?? { ...p, base: darken(p.base, 0.25) };
  const parts: string[] = [];
  // The pallu falling behind the left shoulder.
  const back = "M286 230 C268 420 250 620 230 842 L332 858 C334 640 338 430 346 226 Z";
  const backClip = defs.clip(back);
  parts.push(fabric(defs, back, p, s.motif, { shade: "h" }));
  // The pallu's end: a deeper ground crossed by zari stripes.
  parts.push(
    `<g clip-path="url(#${backClip})"><path d="M200 690 L360 712 L360 880 L200 880Z" fill="${darken(p.base, 0.22)}"/></g>`,
  );
  for (const [y, w] of [
    [700, 18],
    [730, 6],
    [772, 26],
    [812, 6],
    [836, 12],
  ] as const) {
    parts.push(band(backClip, `M200 ${y} L360 ${y + 22}`, w, p.zari));
  }
  parts.push(band(backClip, "M286 230 C268 420 250 620 230 842", 26, p.zari));
  const tassels: string[] = [];
  for (let i = 0; i < 9; i++) {
    const x = 236 + i * 11.5;
    const y = 845 + i * 1.7;
    tassels.push(
      `<path d="M${f(x)} ${f(y)} l0 22" stroke="${darken(p.zari, 0.1)}" stroke-width="2.4"/><circle cx="${f(x)}" cy="${f(y + 24)}" r="3" fill="${p.zari}"/>`,
    );
  }
  parts.push(tassels.join(""));
  parts.push(dressForm());
  parts.push(blouse(defs, blousePalette, "plain", 384));
  // The skirt with its pleats and border.
  const skirt = sym(
    [CX, 462],
    [
      ["L", [340, 462]],
      ["C", [334, 600], [316, 780], [292, 952]],
      ["Q", [346, 962], [CX, 962]],
    ],
  );
  const skirtClip = defs.clip(skirt);
  parts.push(fabric(defs, skirt, p, s.motif, { shade: "h" }));
  const pleats: string[] = [];
  for (let i = 0; i < 7; i++) {
    const x0 = 398 + i * 9;
    const x1 = 378 + i * 20;
    pleats.push(
      `<path d="M${x0} 500 L${x1} 962 L${x1 + 10} 962 L${x0 + 4.5} 500Z" fill="${i % 2 ? "#000" : "#fff"}" fill-opacity="${i % 2 ? 0.1 : 0.08}"/>`,
      `<path d="M${x0} 500 L${x1} 962" stroke="${darken(p.base, 0.4)}" stroke-opacity=".45" stroke-width="1.6"/>`,
    );
  }
  parts.push(`<g clip-path="url(#${skirtClip})">${pleats.join("")}</g>`);
  parts.push(band(skirtClip, "M280 938 Q340 948 400 948 Q460 948 520 938", 34, p.zari));
  // The pallu across the body, from the right hip to the left shoulder.
  const front =
    "M284 238 Q326 214 368 206 C412 300 440 380 478 466 Q444 492 404 504 C372 420 332 332 284 238 Z";
  const frontClip = defs.clip(front);
  parts.push(fabric(defs, front, p, s.motif, { shade: "h" }));
  parts.push(band(frontClip, "M368 206 C412 300 440 380 478 466", 26, p.zari));
  parts.push(band(frontClip, "M404 504 C372 420 332 332 284 238", 20, p.zari));
  parts.push(folds(frontClip, [[380, 360, 260, -28]]));
  return {
    art: parts.join(""),
    silhouette: `${back} ${skirt} ${front} M300 224 L500 224 L480 470 L320 470Z`,
  };
}

function lehenga(defs: Defs, s: GarmentStyle) {
  const p = s.palette;
  const second = s.second ?? { ...p, base: darken(p.base, 0.2) };
  const parts: string[] = [];
  // A sheer dupatta behind the left shoulder.
  const dupatta = "M292 226 C262 420 236 640 206 880 L318 900 C322 680 330 440 344 224 Z";
  const dClip = defs.clip(dupatta);
  parts.push(fabric(defs, dupatta, second, "buti", { shade: "h", opacity: 0.72 }));
  parts.push(band(dClip, "M206 880 L318 900", 24, p.zari));
  parts.push(band(dClip, "M292 226 C262 420 236 640 206 880", 12, p.zari));
  parts.push(dressForm());
  parts.push(blouse(defs, second, "zari", 380));
  const skirt = sym(
    [CX, 452],
    [
      ["L", [338, 452]],
      ["C", [300, 600], [170, 800], [92, 930]],
      ["Q", [240, 970], [CX, 972]],
    ],
  );
  const clip = defs.clip(skirt);
  parts.push(fabric(defs, skirt, p, s.motif, { shade: "v" }));
  const panels: string[] = [];
  const n = 14;
  for (let i = 0; i < n; i++) {
    const t0 = i / n;
    const t1 = (i + 1) / n;
    const top = (t: number) => 338 + t * 124;
    const bottom = (t: number) => 92 + t * 616;
    panels.push(
      `<path d="M${f(top(t0))} 452 L${f(top(t1))} 452 L${f(bottom(t1))} 990 L${f(bottom(t0))} 990Z" fill="${i % 2 ? "#000" : "#fff"}" fill-opacity="${i % 2 ? 0.09 : 0.07}"/>`,
    );
  }
  parts.push(`<g clip-path="url(#${clip})">${panels.join("")}</g>`);
  parts.push(band(clip, "M80 930 Q240 958 400 960 Q560 958 720 930", 56, p.zari));
  parts.push(band(clip, "M140 850 Q270 874 400 876 Q530 874 660 850", 14, p.zari));
  parts.push(band(clip, "M320 458 L480 458", 18, p.zari));
  return {
    art: parts.join(""),
    silhouette: `${dupatta} ${skirt} M300 224 L500 224 L480 460 L320 460Z`,
  };
}

function dress(defs: Defs, s: GarmentStyle) {
  const p = s.palette;
  const parts: string[] = [formStand(780)];
  parts.push(dressForm());
  const bodice = sym(
    [CX, 290],
    [
      ["L", [366, 206]],
      ["L", [322, 216]],
      ["C", [316, 270], [312, 330], [326, 400]],
      ["Q", [338, 440], [340, 476]],
      ["L", [CX, 476]],
    ],
  );
  const skirt = sym(
    [CX, 470],
    [
      ["L", [340, 470]],
      ["C", [322, 560], [276, 700], [250, 812]],
      ["Q", [330, 832], [CX, 834]],
    ],
  );
  const flutter = "M324 214 C300 222 284 250 276 280 Q300 292 318 286 C318 262 320 236 330 216 Z";
  const clip = defs.clip(skirt);
  parts.push(fabric(defs, skirt, p, s.motif, { shade: "h" }));
  parts.push(
    folds(clip, [
      [310, 680, 260, 14],
      [380, 690, 280, 3],
      [440, 690, 280, -5],
      [500, 680, 260, -14],
    ]),
  );
  parts.push(fabric(defs, flutter, p, s.motif, { shade: "h" }));
  parts.push(fabric(defs, mirrorPath(flutter), p, s.motif, { shade: "h" }));
  parts.push(fabric(defs, bodice, p, s.motif, { shade: "h" }));
  const belt = darken(p.base, 0.3);
  parts.push(
    `<path d="M340 466 L460 466 L460 484 L340 484Z" fill="${belt}"/>` +
      `<path d="M420 478 C440 500 444 540 436 566 M424 478 C410 504 404 534 408 560" fill="none" stroke="${belt}" stroke-width="7" stroke-linecap="round"/>` +
      `<circle cx="422" cy="476" r="9" fill="${belt}"/>`,
  );
  return { art: parts.join(""), silhouette: `${bodice} ${skirt}` };
}

function dupatta(defs: Defs, s: GarmentStyle) {
  const p = s.palette;
  const parts: string[] = [rod(204)];
  const backPanel =
    "M256 204 L544 204 C548 440 552 700 558 930 L242 930 C248 700 252 440 256 204 Z";
  const frontPanel =
    "M256 204 L544 204 C546 380 548 560 550 760 L250 640 C252 500 254 340 256 204 Z";
  const backClip = defs.clip(backPanel);
  const frontClip = defs.clip(frontPanel);
  parts.push(
    fabric(defs, backPanel, { ...p, base: darken(p.base, 0.08) }, s.motif, { shade: "h" }),
  );
  parts.push(band(backClip, "M240 906 L560 906", 40, p.zari));
  parts.push(
    folds(backClip, [
      [300, 800, 200, 0],
      [500, 820, 200, 0],
    ]),
  );
  const tassels = (x0: number, x1: number, y0: number, y1: number, count: number) => {
    const out: string[] = [];
    for (let i = 0; i <= count; i++) {
      const t = i / count;
      const x = x0 + (x1 - x0) * t;
      const y = y0 + (y1 - y0) * t;
      out.push(
        `<path d="M${f(x)} ${f(y)} l0 26" stroke="${darken(p.zari, 0.1)}" stroke-width="2.4"/><circle cx="${f(x)}" cy="${f(y + 28)}" r="3.6" fill="${p.zari}"/>`,
      );
    }
    return out.join("");
  };
  parts.push(tassels(250, 552, 930, 930, 16));
  parts.push(fabric(defs, frontPanel, p, s.motif, { shade: "h" }));
  parts.push(band(frontClip, "M250 622 L550 742", 40, p.zari));
  parts.push(
    folds(frontClip, [
      [300, 420, 380, 0],
      [400, 440, 420, 0],
      [490, 460, 440, 0],
    ]),
  );
  parts.push(tassels(252, 548, 642, 760, 14));
  parts.push(
    `<path d="M256 210 Q400 236 544 210" fill="none" stroke="${darken(p.base, 0.35)}" stroke-opacity=".4" stroke-width="6"/>`,
  );
  return { art: parts.join(""), silhouette: backPanel };
}

const DRAW: Record<
  GarmentKind,
  (defs: Defs, s: GarmentStyle) => { art: string; silhouette: string }
> = {
  kurta,
  "kurta-set": kurtaSet,
  anarkali,
  shirt,
  "nehru-jacket": nehruJacket,
  bandhgala,
  sherwani,
  saree,
  lehenga,
  dress,
  dupatta,
};

/** Whether the garment hangs on a hanger (the scene draws it first). */
export const onHanger = (kind: GarmentKind) =>
  !["saree", "lehenga", "dress", "dupatta"].includes(kind);

/** The garment's artwork and its outline (for the drop shadow). */
export function drawGarment(defs: Defs, style: GarmentStyle): { art: string; silhouette: string } {
  return DRAW[style.kind](defs, style);
}
