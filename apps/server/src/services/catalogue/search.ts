/**
 * Product search: typo-tolerant (pg_trgm word similarity) and stem-aware (full text, 'english'),
 * over products.search_document, which this module keeps.
 *
 * - The query is split into words (stop words and one-letter words dropped, a few Indian spelling
 *   variants added: sari → saree, kurtha → kurta …).
 * - A word matches a product when `search_document %> word` (word similarity ≥ pg_trgm's threshold,
 *   0.6 by default: 'kurtta' still finds 'kurta') or the document's tsvector matches it ('dresses'
 *   finds 'dress'). Both conditions are served by GIN indexes (see the 0001_search migration).
 * - The results are the products that match the most query words (every word when some product
 *   has them all, otherwise the best partial matches), ranked by where the words match: the title
 *   counts three times, category/colour/gender twice, the rest once, plus the whole phrase in the title.
 */
import { inArray, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { products } from "../../db/schema.ts";
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
  return words.map((w) => [w, ...(VARIANTS[w] ?? [])]);
}

const FTS_CONFIG = sql.raw("'english'::regconfig");
const doc = qualified(products.searchDocument);
/** The same expression as the products_search_fts_idx index, so the planner can use it. */
const docVector = sql`to_tsvector(${FTS_CONFIG}, ${doc})`;
/** pg_trgm's default word_similarity_threshold, which `%>` (and so the index) applies. */
const WORD_MATCH = 0.6;

/** Some word of the search matches the product: the candidates, found through both GIN indexes. */
function anyWordMatches(terms: string[][]): SQL {
  const checks = terms
    .flat()
    .map((v) => sql`${doc} %> ${v} or ${docVector} @@ plainto_tsquery(${FTS_CONFIG}, ${v})`);
  return sql`(${sql.join(checks, sql` or `)})`;
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
 * The candidates (any word matches, through the indexes) are scored once each: a materialized CTE
 * computes each row's text vectors and document word similarities a single time, then every word
 * is scored from those. Only the candidates matching the most words are kept.
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
  const variants = [...new Set(terms.flat())];
  const at = new Map<string, number>(variants.map((v, i) => [v, i]));
  const col = (prefix: string, v: string) => sql.raw(`${prefix}${at.get(v)}`);

  const similarities = variants.map((v) => sql`, word_similarity(${v}, ${doc}) as ${col("d", v)}`);
  const queries = variants.map(
    (v, i) =>
      sql`${i === 0 ? sql`` : sql`, `}plainto_tsquery(${FTS_CONFIG}, ${v}) as ${col("q", v)}`,
  );
  const matchedWords = terms.map(
    (word) =>
      sql`(case when ${sql.join(
        word.map(
          (v) =>
            sql`c.${col("d", v)} >= ${sql.raw(String(WORD_MATCH))} or c.vec @@ q.${col("q", v)}`,
        ),
        sql` or `,
      )} then 1 else 0 end)`,
  );
  const strength = (v: string, text: string, vector: string) =>
    sql`greatest(word_similarity(${v}, c.${sql.raw(text)}), (c.${sql.raw(vector)} @@ q.${col("q", v)})::int)`;
  // A word scores by its best variant: in the title 3, in categories/colours/gender 2, anywhere 1.
  const wordScores = terms.map(
    (word) =>
      sql`greatest(${sql.join(
        word.map(
          (v) =>
            sql`3 * ${strength(v, "title", "title_vec")} + 2 * ${strength(v, "keywords", "keywords_vec")} + greatest(c.${col("d", v)}, (c.vec @@ q.${col("q", v)})::int)`,
        ),
        sql`, `,
      )})`,
  );
  const phrase = terms.map((word) => word[0]).join(" ");
  const phraseBonus = terms.length > 1 ? sql` + 2 * word_similarity(${phrase}, c.title)` : sql``;
  const where = sql.join([...options.conditions, anyWordMatches(terms)], sql` and `);

  const ranked = sql`with candidates as materialized (
      select ${qualified(products.id)} as id, ${qualified(products.createdAt)} as created_at,
        ${qualified(products.pricePaise)} as price_paise, ${qualified(products.title)} as title,
        split_part(${doc}, E'\\n', 2) as keywords,
        ${docVector} as vec,
        to_tsvector(${FTS_CONFIG}, ${qualified(products.title)}) as title_vec,
        to_tsvector(${FTS_CONFIG}, split_part(${doc}, E'\\n', 2)) as keywords_vec
        ${sql.join(similarities, sql``)}
      from ${products}
      where ${where}
    ),
    queries as materialized (select ${sql.join(queries, sql``)}),
    scored as (
      select c.id, c.created_at, c.price_paise,
        (${sql.join(matchedWords, sql` + `)}) as matched,
        (${sql.join(wordScores, sql` + `)}${phraseBonus}) as score
      from candidates c cross join queries q
    ),
    ranked as (select s.*, max(s.matched) over () as best from scored s)`;
  const order = options.order({
    id: sql`r.id`,
    createdAt: sql`r.created_at`,
    pricePaise: sql`r.price_paise`,
    score: sql`r.score`,
  });
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

/** The rows of db.execute, whichever driver answered (postgres-js: a list; PGlite: { rows }). */
function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
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
 * Rebuilds the search document of these products ("all": every product). Writers call it in the
 * transaction that changes a product's title, description, colours, gender or categories, and after
 * renaming or deleting a category (with that category's products, or "all").
 */
export async function refreshSearchDocument(
  tx: DbOrTx,
  productIds: readonly string[] | "all",
): Promise<void> {
  if (productIds !== "all" && productIds.length === 0) return;
  await tx
    .update(products)
    .set({ searchDocument: searchDocumentOf })
    .where(productIds === "all" ? undefined : inArray(products.id, [...productIds]));
}

/** Rebuilds the search documents of every product in these categories (after a rename). */
export async function refreshSearchDocumentForCategories(
  tx: DbOrTx,
  categoryIds: readonly string[],
): Promise<void> {
  if (categoryIds.length === 0) return;
  await tx
    .update(products)
    .set({ searchDocument: searchDocumentOf })
    .where(
      sql`${products.id} in (select product_id from product_categories where category_id in (${sql.join(
        categoryIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )}))`,
    );
}
