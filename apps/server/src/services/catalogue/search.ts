/**
 * Product search: typo-tolerant (pg_trgm) and stem-aware (full text, 'english'), over
 * products.search_document, which this module keeps, and the weighted search_vector PostgreSQL
 * derives from it.
 *
 * - The query is split into words (stop words and one-letter words dropped, a few Indian spelling
 *   variants added: sari → saree, kurtha → kurta …).
 * - Typos: each word is looked up in the vocabulary of the catalogue's titles, categories, colours
 *   and genders (search_words, trigram-indexed); the words resembling it ('kurtta' → kurta) are
 *   searched with it.
 * - Matching and ranking are full-text operations on the stored, weighted search_vector, answered
 *   by its GIN index: no product's text is re-read or re-parsed per search, which is what keeps a
 *   broad search cheap on 100,000 products (docs/performance.md).
 * - The results are the products that match the most query words (every word when some product
 *   has them all, otherwise the best partial matches), ranked by where the words match.
 * - With the read model, the list index answers the same from postings in memory (searchPlan
 *   gives it the lexemes; search-index.ts, record 0063); this SQL answers when it cannot.
 */
import { inArray, type SQL, sql } from "drizzle-orm";
import { type DbOrTx, rowsOf } from "../../db/client.ts";
import { products, searchWords } from "../../db/schema.ts";
import { qualified } from "./sql.ts";

const MAX_WORDS = 8;
const MAX_WORD_LENGTH = 40;

const STOP_WORDS = new Set([
  "a",
  "an",
  "and",
  "at",
  "by",
  "for",
  "from",
  "in",
  "of",
  "on",
  "or",
  "the",
  "to",
  "with",
]);

/** Common alternative spellings: the word also matches these. */
const VARIANTS: Record<string, string[]> = {
  sari: ["saree"],
  saris: ["sarees"],
  kurtha: ["kurta"],
  kurthas: ["kurtas"],
  kurtis: ["kurti"],
  lehnga: ["lehenga"],
  lengha: ["lehenga"],
  dupata: ["dupatta"],
  shalwar: ["salwar"],
  pajama: ["pyjama"],
  pyjama: ["pajama"],
  tshirt: ["t shirt"],
  tshirts: ["t shirts"],
  tee: ["t shirt"],
};

/** The words of a search, each with its variants; empty when nothing searchable is left. */
export function searchTerms(search: string): string[][] {
  const all =
    search
      .normalize("NFKC")
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? [];
  const unique = [...new Set(all.map((w) => w.slice(0, MAX_WORD_LENGTH)))];
  const meaningful = unique.filter((w) => !STOP_WORDS.has(w) && (w.length > 1 || /\d/.test(w)));
  const words = (meaningful.length > 0 ? meaningful : unique).slice(0, MAX_WORDS);
  // Own keys only: a search for "constructor" or "__proto__" must not find Object's members.
  return words.map((w) => [w, ...(Object.hasOwn(VARIANTS, w) ? (VARIANTS[w] ?? []) : [])]);
}

const FTS_CONFIG = sql.raw("'english'::regconfig");
const doc = qualified(products.searchDocument);
/** The weighted document (title A; categories, colours, gender B; description D), GIN-indexed. */
const vector = qualified(products.searchVector);
/** At most this many vocabulary words stand in for one search word (the closest first). */
const MAX_CORRECTIONS = 8;

/**
 * The vocabulary words (search_words) that resemble each single search word: pg_trgm word
 * similarity of the search word to the vocabulary word at least its threshold (0.6 by default, the
 * `%>` operator, served by the vocabulary's trigram index), so 'kurtta' gives 'kurta'. A word
 * spelled right is its own first correction, with its close relatives ('kurta': kurtas, kurti).
 */
async function correctionsOf(db: DbOrTx, words: string[]): Promise<Map<string, string[]>> {
  const found = new Map<string, string[]>();
  const corrections = correctionsQuery(words);
  if (!corrections) return found;
  const rows = rowsOf<{ v: string; word: string }>(await db.execute(corrections));
  for (const { v, word } of rows) found.set(v, [...(found.get(v) ?? []), word]);
  return found;
}

/** The statement behind correctionsOf: rows (v, word); undefined when no word is single. */
function correctionsQuery(words: string[]): SQL | undefined {
  const single = words.filter((w) => !w.includes(" "));
  if (single.length === 0) return undefined;
  return sql`select t.v, w.word
      from (values ${sql.join(
        single.map((v) => sql`(${v}::text)`),
        sql`, `,
      )}) as t(v)
      cross join lateral (
        select s.word from search_words s where s.word %> t.v
        order by word_similarity(t.v, s.word) desc, s.word
        limit ${MAX_CORRECTIONS}
      ) w`;
}

/**
 * The text of a to_tsquery: the alternatives OR-ed, a many-word alternative ('t shirt') as its
 * words AND-ed, each word restricted to the given weights ('A': the title) when there are any.
 * Safe to hand to to_tsquery: every word is letters and digits only (searchTerms, search_words).
 */
function queryText(alternatives: readonly string[], weights = ""): string {
  const label = weights ? `:${weights}` : "";
  return alternatives
    .map((alternative) => {
      const parts = alternative.split(" ").map((part) => `${part}${label}`);
      return parts.length > 1 ? `(${parts.join(" & ")})` : parts[0];
    })
    .join(" | ");
}

/** Each search word's alternatives: as typed (with its variants), and with its corrections too. */
async function wordsOf(
  db: DbOrTx,
  terms: string[][],
): Promise<Array<{ typed: string[]; all: string[] }>> {
  return wordsWith(terms, await correctionsOf(db, [...new Set(terms.flat())]));
}

function wordsWith(
  terms: string[][],
  corrections: Map<string, string[]>,
): Array<{ typed: string[]; all: string[] }> {
  return terms.map((typed) => {
    const all = new Set(typed);
    for (const v of typed) for (const c of corrections.get(v) ?? []) all.add(c);
    return { typed, all: [...all] };
  });
}

/**
 * A search as lexemes, for answering it from memory (search-index.ts) exactly as
 * searchProductIds's SQL does: per word, its alternatives (as typed, and all) each as the lexemes
 * to_tsquery makes of its parts (a part that is a stop word left out, an alternative with none
 * left out), and, for a search of several words, the phrase its typed words make
 * (phraseto_tsquery) as lexemes with their distances from the first. Undefined when PostgreSQL
 * turns a part into anything but one lexeme (or the phrase into anything but a chain of them):
 * then only the SQL answers it.
 */
export type SearchPlan = {
  words: Array<{ typed: string[][]; all: string[][] }>;
  /** The phrase's lexemes and their distance from its first; empty: matches nothing. */
  phrase?: Array<{ lexeme: string; at: number }>;
};

export async function searchPlan(db: DbOrTx, terms: string[][]): Promise<SearchPlan | undefined> {
  // One statement: the corrections (as correctionsOf), the lexeme of every part of the typed
  // words, their variants and the corrections, and the phrase.
  const corrections =
    correctionsQuery([...new Set(terms.flat())]) ??
    sql`select null::text as v, null::text as word where false`;
  const typedParts = [...new Set(terms.flat().flatMap((a) => a.split(" ")))];
  const phrase = terms.map((word) => word[0]).join(" ");
  const rows = rowsOf<{ kind: "c" | "l" | "p"; part: string | null; q: string }>(
    await db.execute(sql`with c as (${corrections})
      select 'c' as kind, c.v as part, c.word as q from c
      union all
      select 'l', p.part, to_tsquery(${FTS_CONFIG}, p.part)::text
        from (select c.word from c union select t.part from (values ${sql.join(
          typedParts.map((part) => sql`(${part}::text)`),
          sql`, `,
        )}) as t(part)) as p(part)
      union all select 'p', null, phraseto_tsquery(${FTS_CONFIG}, ${phrase})::text`),
  );
  const found = new Map<string, string[]>();
  for (const { kind, part, q } of rows) {
    if (kind === "c" && part !== null) found.set(part, [...(found.get(part) ?? []), q]);
  }
  const words = wordsWith(terms, found);
  const lexemeOf = new Map<string, string | null>();
  let phraseText = "";
  for (const { kind, part, q } of rows) {
    if (kind === "c" || part === null) {
      if (kind === "p") phraseText = q;
      continue;
    }
    const lexeme = q === "" ? null : /^'([^']+)'$/.exec(q)?.[1];
    if (lexeme === undefined) return undefined;
    lexemeOf.set(part, lexeme);
  }
  const asLexemes = (alternatives: string[]) =>
    alternatives
      .map((alternative) =>
        alternative.split(" ").flatMap((part) => {
          const lexeme = lexemeOf.get(part);
          return lexeme ? [lexeme] : [];
        }),
      )
      .filter((lexemes) => lexemes.length > 0);
  const plan: SearchPlan = {
    words: words.map(({ typed, all }) => ({ typed: asLexemes(typed), all: asLexemes(all) })),
  };
  if (terms.length > 1) {
    // 'a' <-> 'b' <2> 'c': each lexeme at its distance from the first.
    const chain: Array<{ lexeme: string; at: number }> = [];
    const pattern = /\s*(?:<(-|\d+)>\s*)?'([^']+)'/y;
    let at = 0;
    let end = 0;
    for (let match = pattern.exec(phraseText); match; match = pattern.exec(phraseText)) {
      const [, distance, lexeme] = match;
      if ((distance === undefined) !== (chain.length === 0)) return undefined;
      at += distance === undefined ? 0 : distance === "-" ? 1 : Number(distance);
      chain.push({ lexeme: lexeme!, at });
      end = pattern.lastIndex;
    }
    if (phraseText.slice(end).trim() !== "") return undefined;
    plan.phrase = chain;
  }
  return plan;
}

export type SearchOrder = (columns: {
  id: SQL;
  createdAt: SQL;
  pricePaise: SQL;
  score?: SQL;
}) => SQL[];

/**
 * One page of the products matching the search and the filter conditions (written against the
 * products table), as ids in order, with the number of matches in all.
 *
 * Each search word stands for itself, its spelling variants and its corrections from the
 * vocabulary; a product matches the word when its weighted document (products.search_vector)
 * matches any of them by full text, which the document's GIN index answers without reading any
 * product that does not match. Only the products matching the most words are kept (every word when
 * some product has them all). A word scores by where it matches: in the title 3, in the categories,
 * colours or gender 2, and the word as typed (rather than a correction) 2 more in the title, 1
 * elsewhere; a search of several words also scores 2 when the title has them as a phrase.
 */
export async function searchProductIds(
  db: DbOrTx,
  options: {
    terms: string[][];
    conditions: SQL[];
    order: SearchOrder;
    limit: number;
    offset: number;
  },
): Promise<{ ids: string[]; total: number }> {
  const { terms } = options;
  const words = await wordsOf(db, terms);

  // The tsqueries, built once per search in a one-row CTE: per word, what it matches anywhere, in
  // the title, in the categories/colours/gender, and as typed in the title and anywhere.
  const tsquery = (text: string) => sql`to_tsquery(${FTS_CONFIG}, ${text})`;
  const queryColumns: SQL[] = words.flatMap(({ typed, all }, i) => [
    sql`${tsquery(queryText(all))} as ${sql.raw(`m${i}`)}`,
    sql`${tsquery(queryText(all, "A"))} as ${sql.raw(`a${i}`)}`,
    sql`${tsquery(queryText(all, "B"))} as ${sql.raw(`b${i}`)}`,
    sql`${tsquery(queryText(typed, "A"))} as ${sql.raw(`ta${i}`)}`,
    sql`${tsquery(queryText(typed))} as ${sql.raw(`t${i}`)}`,
  ]);
  const phrase = terms.map((word) => word[0]).join(" ");
  if (terms.length > 1) {
    queryColumns.push(sql`phraseto_tsquery(${FTS_CONFIG}, ${phrase}) as phrase`);
  }
  const hit = (column: string) => sql`(${vector} @@ q.${sql.raw(column)})::int`;
  const matchedWords = words.map((_, i) => hit(`m${i}`));
  const wordScores = words.map(
    (_, i) =>
      sql`${hit(`m${i}`)} + 3 * ${hit(`a${i}`)} + 2 * ${hit(`b${i}`)} + 2 * ${hit(`ta${i}`)} + ${hit(`t${i}`)}`,
  );
  const phraseBonus = terms.length > 1 ? sql` + 2 * ${hit("phrase")}` : sql``;
  const order = options.order({
    id: sql`r.id`,
    createdAt: sql`r.created_at`,
    pricePaise: sql`r.price_paise`,
    score: sql`r.score`,
  });

  // When some product matches every word, exactly those are kept: look for them first (an AND of
  // the words' conditions, through the index), so that a common word ('men', 'wear') does not make
  // every product that has it a candidate. Otherwise, the best partial matches.
  if (terms.length > 1) {
    const found = await rankedPage(
      sql.join(
        words.map((_, i) => sql`${vector} @@ q.${sql.raw(`m${i}`)}`),
        sql` and `,
      ),
    );
    if (found.total > 0) return found;
  }
  return rankedPage(
    sql`(${sql.join(
      words.map((_, i) => sql`${vector} @@ q.${sql.raw(`m${i}`)}`),
      sql` or `,
    )})`,
  );

  async function rankedPage(matching: SQL): Promise<{ ids: string[]; total: number }> {
    const where = sql.join([...options.conditions, matching], sql` and `);
    // One word: every match matches it, so there is no best count to look for.
    const best = terms.length > 1 ? sql`max(s.matched) over ()` : sql`s.matched`;
    const ranked = sql`with q as materialized (select ${sql.join(queryColumns, sql`, `)}),
    scored as (
      select ${qualified(products.id)} as id, ${qualified(products.createdAt)} as created_at,
        ${qualified(products.pricePaise)} as price_paise,
        (${sql.join(matchedWords, sql` + `)}) as matched,
        (${sql.join(wordScores, sql` + `)}${phraseBonus}) as score
      from ${products} cross join q
      where ${where}
    ),
    ranked as (select s.*, ${best} as best from scored s)`;
    const page = rowsOf<{ id: string; total: number | string }>(
      await db.execute(sql`${ranked}
      select r.id, (count(*) over ())::int as total from ranked r where r.matched = r.best
      order by ${sql.join(order, sql`, `)}
      limit ${options.limit} offset ${options.offset}`),
    );
    if (page.length > 0 || options.offset === 0) {
      return { ids: page.map((r) => r.id), total: Number(page[0]?.total ?? 0) };
    }
    // Past the last page: the count alone.
    const [counted] = rowsOf<{ total: number | string }>(
      await db.execute(
        sql`${ranked} select count(*)::int as total from ranked r where r.matched = r.best`,
      ),
    );
    return { ids: [], total: Number(counted?.total ?? 0) };
  }
}

/** The search document of each product: title; category names, colours, gender; description. */
const searchDocumentOf = sql`regexp_replace(${products.title}, '\\s+', ' ', 'g') || E'\\n' ||
  concat_ws(' ',
    (select string_agg(c.name, ' ' order by pc.position, c.name)
       from product_categories pc join categories c on c.id = pc.category_id
      where pc.product_id = ${qualified(products.id)}),
    array_to_string(${products.colors}, ' '),
    ${products.gender}::text) || E'\\n' ||
  regexp_replace(${products.description}, '\\s+', ' ', 'g')`;

/**
 * What the admin's product search matches (record 0041): the title, category names, colours,
 * gender, fabric, the product's SKU and its sizes' SKUs, folded (lower case, no accents).
 */
const adminSearchOf = sql`fold_text(concat_ws(' ',
    regexp_replace(${products.title}, '\\s+', ' ', 'g'),
    (select string_agg(c.name, ' ' order by pc.position, c.name)
       from product_categories pc join categories c on c.id = pc.category_id
      where pc.product_id = ${qualified(products.id)}),
    array_to_string(${products.colors}, ' '),
    ${products.gender}::text,
    ${products.fabric},
    ${products.sku},
    (select string_agg(ps.sku, ' ' order by ps.position)
       from product_sizes ps where ps.product_id = ${qualified(products.id)})))`;

/**
 * Adds the words of these products' titles, categories, colours and genders to the vocabulary
 * (search_words) that typo correction looks in. The migration that made the table (0004) filled it
 * with the same expression.
 */
async function addSearchWords(tx: DbOrTx, which: SQL | undefined): Promise<void> {
  await tx.execute(sql`insert into ${searchWords} (word)
    select distinct w from ${products},
      regexp_split_to_table(lower(split_part(${doc}, E'\\n', 1) || ' ' || split_part(${doc}, E'\\n', 2)), '[^[:alnum:]]+') as w
    where length(w) > 1${which ? sql` and ${which}` : sql``}
    on conflict do nothing`);
}

/**
 * Rebuilds the search document of these products ("all": every product), and with it their
 * search vector and vocabulary. Writers call it in the transaction that changes a product's title,
 * description, colours, gender or categories, and after renaming or deleting a category (with that
 * category's products, or "all").
 */
export async function refreshSearchDocument(
  tx: DbOrTx,
  productIds: readonly string[] | "all",
): Promise<void> {
  if (productIds !== "all" && productIds.length === 0) return;
  const which = productIds === "all" ? undefined : inArray(products.id, [...productIds]);
  await tx
    .update(products)
    .set({ searchDocument: searchDocumentOf, adminSearch: adminSearchOf })
    .where(which);
  await addSearchWords(tx, which);
}

/** Rebuilds the search documents of every product in these categories (after a rename). */
export async function refreshSearchDocumentForCategories(
  tx: DbOrTx,
  categoryIds: readonly string[],
): Promise<void> {
  if (categoryIds.length === 0) return;
  const which = sql`${products.id} in (select product_id from product_categories where category_id in (${sql.join(
    categoryIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  )}))`;
  await tx
    .update(products)
    .set({ searchDocument: searchDocumentOf, adminSearch: adminSearchOf })
    .where(which);
  await addSearchWords(tx, which);
}
