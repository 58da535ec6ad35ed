/**
 * Stored-XSS payloads for e2e/xss.spec.ts: 200, generated from shapes × spellings. Each one, if a
 * page ever ran it, calls `xss(<its number>)`, a function the spec exposes to every page; the
 * number names the payload that got through. `xss` (not a longer name) so that payloads fit the
 * short fields too (a size is at most 20 characters).
 */

/**
 * A payload shape: `⚑` stands for the call `xss(<id>)`, `⚐` for the bare id (for a shape that
 * spells the call its own way).
 */
type Shape = { kind: "html" | "url" | "css"; text: string };

const SHAPES: Shape[] = [
  // Plain tags and event handlers.
  { kind: "html", text: "<script>⚑</script>" },
  { kind: "html", text: "<img src=x onerror=⚑>" },
  { kind: "html", text: "<svg onload=⚑>" },
  { kind: "html", text: "<svg><script>⚑</script></svg>" },
  { kind: "html", text: "<details open ontoggle=⚑>" },
  { kind: "html", text: "<input autofocus onfocus=⚑>" },
  { kind: "html", text: "<body onload=⚑>" },
  { kind: "html", text: "<iframe srcdoc='<script>parent.⚑</script>'>" },
  { kind: "html", text: "<a href=javascript:⚑>x</a>" },
  { kind: "html", text: "<video><source onerror=⚑>" },
  // Breaking out of attributes, scripts, comments and JSON in the page.
  { kind: "html", text: '"><img src=x onerror=⚑>' },
  { kind: "html", text: "'><svg onload=⚑>" },
  { kind: "html", text: '" autofocus onfocus="⚑" x="' },
  { kind: "html", text: "' onmouseover='⚑' x='" },
  { kind: "html", text: "</script><script>⚑</script>" },
  { kind: "html", text: "</textarea><script>⚑</script>" },
  { kind: "html", text: "</title><script>⚑</script>" },
  { kind: "html", text: '<!--<img src="--><img src=x onerror=⚑//">' },
  { kind: "html", text: '\\"});⚑;//' },
  // Templates: ⚑{} and {{}} in template literals, Angular/Vue-style mustaches, server templates.
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe
  { kind: "html", text: "${⚑}" },
  { kind: "html", text: "{{⚑}}" },
  { kind: "html", text: "{{constructor.constructor('⚑')()}}" },
  { kind: "html", text: "<%= ⚑ %>" },
  // Mutation XSS: markup a sanitiser reads one way and the browser re-parses another.
  { kind: "html", text: '<noscript><p title="</noscript><img src=x onerror=⚑>">' },
  { kind: "html", text: "<math><mtext><table><mglyph><style><img src=x onerror=⚑>" },
  { kind: "html", text: '<svg></p><style><a id="</style><img src=1 onerror=⚑>">' },
  {
    kind: "html",
    text: "<form><math><mtext></form><form><mglyph><svg><mtext><style><img src onerror=⚑>",
  },
  // Unicode and entity escapes.
  { kind: "html", text: "\\u003cimg src=x onerror=⚑\\u003e" },
  { kind: "html", text: "&lt;img src=x onerror=⚑&gt;" },
  { kind: "html", text: "＜script＞⚑＜/script＞" },
  // The call spelt with a Unicode escape in the identifier (still xss(<id>) when it runs).
  { kind: "html", text: "<img src=x onerror=\\u0078ss(⚐)>" },
  // URLs (links, buttons, images).
  { kind: "url", text: "javascript:⚑" },
  { kind: "url", text: "JaVaScRiPt:⚑" },
  { kind: "url", text: " javascript:⚑" },
  { kind: "url", text: "java\tscript:⚑" },
  { kind: "url", text: "jav&#x61;script:⚑" },
  { kind: "url", text: "data:text/html,<script>⚑</script>" },
  { kind: "url", text: "vbscript:⚑" },
  // CSS: expressions, url(javascript:), breaking out of <style>.
  { kind: "css", text: "</style><script>⚑</script>" },
  { kind: "css", text: "x{width:expression(⚑)}" },
  { kind: "css", text: 'x{background:url("javascript:⚑")}' },
  { kind: "css", text: "@import 'javascript:⚑';" },
  { kind: "css", text: "x{behavior:url(#default#⚑)}" },
  { kind: "css", text: "</style><img src=x onerror=⚑>" },
];

/** Spellings that slip past naive filters: case, separators, quotes. */
const SPELLINGS: Array<(s: string) => string> = [
  (s) => s,
  (s) => s.replace(/<(\w)/g, (_, c: string) => `<${c.toUpperCase()}`),
  (s) => s.replaceAll(" on", "/on"),
  (s) => s.replaceAll(" on", "\n on"),
  (s) => s.replaceAll("=x", '="x"'),
];

export type Payload = { id: number; kind: Shape["kind"]; text: string };

function fill(template: string, id: number): string {
  return template.replaceAll("⚑", `xss(${id})`).replaceAll("⚐", String(id));
}

/** The payload numbers in a text, however the payload spells its call. */
export function payloadIdsIn(text: string): number[] {
  return [...new Set([...text.matchAll(/(?:xss|\\u0078ss)\((\d+)\)/g)].map((m) => Number(m[1])))];
}

function build(): Payload[] {
  const out: Payload[] = [];
  const seen = new Set<string>();
  // Spelling by spelling, so the first payloads cover every shape once.
  for (const spell of SPELLINGS) {
    for (const shape of SHAPES) {
      const template = spell(shape.text);
      if (seen.has(template)) continue;
      seen.add(template);
      const id = out.length + 1;
      out.push({ id, kind: shape.kind, text: fill(template, id) });
      if (out.length === 200) return out;
    }
  }
  // Fewer distinct spellings than needed: repeat shapes with new numbers.
  for (let i = 0; out.length < 200; i++) {
    const shape = SHAPES[i % SHAPES.length]!;
    const id = out.length + 1;
    out.push({ id, kind: shape.kind, text: fill(shape.text, id) });
  }
  return out;
}

export const PAYLOADS: Payload[] = build();

/**
 * Hands out payloads so that together the fields carry every one, each field within its own
 * length limit. Payloads wait in a queue: a field takes, in order, those that still fit in its
 * `max` characters and leaves the longer ones for a roomier field (a 20-character size cannot
 * hold a mutation-XSS payload, a 5,000-character description can). Once the queue is empty a new
 * round starts, so a field dealt late still gets payloads. `covered()` counts the payloads dealt
 * at least once: the spec checks it is all of them.
 */
export function payloadDealer() {
  let queue: Payload[] = [];
  const dealt = new Set<number>();

  const take = (max: number, kinds: Array<Payload["kind"]> = ["html", "url", "css"]): string => {
    const fits = (p: Payload) => kinds.includes(p.kind) && p.text.length <= max;
    if (!queue.some(fits)) queue = [...queue, ...PAYLOADS];
    const parts: string[] = [];
    let length = 0;
    queue = queue.filter((p) => {
      const extra = p.text.length + (parts.length ? 1 : 0);
      if (!kinds.includes(p.kind) || length + extra > max) return true;
      parts.push(p.text);
      length += extra;
      dealt.add(p.id);
      return false;
    });
    return parts.join(" ");
  };
  return {
    /** As many payloads as fit in `max` characters, joined by spaces. */
    take,
    /** One payload for a URL field. */
    url: (): string => {
      if (!queue.some((p) => p.kind === "url")) queue = [...queue, ...PAYLOADS];
      const p = queue.find((q) => q.kind === "url")!;
      queue = queue.filter((q) => q !== p);
      dealt.add(p.id);
      return p.text;
    },
    /** As many as fit, for a CSS field. */
    css: (max: number) => take(max, ["css"]),
    covered: (): number => dealt.size,
  };
}
