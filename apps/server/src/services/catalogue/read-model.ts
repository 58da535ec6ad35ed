/**
 * The catalogue read model (record 0028): what shoppers read (product data, stock and rating
 * figures, list answers, categories, filter options, active ads, store settings) kept in memory,
 * bounded (lru-cache), and dropped exactly when the database says it changed.
 *
 * Database triggers (migration 0011) bump catalogue_version per kind in every writing transaction
 * (the 'live' kind once, at its commit: migration 0029, record 0060) and NOTIFY
 * 'kind:version:what:id'; every process listens and drops what the notice names:
 * - catalogue:…:product:<id>  that product's data, every list answer and the filter options;
 * - catalogue:…:category:<id> every product's data (they carry category names), lists, categories;
 * - live:…:stock|review:<id>  that product's live entry (stock per size, rating figures) only, so an
 *   order does not wipe the cache: answers holding the old entry are re-assembled from memory;
 * - live:…:instock:<id>       also the in-stock lists (a size crossed zero);
 * - popularity, ads, store    the popular order's lists, the active ads, the store's settings.
 * Id '*' drops the whole kind. A version the notices have not reached (the safety net, checked
 * every second, and after each write request on PostgreSQL, where notices come over another
 * connection) drops the whole kind too.
 *
 * Notices that cannot be trusted suspend the model: it drops everything and neither serves nor
 * keeps anything (every answer read from the database) until it trusts them again. That is from
 * the moment the listening connection is lost until it is back and the versions are read again,
 * and when a version stayed ahead of the notices for a second after it was read (a listener that
 * no longer hears, with its connection seemingly up) until a notice the model sends itself comes
 * back.
 *
 * Loads read the epochs before querying and keep their result only when no notice came meanwhile,
 * so a notice racing a load can never leave an old value behind.
 */
import { createHash } from "node:crypto";
import { brotliCompressSync, gzipSync, constants as zlib } from "node:zlib";
import { sql } from "drizzle-orm";
import { LRUCache } from "lru-cache";
import { type Database, rowsOf } from "../../db/client.ts";
import { NoticeWaits } from "../../db/notice-waits.ts";
import { retryTransient } from "../../db/transient.ts";
import type { ProductBase, ProductLive } from "./read.ts";

export const CATALOGUE_CHANNEL = "vastra_catalogue";
/**
 * The safety net: how often the versions are compared with what the notices said (one five-row
 * read). Bounds how long a listener that silently stopped hearing can serve what changed.
 */
export const CATALOGUE_VERSION_CHECK_MS = 1_000;
/** How long a behind version waits for its notices before its whole kind is dropped. */
const CATCH_UP_WAIT_MS = 300;
/**
 * A version still not reached by the notices this long after it was read means they are lost (a
 * notice comes within milliseconds of its commit; this leaves room for a busy event loop).
 */
const NOTICES_LOST_AFTER_MS = 1_000;
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
  /** The last version each kind is known dropped for (by its notices, or whole). */
  readonly seen: Record<CatalogueKind, number> = {
    catalogue: 0,
    live: 0,
    ads: 0,
    popularity: 0,
    store: 0,
  };
  /** The last version each kind's notices carried (or the versions read when starting). */
  readonly heard: Record<CatalogueKind, number> = {
    catalogue: 0,
    live: 0,
    ads: 0,
    popularity: 0,
    store: 0,
  };
  /**
   * Called after anything was dropped, with the kind and, for a change of one product's data
   * (catalogue:…:product:<id>), its id (no id: the whole kind): for what rebuilds itself ahead of
   * the next ask (the list index). Listeners must not throw.
   */
  readonly changed = new Set<(kind: CatalogueKind, productId?: string) => void>();
  readonly #waits = new NoticeWaits();
  #inflight = new Map<string, Promise<unknown>>();
  #trusted: boolean;
  /** Bumped by each suspend and resume: a resume started before the latest suspend is void. */
  #generation = 0;
  #uncached = 0;

  constructor(keeps: boolean, options: ReadModelOptions = {}) {
    this.keeps = keeps;
    this.#trusted = keeps;
    const maxProducts = options.maxProducts ?? 50_000;
    this.bases = new LRUCache({ max: maxProducts });
    this.lives = new LRUCache({ max: maxProducts });
    this.answers = new LRUCache({
      maxSize: options.maxAnswerBytes ?? 64 * 1024 * 1024,
      // The JSON, and room for its compressed forms.
      sizeCalculation: (answer) => Math.ceil(answer.body.json.length * 1.5) + 256,
    });
  }

  /**
   * A token that changes whenever anything a shopper sees may have changed, for caches built on
   * the model's answers (the guest page cache's key); while suspended, a new one on every call.
   */
  version(): string {
    if (!this.serving) return `suspended.${++this.#uncached}`;
    const e = this.epochs;
    return `${e.catalogue}.${e.categories}.${e.live}.${e.inStock}.${e.popularity}.${e.ads}.${e.store}`;
  }

  /** True while answers are served from memory and kept (notices trusted). */
  get serving(): boolean {
    return this.keeps && this.#trusted;
  }

  /** Applies one notice payload ('kind:version:what:id', or a process's 'ping:token'). */
  apply(payload: string): void {
    if (this.#waits.takePing(payload)) return;
    const [kind, versionText, what, id] = payload.split(":");
    const version = Number(versionText);
    if (!isKind(kind) || !Number.isFinite(version)) return;
    let product: string | undefined;
    if (id === "*" || !id) this.dropKind(kind);
    else if (kind === "catalogue" && what === "category") this.dropKind("catalogue");
    else if (kind === "catalogue") {
      product = id;
      this.epochs.catalogue++;
      this.bases.delete(id);
      this.lives.delete(id);
    } else if (kind === "live") {
      this.epochs.live++;
      if (what === "instock") this.epochs.inStock++;
      this.lives.delete(id);
    } else this.dropKind(kind);
    if (version > this.seen[kind]) this.seen[kind] = version;
    if (version > this.heard[kind]) this.heard[kind] = version;
    this.#waits.wake();
    if (product) for (const listener of this.changed) listener(kind, product);
    else if (kind === "live") for (const listener of this.changed) listener(kind);
  }

  /** Stops trusting the notices: drops everything, and keeps nothing until resumed. */
  suspend(): void {
    this.#generation++;
    this.#trusted = false;
    this.dropAll();
  }

  /**
   * Trusts the notices again (they are heard now): drops what may have been missed, then reads the
   * versions to compare later ones with. Void when suspended again meanwhile.
   */
  async resume(database: Database): Promise<void> {
    const generation = ++this.#generation;
    this.dropAll();
    await this.start(database);
    if (generation !== this.#generation) return;
    this.dropAll();
    this.#trusted = true;
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
    for (const listener of this.changed) listener(kind);
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
   * Loads only read, so one that lost its connection (a database restart) is run again.
   */
  shared<T>(key: string, since: Partial<Epochs>, load: () => Promise<T>): Promise<T> {
    const id = `${key}@${Object.values(since).join(",")}`;
    const running = this.#inflight.get(id) as Promise<T> | undefined;
    if (running) return running;
    const started = retryTransient(load).finally(() => this.#inflight.delete(id));
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

  /**
   * Whether a value loaded under `since` (epochs read before loading) may be served or kept: not
   * when an epoch moved, nor while the model is suspended.
   */
  unchangedSince(since: Partial<Epochs>): boolean {
    if (!this.serving) return false;
    for (const [k, v] of Object.entries(since))
      if (this.epochs[k as keyof Epochs] !== v) return false;
    return true;
  }

  /** The database's versions, by kind (a read: run again when its connection was lost). */
  async versions(database: Database): Promise<Partial<Record<CatalogueKind, number>>> {
    const rows = rowsOf<{ kind: string; version: number | string }>(
      await retryTransient(() =>
        database.db.execute(sql`select kind, version from catalogue_version`),
      ),
    );
    const found: Partial<Record<CatalogueKind, number>> = {};
    for (const row of rows) if (isKind(row.kind)) found[row.kind] = Number(row.version);
    return found;
  }

  /**
   * Brings the model up to the database's versions: a kind the notices have not reached waits a
   * moment for them (they are on their way after a commit), then is dropped whole. Answers the
   * versions it read.
   */
  async catchUp(database: Database): Promise<Partial<Record<CatalogueKind, number>>> {
    const versions = await this.versions(database);
    const behind = () => CATALOGUE_KINDS.filter((kind) => (versions[kind] ?? 0) > this.seen[kind]);
    if (behind().length === 0) return versions;
    await this.#waits.until(() => behind().length === 0, CATCH_UP_WAIT_MS);
    for (const kind of behind()) {
      this.dropKind(kind);
      this.seen[kind] = versions[kind]!;
    }
    return versions;
  }

  /**
   * Whether the notices come through: sends one (over `database`'s own connections) and waits a
   * moment for the listener to hear it.
   */
  hears(database: Database): Promise<boolean> {
    return this.#waits.hears(database, CATALOGUE_CHANNEL);
  }

  /** Starts from the database's versions (what is kept from before may be dropped). */
  async start(database: Database): Promise<void> {
    const versions = await this.versions(database);
    for (const kind of CATALOGUE_KINDS) {
      const version = versions[kind] ?? 0;
      // A notice may have come in while reading: never go back below it.
      if (version > this.seen[kind]) this.seen[kind] = version;
      if (version > this.heard[kind]) this.heard[kind] = version;
    }
  }
}

function isKind(kind: string | undefined): kind is CatalogueKind {
  return (CATALOGUE_KINDS as readonly string[]).includes(kind ?? "");
}

export type ListeningReadModel = {
  model: CatalogueReadModel;
  /** After a write request (PostgreSQL): wait for its notices, so the writer reads what it wrote. */
  catchUp(): Promise<void>;
  /** The safety net's check, now (tests; the timer runs it every `checkMs`). */
  check(): Promise<void>;
  close(): Promise<void>;
};

/**
 * A read model kept fresh by the database's notices: listens first, then reads the versions, and
 * checks them every `checkMs` (the safety net). From a lost listening connection until it is back
 * and the versions are read again, the model is suspended (nothing served from memory); so it is
 * when notices stop arriving on a connection that seems up, until one sent to itself comes back.
 */
export async function listenCatalogue(
  database: Database,
  options: ReadModelOptions & { log?: Log; checkMs?: number; lostAfterMs?: number } = {},
): Promise<ListeningReadModel> {
  const lostAfterMs = options.lostAfterMs ?? NOTICES_LOST_AFTER_MS;
  const model = new CatalogueReadModel(true, options);
  // Nothing is trusted until listening and the versions are read.
  model.suspend();
  let resuming: Promise<void> | undefined;
  const resume = () => {
    resuming ??= model
      .resume(database)
      .catch((err) => options.log?.warn({ err: String(err) }, "catalogue read model resume failed"))
      .finally(() => {
        resuming = undefined;
      });
    return resuming;
  };
  let connected = false;
  const unlisten = await database.listen(CATALOGUE_CHANNEL, {
    onMessage: (payload) => model.apply(payload),
    onConnect: () => {
      if (connected) options.log?.warn({}, "catalogue listener back: reading the versions again");
      connected = true;
      void resume();
    },
    onDisconnect: () => {
      options.log?.warn(
        {},
        "catalogue listener lost: answering from the database until it is back",
      );
      connected = false;
      model.suspend();
    },
  });
  await resume();
  if (!model.serving) options.log?.warn({}, "catalogue read model not serving yet");

  /** Versions read at least `lostAfterMs` ago: a kind still not heard up to them lost its notices. */
  let snapshot: Partial<Record<CatalogueKind, number>> = {};
  let snapshotAt = Number.NEGATIVE_INFINITY;
  const safetyNet = async () => {
    if (!connected) return;
    if (!model.serving) {
      // Suspended with a connection up: trust again once a notice of our own comes through.
      if (!resuming && (await model.hears(database))) {
        options.log?.warn({}, "catalogue notices heard again: serving from memory");
        await resume();
      }
      return;
    }
    const due = performance.now() - snapshotAt >= lostAfterMs;
    if (due) {
      const lost = CATALOGUE_KINDS.filter((kind) => (snapshot[kind] ?? 0) > model.heard[kind]);
      if (lost.length > 0) {
        options.log?.warn(
          { kinds: lost },
          "catalogue notices not arriving: suspending the read model",
        );
        snapshot = {};
        model.suspend();
        return;
      }
    }
    const versions = await model.catchUp(database);
    if (due) {
      snapshot = versions;
      snapshotAt = performance.now();
    }
  };
  let checking: Promise<void> | undefined;
  const check = () => {
    checking ??= safetyNet()
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
    // Its own read of the versions, not the timer's: that one may have read them before this
    // commit. Nothing to wait for while suspended (nothing is kept). The write has committed by
    // now: a failure here (the database went away) must not turn its reply into an error the
    // client would retry. Without the versions the writer might read its old data from memory,
    // so the model stops serving until the safety net hears its notices again.
    catchUp: async () => {
      if (database.kind !== "postgres" || !model.serving) return;
      try {
        await model.catchUp(database);
      } catch (err) {
        options.log?.warn({ err: String(err) }, "catalogue catch-up failed: suspending");
        model.suspend();
      }
    },
    check,
    async close() {
      clearInterval(timer);
      await checking;
      await resuming;
      await unlisten();
      // Unheard from now on: nothing is served or kept, and nothing rebuilds itself (list index).
      model.suspend();
    },
  };
}
