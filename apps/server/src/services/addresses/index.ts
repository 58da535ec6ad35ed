/**
 * The shopper's address book (issue #16, record 0040): list, add, edit, delete and make default,
 * for the shopper's own addresses only (another shopper's id is 404, like a missing one).
 *
 * Every write runs in a transaction that first locks the shopper's users row (FOR NO KEY UPDATE:
 * it does not hold back rows that only reference the shopper, such as cart lines), so the cap is
 * counted and the default moved by one writer at a time: two simultaneous "make default" end with
 * exactly one default, the later one's. The partial unique index is the database's own guard.
 *
 * An order never reads the book: the checkout sends the whole address, which the orders service
 * checks like any other (record 0040), so a saved address is never trusted blindly.
 */
import {
  ADDRESS_BOOK_MAX,
  ADDRESS_BOOK_MESSAGES,
  ADDRESS_TYPES,
  type AddressFields,
  addressInputSchema,
  type SavedAddress,
} from "@vastra/contracts";
import { and, desc, eq, isNotNull, ne, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client.ts";
import { orders, userAddresses, users } from "../../db/schema.ts";
import { isUuid } from "../cart/index.ts";
import { type Clock, systemClock } from "../clock.ts";
import { ConflictError, NotFoundError } from "../errors.ts";
import { withRetries } from "../orders/retry.ts";

type AddressRow = typeof userAddresses.$inferSelect;

export function toSavedAddress(row: AddressRow): SavedAddress {
  return {
    id: row.id,
    addressType: (ADDRESS_TYPES as readonly string[]).includes(row.addressType)
      ? (row.addressType as SavedAddress["addressType"])
      : "home",
    name: row.name,
    phone: row.phone,
    streetAddress: row.streetAddress,
    apartment: row.apartment,
    city: row.city,
    state: row.state,
    pincode: row.pincode,
    country: row.country,
    isDefault: row.isDefault,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The columns an entry's fields write (the label is the address type). */
function columnsOf(input: AddressFields) {
  return {
    addressType: input.addressType,
    name: input.name,
    phone: input.phone,
    streetAddress: input.streetAddress,
    apartment: input.apartment,
    city: input.city,
    state: input.state,
    pincode: input.pincode,
    country: input.country,
  };
}

/** Text compared the way a shopper reads it: case and runs of spaces do not matter. */
const loose = (value: string) => value.trim().replace(/\s+/g, " ").toLowerCase();

/** The same place and recipient (the label aside): saving it again adds nothing. */
function sameAddress(row: AddressRow, input: AddressFields): boolean {
  return (
    loose(row.name) === loose(input.name) &&
    row.phone === input.phone &&
    loose(row.streetAddress) === loose(input.streetAddress) &&
    loose(row.apartment) === loose(input.apartment) &&
    loose(row.city) === loose(input.city) &&
    row.state === input.state &&
    row.pincode === input.pincode
  );
}

const bookOrder = [
  desc(userAddresses.isDefault),
  desc(userAddresses.createdAt),
  desc(userAddresses.id),
] as const;

async function readBook(db: DbOrTx, userId: string): Promise<AddressRow[]> {
  return db
    .select()
    .from(userAddresses)
    .where(eq(userAddresses.userId, userId))
    .orderBy(...bookOrder);
}

/** Locks the shopper's row: the book's writers queue here. Returns when the book was started. */
async function lockShopper(tx: DbOrTx, userId: string): Promise<{ startedAt: Date | null }> {
  const [row] = await tx
    .select({ startedAt: users.addressBookStartedAt })
    .from(users)
    .where(eq(users.id, userId))
    .for("no key update");
  if (!row) throw new NotFoundError(ADDRESS_BOOK_MESSAGES.notFound);
  return row;
}

async function ownRow(tx: DbOrTx, userId: string, id: string): Promise<AddressRow> {
  if (!isUuid(id)) throw new NotFoundError(ADDRESS_BOOK_MESSAGES.notFound);
  const [row] = await tx
    .select()
    .from(userAddresses)
    .where(and(eq(userAddresses.id, id), eq(userAddresses.userId, userId)));
  if (!row) throw new NotFoundError(ADDRESS_BOOK_MESSAGES.notFound);
  return row;
}

/** Moves the default to `id` (the shopper's row is locked): the old one is cleared first. */
async function setDefault(tx: DbOrTx, userId: string, id: string, now: Date): Promise<AddressRow> {
  await tx
    .update(userAddresses)
    .set({ isDefault: false, updatedAt: now })
    .where(
      and(
        eq(userAddresses.userId, userId),
        eq(userAddresses.isDefault, true),
        ne(userAddresses.id, id),
      ),
    );
  const [row] = await tx
    .update(userAddresses)
    .set({ isDefault: true, updatedAt: now })
    .where(and(eq(userAddresses.id, id), eq(userAddresses.userId, userId)))
    .returning();
  if (!row) throw new NotFoundError(ADDRESS_BOOK_MESSAGES.notFound);
  return row;
}

/**
 * The address of the shopper's newest order that still passes the address checks, with the
 * order's name and phone; undefined when there is none (orders placed with only the spec's one
 * address string are not split up: guessing its parts would save a wrong address).
 */
async function lastOrderAddress(tx: DbOrTx, userId: string): Promise<AddressFields | undefined> {
  const [last] = await tx
    .select({
      name: orders.customerName,
      phone: orders.customerPhone,
      shippingAddress: orders.shippingAddress,
    })
    .from(orders)
    .where(and(eq(orders.userId, userId), isNotNull(orders.shippingAddress)))
    .orderBy(desc(orders.createdAt), desc(orders.orderNumber))
    .limit(1);
  if (!last?.shippingAddress || typeof last.shippingAddress !== "object") return undefined;
  const parsed = addressInputSchema.safeParse({
    ...(last.shippingAddress as Record<string, unknown>),
    name: last.name,
    phone: last.phone,
  });
  return parsed.success ? parsed.data : undefined;
}

export function createAddressService(deps: { db: Db; clock?: Clock }) {
  const { db } = deps;
  const clock = deps.clock ?? systemClock;
  const write = <T>(work: (tx: DbOrTx) => Promise<T>) =>
    withRetries(() => db.transaction((tx) => work(tx)));

  /** Marks the book started (the seed's one chance is over). */
  const markStarted = (tx: DbOrTx, userId: string, now: Date) =>
    tx
      .update(users)
      .set({ addressBookStartedAt: now })
      .where(and(eq(users.id, userId), sql`${users.addressBookStartedAt} is null`));

  return {
    /**
     * The book, default first, then the newest. The first time a shopper opens it (record 0040),
     * an empty book is seeded with their last order's address, as the default.
     */
    async list(userId: string): Promise<SavedAddress[]> {
      const [user] = await db
        .select({ startedAt: users.addressBookStartedAt })
        .from(users)
        .where(eq(users.id, userId));
      if (user && user.startedAt === null) {
        await write(async (tx) => {
          const { startedAt } = await lockShopper(tx, userId);
          if (startedAt !== null) return;
          const now = clock();
          const [any] = await tx
            .select({ id: userAddresses.id })
            .from(userAddresses)
            .where(eq(userAddresses.userId, userId))
            .limit(1);
          const seed = any ? undefined : await lastOrderAddress(tx, userId);
          if (seed) {
            await tx.insert(userAddresses).values({
              userId,
              ...columnsOf(seed),
              isDefault: true,
              createdAt: now,
              updatedAt: now,
            });
          }
          await markStarted(tx, userId, now);
        });
      }
      return (await readBook(db, userId)).map(toSavedAddress);
    },

    async get(userId: string, id: string): Promise<SavedAddress> {
      return toSavedAddress(await ownRow(db, userId, id));
    },

    /**
     * Adds an address: the first one becomes the default, as does one sent with isDefault. An
     * address already in the book (same recipient and place) is not added twice: it is answered
     * with `created: false` (made default when asked). A full book refuses a new one (409).
     */
    add(
      userId: string,
      input: AddressFields,
    ): Promise<{ address: SavedAddress; created: boolean }> {
      return write(async (tx) => {
        await lockShopper(tx, userId);
        const now = clock();
        await markStarted(tx, userId, now);
        const book = await readBook(tx, userId);
        const same = book.find((row) => sameAddress(row, input));
        if (same) {
          const row =
            input.isDefault && !same.isDefault ? await setDefault(tx, userId, same.id, now) : same;
          return { address: toSavedAddress(row), created: false };
        }
        if (book.length >= ADDRESS_BOOK_MAX) {
          throw new ConflictError(ADDRESS_BOOK_MESSAGES.full(ADDRESS_BOOK_MAX));
        }
        const makeDefault = book.length === 0 || input.isDefault === true;
        const [inserted] = await tx
          .insert(userAddresses)
          .values({ userId, ...columnsOf(input), isDefault: false, createdAt: now, updatedAt: now })
          .returning();
        const row = makeDefault ? await setDefault(tx, userId, inserted!.id, now) : inserted!;
        return { address: toSavedAddress(row), created: true };
      });
    },

    /** Replaces an address's fields; isDefault true also makes it the default (false changes nothing: another must be made default). */
    update(userId: string, id: string, input: AddressFields): Promise<SavedAddress> {
      return write(async (tx) => {
        await lockShopper(tx, userId);
        await ownRow(tx, userId, id);
        const now = clock();
        const [updated] = await tx
          .update(userAddresses)
          .set({ ...columnsOf(input), updatedAt: now })
          .where(and(eq(userAddresses.id, id), eq(userAddresses.userId, userId)))
          .returning();
        const row =
          input.isDefault && !updated!.isDefault ? await setDefault(tx, userId, id, now) : updated!;
        return toSavedAddress(row);
      });
    },

    /** Deletes an address; when it was the default, the newest remaining one becomes the default. */
    remove(userId: string, id: string): Promise<void> {
      return write(async (tx) => {
        await lockShopper(tx, userId);
        const row = await ownRow(tx, userId, id);
        await tx.delete(userAddresses).where(eq(userAddresses.id, row.id));
        if (!row.isDefault) return;
        const [next] = await readBook(tx, userId);
        if (next) await setDefault(tx, userId, next.id, clock());
      });
    },

    /** Makes one address the default (the old default stops being one). */
    makeDefault(userId: string, id: string): Promise<SavedAddress> {
      return write(async (tx) => {
        await lockShopper(tx, userId);
        const row = await ownRow(tx, userId, id);
        return toSavedAddress(row.isDefault ? row : await setDefault(tx, userId, id, clock()));
      });
    },
  };
}
export type AddressService = ReturnType<typeof createAddressService>;
