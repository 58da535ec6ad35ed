/**
 * The demo store's pictures, composed as SVG in code and rasterised with sharp (nothing is
 * downloaded): a garment on a hanger, a dress form or a rod in front of a soft wall with a
 * jharokha arch, in a tone that suits the garment; close-ups of the same garment; richer hero
 * scenes; banner-like compositions for the advertisements. The bytes then go through the image
 * module like any upload.
 */
import { darken, hueDistance, lighten, luminance, mix, toHsl } from "./colour.ts";
import {
  Defs,
  drawGarment,
  type GarmentKind,
  type GarmentStyle,
  hanger,
  onHanger,
} from "./garments.ts";
import { type Motif, motifPattern, type Palette, paletteFor } from "./motifs.ts";

// ---------------------------------------------------------------- walls

type Wall = { wall: string; name: string };

const LIGHT_WALLS: Wall[] = [
  { name: "ivory", wall: "#f3ece0" },
  { name: "sand", wall: "#ecdfca" },
  { name: "blush", wall: "#f1ddd6" },
  { name: "sage", wall: "#e0e6d8" },
  { name: "mist", wall: "#dde5eb" },
  { name: "lilac", wall: "#e8e0ea" },
  { name: "peach", wall: "#f4e0cf" },
  { name: "stone", wall: "#e6e1da" },
];

/** Deeper walls for pale garments (ivory, white, pastel), so the garment still stands out. */
const DEEP_WALLS: Wall[] = [
  { name: "terracotta", wall: "#d7b29b" },
  { name: "dusk", wall: "#c8bfcf" },
  { name: "olive", wall: "#c9c9ad" },
  { name: "slate", wall: "#bccad2" },
  { name: "rosewood", wall: "#d4b3b3" },
  { name: "clay", wall: "#d6c1a3" },
];

/** A wall colour that complements the garment: roughly opposite in hue, soft, with variety by seed. */
export function wallFor(garment: string, seed: number): string {
  const g = toHsl(garment);
  const pale = luminance(garment) > 0.5;
  const walls = pale ? DEEP_WALLS : LIGHT_WALLS;
  if (g.s < 0.16) return walls[seed % walls.length]!.wall;
  const ranked = walls
    .map((w) => {
      const h = toHsl(w.wall);
      return { w, score: Math.abs(hueDistance(h.h, g.h) - 150) - h.s * 40 };
    })
    .sort((a, b) => a.score - b.score);
  return ranked[seed % 3]!.w.wall;
}

/** A faint linen weave over the wall (one path: far cheaper to rasterise than a fine pattern). */
function wallTexture(wall: string): string {
  const across: string[] = [];
  for (let y = 2; y < 1000; y += 5) across.push(`M0 ${y}h800`);
  const down: string[] = [];
  for (let x = 3; x < 800; x += 7) down.push(`M${x} 0v1000`);
  return (
    `<path d="${across.join("")}" stroke="${darken(wall, 0.3)}" stroke-opacity=".045" stroke-width=".8"/>` +
    `<path d="${down.join("")}" stroke="#fff" stroke-opacity=".06" stroke-width=".8"/>`
  );
}

const ARCH = "M168 1000 L168 380 C168 230 270 140 400 92 C530 140 632 230 632 380 L632 1000 Z";
const ARCH_INNER = "M190 1000 L190 384 C190 246 284 164 400 118 C516 164 610 246 610 384 L610 1000";

function backdrop(defs: Defs, wall: string, options: { arch?: boolean; floor?: boolean } = {}) {
  const grad = defs.id("w");
  const light = defs.id("l");
  const deep = darken(wall, 0.08);
  defs.add(
    `<linearGradient id="${grad}" x1="0" x2="0" y1="0" y2="1"><stop offset="0" stop-color="${lighten(wall, 0.25)}"/><stop offset="1" stop-color="${deep}"/></linearGradient>` +
      `<radialGradient id="${light}" cx=".42" cy=".34" r=".7"><stop offset="0" stop-color="#fff" stop-opacity=".45"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>`,
  );
  const parts = [`<rect width="800" height="1000" fill="url(#${grad})"/>`, wallTexture(wall)];
  if (options.arch !== false) {
    parts.push(
      `<path d="${ARCH}" fill="${lighten(wall, 0.3)}" fill-opacity=".6"/>` +
        `<path d="${ARCH_INNER}" fill="none" stroke="${darken(wall, 0.18)}" stroke-opacity=".45" stroke-width="2"/>` +
        `<path d="${ARCH}" fill="none" stroke="${darken(wall, 0.12)}" stroke-opacity=".35" stroke-width="3"/>`,
    );
  }
  parts.push(`<rect width="800" height="1000" fill="url(#${light})"/>`);
  if (options.floor !== false) {
    const floor = defs.id("f");
    defs.add(
      `<linearGradient id="${floor}" x1="0" x2="0" y1="0" y2="1"><stop offset="0" stop-color="${darken(wall, 0.14)}"/><stop offset="1" stop-color="${darken(wall, 0.24)}"/></linearGradient>`,
    );
    parts.push(
      `<rect y="944" width="800" height="56" fill="url(#${floor})"/>` +
        `<rect y="944" width="800" height="2" fill="#fff" fill-opacity=".35"/>`,
    );
  }
  return parts.join("");
}

/**
 * A soft shadow of the garment on the wall: the outline painted in a few widening, faint layers
 * (a Gaussian blur filter looks the same here and costs librsvg several times more).
 */
function dropShadow(silhouette: string, wall: string, dx = 16, dy = 20): string {
  const d = silhouette
    .split(/(?=M)/)
    .map((part) => part.trim())
    .filter(Boolean);
  const colour = darken(wall, 0.55);
  const layers = [46, 34, 24, 15, 8, 2].map(
    (w) => `<g opacity=".045">${d.map((p) => `<path d="${p}" stroke-width="${w}"/>`).join("")}</g>`,
  );
  return `<g fill="${colour}" stroke="${colour}" stroke-linejoin="round" transform="translate(${dx} ${dy})">${layers.join("")}</g>`;
}

function floorShadow(defs: Defs, cx: number, rx: number): string {
  const id = defs.id("g");
  defs.add(
    `<radialGradient id="${id}"><stop offset="0" stop-color="#000" stop-opacity=".28"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>`,
  );
  return `<ellipse cx="${cx}" cy="958" rx="${rx}" ry="22" fill="url(#${id})"/>`;
}

const svgDoc = (defs: Defs, body: string, width: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${Math.round((width * 5) / 4)}" viewBox="0 0 800 1000">${defs}${body}</svg>`;

// ---------------------------------------------------------------- product pictures

export type ProductView = "front" | "detail-top" | "detail-hem";

export type ProductArt = {
  kind: GarmentKind;
  color: string;
  motif: Motif;
  women?: boolean;
  borders?: boolean;
  /** Zari metal or thread colour; gold by default. */
  zari?: string;
  /** The second fabric (pants, blouse, dupatta) colour. */
  second?: string;
  /** Varies the wall among the good matches. */
  seed: number;
};

export function garmentStyle(a: ProductArt): GarmentStyle {
  return {
    kind: a.kind,
    palette: paletteFor(a.color, a.zari ? { zari: a.zari } : {}),
    motif: a.motif,
    women: a.women,
    borders: a.borders,
    second: a.second ? paletteFor(a.second, a.zari ? { zari: a.zari } : {}) : undefined,
  };
}

/** Short garments on a hanger are drawn larger and lower, so they fill the picture like the rest. */
const FRAME: Partial<Record<GarmentKind, { scale: number; dy: number }>> = {
  "nehru-jacket": { scale: 1.22, dy: 50 },
  shirt: { scale: 1.12, dy: 36 },
  bandhgala: { scale: 1.1, dy: 30 },
};

function framed(kind: GarmentKind, scene: string): string {
  const f = FRAME[kind];
  if (!f) return scene;
  // Scale about the hanger's hook so the garment still hangs from the same place.
  return `<g transform="translate(400 ${92 + f.dy}) scale(${f.scale}) translate(-400 -92)">${scene}</g>`;
}

/** Where a close-up looks, per garment (centre x, y and zoom). */
const DETAIL: Record<GarmentKind, { top: [number, number]; hem: [number, number] }> = {
  kurta: { top: [400, 300], hem: [400, 800] },
  "kurta-set": { top: [400, 300], hem: [400, 800] },
  anarkali: { top: [400, 330], hem: [400, 860] },
  shirt: { top: [400, 290], hem: [330, 560] },
  "nehru-jacket": { top: [400, 300], hem: [400, 580] },
  bandhgala: { top: [400, 300], hem: [300, 600] },
  sherwani: { top: [400, 300], hem: [400, 800] },
  saree: { top: [360, 320], hem: [420, 860] },
  lehenga: { top: [400, 380], hem: [400, 860] },
  dress: { top: [400, 340], hem: [400, 620] },
  dupatta: { top: [400, 420], hem: [400, 820] },
};

export function productSvg(a: ProductArt, view: ProductView, width: number): string {
  const defs = new Defs("p");
  const style = garmentStyle(a);
  const wall = wallFor(a.color, a.seed);
  const garment = drawGarment(defs, style);
  const scene = [
    dropShadow(garment.silhouette, wall),
    onHanger(a.kind) ? hanger() : "",
    garment.art,
  ].join("");
  const floor = onHanger(a.kind) ? "" : floorShadow(defs, 400, a.kind === "lehenga" ? 330 : 200);
  if (view === "front") {
    return svgDoc(defs, backdrop(defs, wall) + floor + framed(a.kind, scene), width);
  }
  const [cx, cy] = DETAIL[a.kind][view === "detail-top" ? "top" : "hem"];
  const zoom = 2.1;
  return svgDoc(
    defs,
    backdrop(defs, wall, { arch: false, floor: false }) +
      `<g transform="translate(400 500) scale(${zoom}) translate(${-cx} ${-cy})">${floor}${scene}</g>`,
    width,
  );
}

// ---------------------------------------------------------------- hero scenes

function garland(defs: Defs, x0: number, x1: number, y: number, sag: number, seed: number) {
  const colours = ["#f2a33a", "#f7c548", "#e9742b", "#f2a33a"];
  const beads: string[] = [];
  const n = 22;
  for (let i = 0; i <= n; i++) {
    const t = i / n;
    const x = x0 + (x1 - x0) * t;
    const yy = y + sag * 4 * t * (1 - t);
    const c = colours[(i + seed) % colours.length]!;
    beads.push(
      `<circle cx="${x.toFixed(1)}" cy="${yy.toFixed(1)}" r="11" fill="${c}"/><circle cx="${(x - 3).toFixed(1)}" cy="${(yy - 3).toFixed(1)}" r="4" fill="#fff" fill-opacity=".3"/>`,
    );
    if (i % 5 === 0)
      beads.push(
        `<path d="M${x.toFixed(1)} ${(yy + 8).toFixed(1)} l-6 14 l12 0z" fill="#4f7a3a"/>`,
      );
  }
  void defs;
  return beads.join("");
}

function hangingString(x: number, y0: number, len: number, seed: number) {
  const colours = ["#f2a33a", "#e9742b", "#f7c548"];
  const out = [`<path d="M${x} ${y0} L${x} ${y0 + len}" stroke="#6f5b3e" stroke-width="1.5"/>`];
  for (let y = y0 + 10, i = 0; y < y0 + len; y += 20, i++) {
    out.push(`<circle cx="${x}" cy="${y}" r="9.5" fill="${colours[(i + seed) % 3]}"/>`);
  }
  out.push(`<circle cx="${x}" cy="${y0 + len + 8}" r="7" fill="#c9a04a"/>`);
  return out.join("");
}

/** A hero picture: the garment under marigold garlands, in a carved arch, on a rug. */
export function heroSvg(a: ProductArt, width: number): string {
  const defs = new Defs("h");
  const style = garmentStyle(a);
  const wall = wallFor(a.color, a.seed + 1);
  const garment = drawGarment(defs, style);
  const rug = defs.id("r");
  const rugColour = darken(mix(a.color, "#8a3b2a", 0.5), 0.1);
  defs.add(motifPattern(rug, "block", paletteFor(rugColour, { zari: "#e0b85c" }), 0.8));
  const parts = [
    backdrop(defs, wall, { floor: false }),
    `<path d="M120 1000 L120 360 C120 190 250 96 400 46 C550 96 680 190 680 360 L680 1000" fill="none" stroke="${darken(wall, 0.2)}" stroke-opacity=".4" stroke-width="6"/>`,
    `<path d="M0 952 L800 952 L800 1000 L0 1000Z" fill="${darken(wall, 0.2)}"/>`,
    `<path d="M150 952 L650 952 L720 1000 L80 1000Z" fill="${rugColour}"/>`,
    `<path d="M150 952 L650 952 L720 1000 L80 1000Z" fill="url(#${rug})"/>`,
    hangingString(70, 0, 300, a.seed),
    hangingString(730, 0, 300, a.seed + 1),
    hangingString(110, 0, 200, a.seed + 2),
    hangingString(690, 0, 200, a.seed),
    garland(defs, 40, 760, 20, 90, a.seed),
    floorShadow(defs, 400, onHanger(a.kind) ? 120 : 260),
    framed(
      a.kind,
      dropShadow(garment.silhouette, wall) + (onHanger(a.kind) ? hanger() : "") + garment.art,
    ),
  ];
  return svgDoc(defs, parts.join(""), width);
}

// ---------------------------------------------------------------- advertisements

export type AdArt =
  | { layout: "trio"; wall: string; garments: ProductArt[] }
  | { layout: "swatches"; wall: string; fabrics: Array<{ color: string; motif: Motif }> }
  | { layout: "spotlight"; wall: string; garment: ProductArt; jaal: string };

function scaledGarment(defs: Defs, a: ProductArt, x: number, y: number, s: number, wall: string) {
  const garment = drawGarment(defs, garmentStyle(a));
  return (
    `<g transform="translate(${x} ${y}) scale(${s}) translate(-400 -500)">` +
    (onHanger(a.kind) ? "" : floorShadow(defs, 400, 200)) +
    dropShadow(garment.silhouette, wall) +
    (onHanger(a.kind) ? hanger() : "") +
    garment.art +
    `</g>`
  );
}

/** Banner-like pictures for the home page's advertisement cards (the card carries the words). */
export function adSvg(ad: AdArt, width: number): string {
  const defs = new Defs("d");
  const parts: string[] = [];
  if (ad.layout === "trio") {
    parts.push(backdrop(defs, ad.wall, { arch: false }));
    const arch = (cx: number, w: number) =>
      `<path d="M${cx - w} 944 L${cx - w} 330 C${cx - w} 240 ${cx - w * 0.4} 190 ${cx} 160 C${cx + w * 0.4} 190 ${cx + w} 240 ${cx + w} 330 L${cx + w} 944Z" fill="${lighten(ad.wall, 0.35)}" fill-opacity=".7" stroke="${darken(ad.wall, 0.15)}" stroke-opacity=".4" stroke-width="2"/>`;
    parts.push(arch(150, 124), arch(400, 134), arch(650, 124));
    const [a, b, c] = ad.garments;
    if (a) parts.push(scaledGarment(defs, a, 160, 560, 0.72, ad.wall));
    if (c) parts.push(scaledGarment(defs, c, 640, 560, 0.72, ad.wall));
    if (b) parts.push(scaledGarment(defs, b, 400, 536, 0.8, ad.wall));
  } else if (ad.layout === "swatches") {
    parts.push(backdrop(defs, ad.wall, { arch: false, floor: false }));
    const n = ad.fabrics.length;
    ad.fabrics.forEach((fabricSpec, i) => {
      const p: Palette = paletteFor(fabricSpec.color);
      const id = defs.id("m");
      defs.add(motifPattern(id, fabricSpec.motif, p, 1));
      const angle = -26 + (52 * i) / Math.max(1, n - 1);
      const d = "M-120 -40 L120 -40 L120 560 L-120 560 Z";
      const border = darken(p.zari, 0.1);
      parts.push(
        `<g transform="translate(400 900) rotate(${angle.toFixed(1)}) translate(0 -600)">` +
          `<path d="${d}" fill="#000" fill-opacity=".18" transform="translate(10 12)"/>` +
          `<path d="${d}" fill="${p.base}"/>` +
          (fabricSpec.motif === "plain" ? "" : `<path d="${d}" fill="url(#${id})"/>`) +
          `<path d="${d}" fill="url(#shadeH)"/>` +
          `<rect x="-120" y="-40" width="240" height="46" fill="${p.zari}"/>` +
          `<rect x="-120" y="-28" width="240" height="6" fill="${border}"/>` +
          `<rect x="-120" y="-6" width="240" height="4" fill="${lighten(p.zari, 0.4)}"/>` +
          `</g>`,
      );
    });
    parts.push(
      `<circle cx="400" cy="900" r="34" fill="#b88a3a"/><circle cx="400" cy="900" r="24" fill="#d9b466"/><circle cx="394" cy="894" r="8" fill="#f3e2b4"/>`,
    );
  } else {
    const jaal = defs.id("j");
    defs.add(motifPattern(jaal, "zari", paletteFor(ad.jaal, { zari: "#d9b466" }), 1.6));
    const glow = defs.id("g");
    defs.add(
      `<radialGradient id="${glow}" cx=".5" cy=".45" r=".6"><stop offset="0" stop-color="#fff" stop-opacity=".28"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>`,
    );
    parts.push(
      `<rect width="800" height="1000" fill="${ad.jaal}"/>`,
      `<rect width="800" height="1000" fill="url(#${jaal})" opacity=".55"/>`,
      `<rect width="800" height="1000" fill="url(#${glow})"/>`,
      `<path d="${ARCH}" fill="${lighten(ad.wall, 0.2)}"/>`,
      `<path d="${ARCH}" fill="none" stroke="#d9b466" stroke-width="10"/>`,
      `<path d="${ARCH_INNER}" fill="none" stroke="#d9b466" stroke-opacity=".7" stroke-width="2"/>`,
      garland(defs, 140, 660, 70, 70, 1),
      scaledGarment(defs, ad.garment, 400, 560, 0.84, ad.wall),
    );
  }
  return svgDoc(defs, parts.join(""), width);
}

// ---------------------------------------------------------------- rasterising

/**
 * An SVG scene as an uncompressed TIFF: lossless, and nearly free to write and read back. The image
 * module then checks and re-encodes it like any upload (1280 × 1600 is about 6 MB, under its limit).
 */
export async function rasterise(svg: string): Promise<Buffer> {
  const { default: sharp } = await import("sharp");
  return sharp(Buffer.from(svg), { limitInputPixels: false })
    .flatten({ background: "#ffffff" })
    .tiff({ compression: "none" })
    .toBuffer();
}
