/**
 * Textile motifs for the demo artwork: SVG <pattern> tiles drawn over a garment's base colour
 * (buti dots, paisley, stripes, block print, chikankari, ikat, bandhani, leheriya, zari jaal …).
 */
import { darken, hexToRgb, lighten, luminance, mix } from "./colour.ts";

export const MOTIFS = [
  "plain",
  "khadi",
  "buti",
  "paisley",
  "stripes",
  "pinstripe",
  "checks",
  "block",
  "chikan",
  "ikat",
  "bandhani",
  "leheriya",
  "zari",
  "floral",
] as const;
export type Motif = (typeof MOTIFS)[number];

export type Palette = {
  /** The garment's colour. */
  base: string;
  /** The motif's main colour. */
  accent: string;
  /** A light colour for highlights and white-work. */
  light: string;
  /** Border and embroidery metal: gold or silver zari, or a contrast thread. */
  zari: string;
};

export const GOLD = "#c9a04a";
export const SILVER = "#c9ccd1";

/** A palette for a garment colour: the accent is a deeper or lighter shade of it unless given. */
export function paletteFor(
  base: string,
  options: { accent?: string; zari?: string } = {},
): Palette {
  const dark = luminance(base) < 0.18;
  let zari = options.zari ?? GOLD;
  // Gold on a gold (or silver on a grey) ground would vanish: use a deeper or paler shade of it.
  if (distance(base, zari) < 45)
    zari = luminance(base) > 0.3 ? darken(zari, 0.42) : lighten(zari, 0.45);
  return {
    base,
    accent: options.accent ?? (dark ? lighten(base, 0.42) : darken(base, 0.32)),
    light: dark ? mix(base, "#fff8ec", 0.82) : "#fffaf0",
    zari,
  };
}

function distance(a: string, b: string): number {
  const x = hexToRgb(a);
  const y = hexToRgb(b);
  return Math.hypot(x[0] - y[0], x[1] - y[1], x[2] - y[2]);
}

const paisley = (x: number, y: number, s: number, rot: number, fill: string, line: string) =>
  `<g transform="translate(${x} ${y}) rotate(${rot}) scale(${s})">` +
  `<path d="M0 12 C-10 6 -9 -9 2 -12 C11 -14 15 -5 11 2 C8 8 4 9 6 14 C3 16 1 14 0 12Z" fill="${fill}"/>` +
  `<path d="M1 8 C-5 4 -4 -6 3 -7 C8 -8 9 -3 7 0" fill="none" stroke="${line}" stroke-width="1.3"/>` +
  `<circle cx="3" cy="-2" r="1.6" fill="${line}"/></g>`;

const flower = (x: number, y: number, r: number, petal: string, centre: string, petals = 5) => {
  const parts: string[] = [];
  for (let i = 0; i < petals; i++) {
    const a = (i * 360) / petals;
    parts.push(
      `<ellipse cx="0" cy="${-r * 0.55}" rx="${r * 0.34}" ry="${r * 0.5}" transform="rotate(${a})"/>`,
    );
  }
  return `<g transform="translate(${x} ${y})"><g fill="${petal}">${parts.join("")}</g><circle r="${r * 0.22}" fill="${centre}"/></g>`;
};

const leaf = (x: number, y: number, len: number, rot: number, fill: string) =>
  `<path transform="translate(${x} ${y}) rotate(${rot})" d="M0 0 Q${len * 0.5} ${-len * 0.32} ${len} 0 Q${len * 0.5} ${len * 0.32} 0 0Z" fill="${fill}"/>`;

/** Deterministic pseudo-random numbers for textures (no Math.random in the artwork). */
function lcg(seed: number) {
  let s = seed >>> 0 || 1;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** The <pattern> for a motif (empty for plain), with the given id; `scale` sizes the tile. */
export function motifPattern(id: string, motif: Motif, p: Palette, scale = 1): string {
  // librsvg's cost grows with the number of tiles painted, so one pattern tile holds many
  // repeats of the motif (about 240 units square) instead of one.
  const tile = (w: number, h: number, body: string, rotate = 0) => {
    const nx = Math.max(1, Math.ceil(240 / w));
    const ny = Math.max(1, Math.ceil(240 / h));
    const copies: string[] = [];
    for (let i = 0; i < nx; i++) {
      for (let j = 0; j < ny; j++) {
        copies.push(i + j === 0 ? body : `<g transform="translate(${i * w} ${j * h})">${body}</g>`);
      }
    }
    return (
      `<pattern id="${id}" width="${w * nx}" height="${h * ny}" patternUnits="userSpaceOnUse"` +
      ` patternTransform="scale(${scale})${rotate ? ` rotate(${rotate})` : ""}">${copies.join("")}</pattern>`
    );
  };
  switch (motif) {
    case "plain":
      return "";
    case "khadi": {
      const rnd = lcg(7);
      const lines: string[] = [];
      for (let i = 0; i < 26; i++) {
        const x = rnd() * 60;
        const y = rnd() * 60;
        const len = 4 + rnd() * 10;
        const c = rnd() > 0.5 ? p.light : darken(p.base, 0.3);
        lines.push(
          `<path d="M${x.toFixed(1)} ${y.toFixed(1)}h${len.toFixed(1)}" stroke="${c}" stroke-opacity="${(0.12 + rnd() * 0.16).toFixed(2)}" stroke-width="${(0.8 + rnd()).toFixed(1)}"/>`,
        );
      }
      return tile(60, 60, lines.join(""));
    }
    case "buti":
      return tile(
        46,
        46,
        flower(11.5, 11.5, 7, p.zari, p.light) + flower(34.5, 34.5, 7, p.zari, p.light),
      );
    case "paisley":
      return tile(
        84,
        84,
        paisley(21, 21, 1.25, -20, p.accent, p.light) +
          paisley(63, 63, 1.25, 160, p.accent, p.light) +
          `<g fill="${p.zari}"><circle cx="63" cy="21" r="2.2"/><circle cx="21" cy="63" r="2.2"/></g>`,
      );
    case "stripes":
      return tile(
        30,
        10,
        `<rect width="5" height="10" fill="${p.accent}" fill-opacity=".85"/>` +
          `<rect x="14" width="1.6" height="10" fill="${p.zari}"/>` +
          `<rect x="19" width="1" height="10" fill="${p.light}" fill-opacity=".6"/>`,
      );
    case "pinstripe":
      return tile(18, 10, `<rect width="1.4" height="10" fill="${p.light}" fill-opacity=".55"/>`);
    case "checks":
      return tile(
        64,
        64,
        `<g fill="${p.accent}" fill-opacity=".35"><rect width="18" height="64"/><rect width="64" height="18"/></g>` +
          `<g fill="${p.light}" fill-opacity=".45"><rect x="32" width="2" height="64"/><rect y="32" width="64" height="2"/></g>` +
          `<g fill="${p.zari}" fill-opacity=".6"><rect x="44" width="1.2" height="64"/><rect y="44" width="64" height="1.2"/></g>`,
      );
    case "block": {
      const ring = `<circle cx="32" cy="32" r="13" fill="none" stroke="${p.accent}" stroke-width="3"/>`;
      return tile(
        64,
        64,
        ring +
          flower(32, 32, 10, p.light, p.accent, 6) +
          `<g fill="${p.accent}"><circle cx="0" cy="0" r="3"/><circle cx="64" cy="0" r="3"/><circle cx="0" cy="64" r="3"/><circle cx="64" cy="64" r="3"/></g>` +
          leaf(0, 32, 9, 0, p.accent) +
          leaf(64, 32, 9, 180, p.accent) +
          leaf(32, 0, 9, 90, p.accent) +
          leaf(32, 64, 9, -90, p.accent),
      );
    }
    case "chikan": {
      const white = p.light;
      return tile(
        60,
        60,
        `<g opacity=".85">${flower(15, 15, 8, white, darken(p.base, 0.1))}` +
          leaf(20, 22, 9, 40, white) +
          leaf(10, 22, 9, 140, white) +
          `<g fill="${white}"><circle cx="45" cy="40" r="1.6"/><circle cx="50" cy="45" r="1.6"/><circle cx="40" cy="45" r="1.6"/><circle cx="45" cy="50" r="1.6"/></g>` +
          `<path d="M28 30 C34 34 36 40 44 38" fill="none" stroke="${white}" stroke-width="1" stroke-dasharray="2 2"/></g>`,
      );
    }
    case "ikat": {
      const d = (cx: number, cy: number, w: number, h: number) =>
        `M${cx - w} ${cy} L${cx} ${cy - h} L${cx + w} ${cy} L${cx} ${cy + h}Z`;
      const jag = [-6, -2, 2, 6]
        .map(
          (o) =>
            `<rect x="${34 + o * 3}" y="${8 + Math.abs(o) * 2}" width="4" height="${32 - Math.abs(o) * 4}" fill="${p.accent}" fill-opacity=".35"/>`,
        )
        .join("");
      return tile(
        72,
        48,
        jag +
          `<path d="${d(36, 24, 20, 16)}" fill="${p.accent}"/>` +
          `<path d="${d(36, 24, 10, 8)}" fill="${p.light}" fill-opacity=".85"/>` +
          `<path d="${d(0, 0, 10, 8)} ${d(72, 0, 10, 8)} ${d(0, 48, 10, 8)} ${d(72, 48, 10, 8)}" fill="${p.zari}" fill-opacity=".8"/>`,
      );
    }
    case "bandhani": {
      const dots: string[] = [];
      for (let i = 0; i < 8; i++) {
        const a = (i * Math.PI) / 4;
        dots.push(
          `<circle cx="${(18 + Math.cos(a) * 7).toFixed(1)}" cy="${(18 + Math.sin(a) * 7).toFixed(1)}" r="1.5"/>`,
        );
      }
      return tile(
        36,
        36,
        `<g fill="${p.light}">${dots.join("")}<circle cx="18" cy="18" r="2"/><circle cx="0" cy="0" r="1.4"/><circle cx="36" cy="0" r="1.4"/><circle cx="0" cy="36" r="1.4"/><circle cx="36" cy="36" r="1.4"/></g>`,
      );
    }
    case "leheriya":
      return tile(
        80,
        26,
        `<path d="M0 6 Q20 0 40 6 T80 6" fill="none" stroke="${p.accent}" stroke-width="6"/>` +
          `<path d="M0 17 Q20 11 40 17 T80 17" fill="none" stroke="${p.light}" stroke-opacity=".7" stroke-width="2.4"/>` +
          `<path d="M0 22 Q20 16 40 22 T80 22" fill="none" stroke="${p.zari}" stroke-opacity=".6" stroke-width="1.2"/>`,
        -32,
      );
    case "zari":
      return tile(
        40,
        40,
        `<path d="M0 20 L20 0 L40 20 L20 40Z" fill="none" stroke="${p.zari}" stroke-width="1.3" stroke-opacity=".9"/>` +
          `<g fill="${p.zari}"><circle cx="20" cy="20" r="2.6"/><circle cx="0" cy="20" r="1.3"/><circle cx="40" cy="20" r="1.3"/><circle cx="20" cy="0" r="1.3"/><circle cx="20" cy="40" r="1.3"/></g>`,
      );
    case "floral":
      return tile(
        96,
        96,
        flower(24, 26, 15, p.light, p.zari) +
          leaf(34, 36, 14, 35, p.accent) +
          leaf(14, 36, 12, 140, p.accent) +
          flower(72, 72, 11, p.accent, p.light) +
          leaf(80, 80, 11, 40, p.light) +
          `<g fill="${p.light}"><circle cx="70" cy="22" r="2.4"/><circle cx="24" cy="74" r="2.4"/></g>`,
      );
  }
}
