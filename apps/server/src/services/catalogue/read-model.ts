/**
 * The catalogue read model (record 0028): what shoppers read (product data, stock and rating
 * figures, list answers, categories, filter options, active ads, store settings) kept in memory,
 * bounded (lru-cache), and dropped exactly when the database says it changed.
 *
 * Database triggers (migration 0011) bump catalogue_version per kind in every writing transaction
 * and NOTIFY 'kind:version:what:id'; every process listens and drops what the notice names:
 * - catalogue:…:product:<id>  that product's data, every list answer and the filter options;
 * - catalogue:…:category:<id> every product's data (they carry category names), lists, categories;
 * - live:…:stock|review:<id>  that product's live entry (stock per size, rating figures) only, so an
 *   order does not wipe the cache: answers holding the old entry are re-assembled from memory;
 * - live:…:instock:<id>       also the in-stock lists (a size crossed zero);
 * - popularity, ads, store    the popular order's lists, the active ads, the store's settings.
 * Id '*' drops the whole kind. A lost listening connection, or a version the notices have not
 * reached (the safety net, checked every few seconds, and after each write request on PostgreSQL,
 * where notices come over another connection), drops the whole kind too.
 *
 * Loads read the epochs before querying and keep their result only when no notice came meanwhile,
 * so a notice racing a load can never leave an old value behind.
 */
import { createHash } from "node:crypto";
import { brotliCompressSync, gzipSync, constants as zlib } from "node:zlib";
import { sql } from "drizzle-orm";
import { LRUCache } from "lru-cache";
import { type Database, rowsOf } from "../../db/client.ts";
import type { ProductBase, ProductLive } from "./read.ts";

export const CATALOGUE_CHANNEL = "vastra_catalogue";
/** The safety net: how often the versions are compared with what the notices said. */
export const CATALOGUE_VERSION_CHECK_MS = 5_000;
/** How long a behind version waits for its notices before its whole kind is dropped. */
const CATCH_UP_WAIT_MS = 300;
/** Bodies under this size are sent as they are (as @fastify/compress's threshold). */
const COMPRESS_THRESHOLD = 1024;

export const CATALOGUE_KINDS = ["catalogue", "live", "ads", "popularity", "store"] as const;
export type CatalogueKind = (typeof CATALOGUE_KINDS)[number];

/** An answer's JSON as ready bytes, its ETag, and its br/gzip forms (made once, when first asked). */
export class ReadyBody {
  readonly json: Buffer;
  readonly etag: string;
  #br?: Buffer;
  #gzip?: Buffer;
  constructor(json: Buffer) {
    this.json = json;
    this.etag = `W/"${createHash("sha1").update(json).digest("base64url")}"`;
  }
  static of(value: unknown): ReadyBody {
    return new ReadyBody(Buffer.from(JSON.stringify(value)));
  }
  /** The body in this encoding; small bodies always as they are. */
  encoded(encoding: "br" | "gzip" | "identity"): { body: Buffer; encoding?: "br" | "gzip" } {
    if (encoding === "identity" || this.json.length < COMPRESS_THRESHOLD)
      return { body: this.json };
    if (encoding === "br") {
      this.#br ??= brotliCompressSync(this.json, {
        params: {
          [zlib.BROTLI_PARAM_QUALITY]: 5,
          [zlib.BROTLI_PARAM_SIZE_HINT]: this.json.length,
        },
      });
      return { body: this.#br, encoding };
    }
    this.#gzip ??= gzipSync(this.json, { level: 6 });
    return { body: this.#gzip, encoding };
  }
}

export type Epochs = {
  /** Any product or category data. */
  catalogue: number;
  categories: number;
  /** Any stock or rating figure. */
  live: number;
  /** Any product moving in or out of stock. */
  inStock: number;
  popularity: number;
  ads: number;
  store: number;
};

type Log = {
  warn(obj: object, msg: string): void;
  error?(obj: object, msg: string): void;
};

export type ReadModelOptions = {
  /** Product data entries kept (the rest are read again when asked). */
  maxProducts?: number;
  /** The bytes of ready answers kept (lists, products, the rest). */
  maxAnswerBytes?: number;
};

/** A ready answer and what it was made from: valid while those epochs (and entries) hold. */
export type Answer = {
  body: ReadyBody;
  epochs: Partial<Epochs>;
  total?: number;
  /** The products it shows, with the data and live entries it was assembled from. */
  ids?: string[];
  bases?: ProductBase[];
  lives?: ProductLive[];
};

export class CatalogueReadModel {
  /** False: a model that keeps nothing (a service built without a listener). */
  readonly keeps: boolean;
  readonly epochs: Epochs = {
    catalogue: 0,
    categories: 0,
    live: 0,
    inStock: 0,
    popularity: 0,
    ads: 0,
    store: 0,
  };
  /** Per product: its data (row, images, categories), and apart its live figures. */
  readonly bases: LRUCache<string, ProductBase>;
  readonly lives: LRUCache<string, ProductLive>;
  /** Ready answers by key (list queries, product detail, the single answers). */
  readonly answers: LRUCache<string, Answer>;
  /** The last version each kind's notices carried. */
  readonly seen: Record<CatalogueKind, number> = {
    catalogue: 0,
    live: 0,
    ads: 0,
    popularity: 0,
    store: 0,
  };
  #waiters = new Set<() => void>();
  #inflight = new Map<string, Promise<unknown>>();

  constructor(keeps: boolean, options: ReadModelOptions = {}) {
    this.keeps = keeps;
    const maxProducts = options.maxProducts ?? 50_000;
    this.bases = new LRUCache({ max: maxProducts });
    this.lives = new LRUCache({ max: maxProducts });
    this.answers = new LRUCache({
      maxSize: options.maxAnswerBytes ?? 64 * 1024 * 1024,
      // The JSON, and room for its compressed forms.
      sizeCalculation: (answer) => Math.ceil(answer.body.json.length * 1.5) + 256,
    });
  }

  /** Applies one notice payload ('kind:version:what:id'). */
  apply(payload: string): void {
    const [kind, versionText, what, id] = payload.split(":");
    const version = Number(versionText);
    if (!isKind(kind) || !Number.isFinite(version)) return;
    if (id === "*" || !id) this.dropKind(kind);
    else if (kind === "catalogue" && what === "category") this.dropKind("catalogue");
    else if (kind === "catalogue") {
      this.epochs.catalogue++;
      this.bases.delete(id);
      this.lives.delete(id);
    } else if (kind === "live") {
      this.epochs.live++;
      if (what === "instock") this.epochs.inStock++;
      this.lives.delete(id);
    } else this.dropKind(kind);
    if (version > this.seen[kind]) this.seen[kind] = version;
    for (const wake of this.#waiters) wake();
  }

  /** Drops everything of one kind. */
  dropKind(kind: CatalogueKind): void {
    switch (kind) {
      case "catalogue":
        this.epochs.catalogue++;
        this.epochs.categories++;
        this.bases.clear();
        this.lives.clear();
        break;
      case "live":
        this.epochs.live++;
        this.epochs.inStock++;
        this.lives.clear();
        break;
      default:
        this.epochs[kind]++;
    }
  }

  dropAll(): void {
    for (const kind of CATALOGUE_KINDS) this.dropKind(kind);
    this.answers.clear();
  }

  /** The current values of these epochs (read them before loading what depends on them). */
  epochsOf(keys: readonly (keyof Epochs)[]): Partial<Epochs> {
    const since: Partial<Epochs> = {};
    for (const k of keys) since[k] = this.epochs[k];
    return since;
  }

  /**
   * One load per key and epochs at a time: concurrent asks for the same unseen answer share the
   * first one's database work instead of each querying; an ask after a notice starts its own.
   */
  shared<T>(key: string, since: Partial<Epochs>, load: () => Promise<T>): Promise<T> {
    const id = `${key}@${Object.values(since).join(",")}`;
    const running = this.#inflight.get(id) as Promise<T> | undefined;
    if (running) return running;
    const started = load().finally(() => this.#inflight.delete(id));
    this.#inflight.set(id, started);
    return started;
  }

  /** An answer that depends on whole kinds only (categories, filter options, ads, store). */
  async single(
    key: string,
    depends: readonly (keyof Epochs)[],
    load: () => Promise<unknown>,
  ): Promise<ReadyBody> {
    const kept = this.answers.get(key);
    if (kept && this.unchangedSince(kept.epochs)) return kept.body;
    const since = this.epochsOf(depends);
    return this.shared(key, since, async () => {
      const body = ReadyBody.of(await load());
      if (this.unchangedSince(since)) this.answers.set(key, { body, epochs: since });
      return body;
    });
  }

  /** Remembers a value loaded under `since` (epochs read before loading) unless one moved. */
  unchangedSince(since: Partial<Epochs>): boolean {
    if (!this.keeps) return false;
    for (const [k, v] of Object.entries(since))
      if (this.epochs[k as keyof Epochs] !== v) return false;
    return true;
  }

  /**
   * Brings the model up to the database's versions: a kind the notices have not reached waits a
   * moment for them (they are on their way after a commit), then is dropped whole.
   */
  async catchUp(database: Database): Promise<void> {
    const rows = rowsOf<{ kind: string; version: number | string }>(
      await database.db.execute(sql`select kind, version from catalogue_version`),
    );
    const behind = () =>
      rows.filter((r) => isKind(r.kind) && Number(r.version) > this.seen[r.kind]);
    if (behind().length === 0) return;
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.#waiters.delete(check);
        resolve();
      };
      const check = () => {
        if (behind().length === 0) done();
      };
      const timer = setTimeout(done, CATCH_UP_WAIT_MS);
      this.#waiters.add(check);
    });
    for (const row of behind()) {
      const kind = row.kind as CatalogueKind;
      this.dropKind(kind);
      this.seen[kind] = Number(row.version);
    }
  }

  /** Starts from the database's versions (nothing is kept yet). */
  async start(database: Database): Promise<void> {
    const rows = rowsOf<{ kind: string; version: number | string }>(
      await database.db.execute(sql`select kind, version from catalogue_version`),
    );
    for (const row of rows) if (isKind(row.kind)) this.seen[row.kind] = Number(row.version);
  }
}

function isKind(kind: string | undefined): kind is CatalogueKind {
  return (CATALOGUE_KINDS as readonly string[]).includes(kind ?? "");
}

export type ListeningReadModel = {
  model: CatalogueReadModel;
  /** After a write request (PostgreSQL): wait for its notices, so the writer reads what it wrote. */
  catchUp(): Promise<void>;
  close(): Promise<void>;
};

/**
 * A read model kept fresh by the database's notices: listens first, then reads the versions, and
 * checks them every `checkMs` (the safety net). A re-established connection drops everything.
 */
export async function listenCatalogue(
  database: Database,
  options: ReadModelOptions & { log?: Log; checkMs?: number } = {},
): Promise<ListeningReadModel> {
  const model = new CatalogueReadModel(true, options);
  let connected = false;
  const unlisten = await database.listen(
    CATALOGUE_CHANNEL,
    (payload) => model.apply(payload),
    () => {
      if (connected) {
        options.log?.warn({}, "catalogue listener reconnected: dropping the whole read model");
        model.dropAll();
      }
      connected = true;
    },
  );
  await model.start(database);
  let checking: Promise<void> | undefined;
  const check = () => {
    checking ??= model
      .catchUp(database)
      .catch((err) => options.log?.warn({ err: String(err) }, "catalogue version check failed"))
      .finally(() => {
        checking = undefined;
      });
    return checking;
  };
  const timer = setInterval(check, options.checkMs ?? CATALOGUE_VERSION_CHECK_MS);
  timer.unref();
  return {
    model,
    // Its own check, not the timer's: that one may have read the versions before this commit.
    catchUp: () => (database.kind === "postgres" ? model.catchUp(database) : Promise.resolve()),
    async close() {
      clearInterval(timer);
      await checking;
      await unlisten();
    },
  };
}
