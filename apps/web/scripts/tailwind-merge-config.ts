/**
 * `node apps/web/scripts/tailwind-merge-config.ts`: writes app/components/ui/tailwind-merge-config.ts,
 * tailwind-merge's own default configuration cut down to the class groups this app's classes
 * belong to (record 0053). `cn()` merges with it exactly as with the full `twMerge` for every class
 * the app's source names (a class of a group left out would pass through unmerged), at ~2.6 KB of
 * gzipped script instead of ~8 KB on every page. cn.test.ts fails when the file is out of date:
 * run this again after adding classes of a kind the app did not use before.
 *
 * How: every word of the app's source that the full twMerge knows as a Tailwind class (it drops
 * a repeat of it) is tested against each of the default configuration's class groups alone; the
 * groups that claim one are kept, with their conflicts among themselves and the theme scales they
 * read. Nothing is merged by code of ours: the file is data for tailwind-merge's createTailwindMerge.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { createTailwindMerge, getDefaultConfig, twMerge, validators } from "tailwind-merge";

const web = path.resolve(import.meta.dirname, "..");
export const CONFIG_FILE = path.join(web, "app/components/ui/tailwind-merge-config.ts");

/** Every word of the app's source (.ts, .tsx) that the full twMerge takes for a Tailwind class. */
export function appClasses(): string[] {
  const words = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.tsx?$/.test(entry.name) && file !== CONFIG_FILE) {
        // Every word, comments' too: a superset of the classes, whatever quotes hold them.
        for (const word of readFileSync(file, "utf8").split(/[\s"'`{}(),;]+/)) words.add(word);
      }
    }
  };
  walk(path.join(web, "app"));
  return [...words].filter((w) => w.length > 0 && twMerge(`${w} ${w}`) === w).sort();
}

type Config = ReturnType<typeof getDefaultConfig>;

/** Which theme scale a getter made by fromTheme(key) reads. */
function themeKeyOf(getter: (theme: Record<string, unknown>) => unknown): string {
  let key = "";
  getter(
    new Proxy(
      {},
      {
        get: (_t, k) => {
          key = String(k);
          return [];
        },
      },
    ),
  );
  return key;
}

const validatorNames = new Map<unknown, string>(
  Object.entries(validators).map(([name, fn]) => [fn, name]),
);

function source(value: unknown, themeKeys: Set<string>): string {
  if (typeof value === "string") return JSON.stringify(value);
  if (typeof value === "function") {
    const name = validatorNames.get(value);
    if (name) return `v.${name}`;
    if ((value as { isThemeGetter?: boolean }).isThemeGetter) {
      const key = themeKeyOf(value as (theme: Record<string, unknown>) => unknown);
      themeKeys.add(key);
      return `t(${JSON.stringify(key)})`;
    }
    throw new Error(`An unknown function in tailwind-merge's configuration: ${String(value)}`);
  }
  if (Array.isArray(value)) return `[${value.map((v) => source(v, themeKeys)).join(",")}]`;
  if (value && typeof value === "object") {
    return `{${Object.entries(value)
      .map(([k, v]) => `${JSON.stringify(k)}:${source(v, themeKeys)}`)
      .join(",")}}`;
  }
  throw new Error(`An unexpected value in tailwind-merge's configuration: ${String(value)}`);
}

/** A class group's definition, loosely typed (the default configuration's types are literal). */
type Part = string | ((value: string) => boolean) | { [prefix: string]: readonly Part[] };
type Definition = readonly Part[];

/**
 * The groups of the default configuration that claim one of the classes, each with only the parts
 * of its definition (values, validators, theme scales, prefixes) that claim one: what a class of
 * the app matches is kept whole, so each still falls in the same group, and what none matches
 * (cursor-zoom-in, the sixty other display values) is left out.
 */
export function usedGroups(
  classes: string[],
  config: Config = getDefaultConfig(),
): Record<string, Definition> {
  const only = (groups: Record<string, Definition>) =>
    createTailwindMerge(() => ({
      ...config,
      classGroups: groups as unknown as Config["classGroups"],
      conflictingClassGroups: {},
      conflictingClassGroupModifiers: {},
      postfixLookupClassGroups: [],
    }));
  // Arbitrary properties ([scrollbar-width:none]) are merged by property, in no group.
  const none = only({});
  const grouped = classes.filter((c) => none(`${c} ${c}`) !== c);
  const claims = (group: string, definition: Definition, among: string[]) => {
    const merge = only({ [group]: definition });
    return among.filter((c) => merge(`${c} ${c}`) === c);
  };
  const used: Record<string, Definition> = {};
  const all = config.classGroups as unknown as Record<string, Definition>;
  for (const [group, definition] of Object.entries(all)) {
    const mine = claims(group, definition, grouped);
    if (mine.length === 0) continue;
    // The parts of a list that claim one of the group's classes; `wrap` puts a list back where
    // it sits in the group's definition ({ prefix: [list] } nested as deep as it is).
    const prune = (parts: readonly Part[], wrap: (list: Part[]) => Definition): Part[] =>
      parts.flatMap((part): Part[] => {
        if (part && typeof part === "object" && !Array.isArray(part)) {
          const kept: Record<string, Part[]> = {};
          for (const [key, list] of Object.entries(part)) {
            const inner = prune(list, (l) => wrap([{ [key]: l }]));
            if (inner.length > 0) kept[key] = inner;
          }
          return Object.keys(kept).length > 0 ? [kept] : [];
        }
        return claims(group, wrap([part]), mine).length > 0 ? [part] : [];
      });
    used[group] = prune(definition, (list) => list);
  }
  return used;
}

/** The module's text. */
export function generate(): string {
  const config = getDefaultConfig();
  const classes = appClasses();
  const used = usedGroups(classes, config);
  const groups = new Set(Object.keys(used));
  const pick = <T>(record: Record<string, T>) =>
    Object.fromEntries(Object.entries(record).filter(([k]) => groups.has(k)));
  const within = (record: Record<string, readonly string[]>) =>
    Object.fromEntries(
      Object.entries(pick(record))
        .map(([k, list]) => [k, list.filter((g) => groups.has(g))] as const)
        .filter(([, list]) => list.length > 0),
    );
  const themeKeys = new Set<string>();
  const classGroups = source(used, themeKeys);
  // The scales the kept groups read, and the scales those read in turn.
  const theme: Record<string, unknown> = {};
  for (let size = -1; size !== themeKeys.size; ) {
    size = themeKeys.size;
    for (const key of [...themeKeys]) {
      theme[key] = config.theme[key as keyof Config["theme"]];
      source(theme[key], themeKeys);
    }
  }
  const sortedTheme = Object.fromEntries(
    Object.entries(theme).sort(([a], [b]) => (a < b ? -1 : 1)),
  );
  const body = [
    `cacheSize:${config.cacheSize}`,
    `theme:${source(sortedTheme, new Set())}`,
    `classGroups:${classGroups}`,
    `conflictingClassGroups:${source(within(config.conflictingClassGroups), new Set())}`,
    `conflictingClassGroupModifiers:${source(within(config.conflictingClassGroupModifiers), new Set())}`,
    `postfixLookupClassGroups:${source(
      (config.postfixLookupClassGroups ?? []).filter((g) => groups.has(g)),
      new Set(),
    )}`,
    `orderSensitiveModifiers:${source(config.orderSensitiveModifiers, new Set())}`,
  ];
  return [
    "// Generated by apps/web/scripts/tailwind-merge-config.ts (record 0053); do not edit: run it again.",
    `// tailwind-merge's default configuration, only the ${groups.size} of its ${Object.keys(config.classGroups).length} class groups that the app's ${classes.length} Tailwind classes use.`,
    'import { fromTheme as t, validators as v } from "tailwind-merge";',
    "",
    "// biome-ignore format: generated data",
    `export const config = {${body.join(",")}};`,
    "",
  ].join("\n");
}

if (import.meta.filename === process.argv[1]) {
  writeFileSync(CONFIG_FILE, generate());
  console.log(`Wrote ${path.relative(process.cwd(), CONFIG_FILE)}`);
}
