/**
 * The store's two typefaces, latin subset only: Inter (text) and Cormorant Garamond (display),
 * upright only, variable weights, served from our own origin with `font-display: swap`.
 *
 * No italic face: only the home page's tagline used it, and its 40 KB were requested before the
 * first paint of every visit to the home page (Lighthouse counts them in the first paint on a
 * phone's connection). The tagline is set upright; an italic elsewhere is the browser's slant.
 *
 * Only the latin files are declared. Fontsource's stylesheets also declare latin-ext, cyrillic,
 * greek and vietnamese faces, and the rupee sign (U+20B9) falls in latin-ext's range, so every
 * page with a price downloaded a second 86 KB Inter file for that one glyph; it now comes from the
 * next font of the stack (system-ui, Roboto, Segoe UI…), which all draw it.
 *
 * Not preloaded: on a phone's connection the two preloads (88 KB) competed with the stylesheet and
 * held back the first paint; the faces now load as soon as the styled text needs them, the
 * fallback showing meanwhile (swap). Record 0022.
 */
import cormorantNormal from "@fontsource-variable/cormorant-garamond/files/cormorant-garamond-latin-wght-normal.woff2?url";
import interNormal from "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url";

/** Fontsource's latin range (Basic Latin, Latin-1, general punctuation, €, ™ …). */
const LATIN =
  "U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD";

type Face = { family: string; style: "normal" | "italic"; weight: string; url: string };

const FACES: Face[] = [
  { family: "Inter Variable", style: "normal", weight: "100 900", url: interNormal },
  {
    family: "Cormorant Garamond Variable",
    style: "normal",
    weight: "300 700",
    url: cormorantNormal,
  },
];

/**
 * The @font-face rules, for a `<style>` in the document's head. Written without quotes or angle
 * brackets (unquoted family names and URLs are valid CSS), so that no HTML escaping can alter them.
 */
export const fontFaceCss = FACES.map(
  (f) =>
    `@font-face{font-family:${f.family};font-style:${f.style};font-display:swap;font-weight:${f.weight};src:url(${f.url});unicode-range:${LATIN}}`,
).join("");
