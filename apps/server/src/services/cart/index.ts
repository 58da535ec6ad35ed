/**
 * The cart, kept on the server per shopper (decisions.md §4). A line is product + size + colour
 * ('' for none). Prices and titles always come from the catalogue when the cart is read; adding or
 * setting more than the size's stock is refused with 'Only {n} items available in stock'.
 *
 * A guest's cart (record 0044) is a guest_carts row keyed by the random id in the signed guest-cart
 * cookie; its lines are cart_lines rows of that guest cart, under the same rules. Signing in merges
 * it into the account's cart (mergeGuestCart).
 */

import {
  type addToCartSchema,
  CART_MESSAGES,
  CART_QUANTITY_MAX,
  type Cart,
  type CartLine,
  type cartMergeSchema,
  GUEST_CART_DAYS,
  GUEST_CART_RATE_LIMIT,
  mergeCappedMessage,
  onlyInStockMessage,
  type removeFromCartSchema,
  type updateCartSchema,
} from "@vastra/contracts";
import { isUuid } from "@vastra/contracts/ids";
import { and, asc, eq, lt, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db, DbOrTx } from "../../db/client.ts";
import { prepared, preparedSql } from "../../db/prepared.ts";
import { cartLines, guestCarts, productSizes, products } from "../../db/schema.ts";
import { type Clock, systemClock } from "../clock.ts";
import { ConflictError, NotFoundError, ValidationError } from "../errors.ts";
import type { RateLimits } from "../rate-limit.ts";

export type AddToCart = z.output<typeof addToCartSchema>;
export type UpdateCart = z.output<typeof updateCartSchema>;
export type RemoveFromCart = z.output<typeof removeFromCartSchema>;

export { isUuid } from "@vastra/contracts/ids";

/** Rupees (2 decimals) from integer paise. */
export const rupees = (paise: number) => Math.round(paise) / 100;

/** Whose cart: a shopper's (a bare string is a user id) or a guest cart's. */
export type CartOwner = string | { userId: string } | { guestCartId: string };

/** The lines of the owner's cart. */
function ownedBy(owner: CartOwner): SQL {
  if (typeof owner === "string") return eq(cartLines.userId, owner);
  return "userId" in owner
    ? eq(cartLines.userId, owner.userId)
    : eq(cartLines.guestCartId, owner.guestCartId);
}

/** The owner columns of a new line. */
function ownerValues(owner: CartOwner): { userId: string } | { guestCartId: string } {
  if (typeof owner === "string") return { userId: owner };
  return owner;
}

/** A cart line with what an order needs beside the read shape. */
export type PricedLine = CartLine & {
  /** '' when the line has no colour. */
  colorKey: string;
  pricePaise: number;
};

/** The cart's lines of the owner in `column`, built once (db/prepared.ts): every add reads it. */
function cartLinesOf(
  column: typeof cartLines.userId | typeof cartLines.guestCartId,
  forUpdate: boolean,
) {
  return (db: DbOrTx) => {
    const query = db
      .select({
        productId: cartLines.productId,
        size: cartLines.size,
        color: cartLines.color,
        quantity: cartLines.quantity,
        title: products.title,
        imageUrl: products.imageUrl,
        pricePaise: products.pricePaise,
        stock: sql<number>`coalesce(${productSizes.stock}, 0)`.mapWith(Number),
        colorImage: sql<string | null>`(
          select pi.url from product_images pi
          where pi.product_id = "cart_lines"."product_id" and pi.color = "cart_lines"."color"
            and "cart_lines"."color" <> ''
          order by pi.position, pi.id limit 1)`,
      })
      .from(cartLines)
      .innerJoin(products, eq(products.id, cartLines.productId))
      .leftJoin(
        productSizes,
        and(eq(productSizes.productId, cartLines.productId), eq(productSizes.size, cartLines.size)),
      )
      .where(eq(column, sql.placeholder("owner")))
      .orderBy(asc(cartLines.createdAt), asc(cartLines.id));
    return forUpdate ? query.for("update", { of: cartLines }) : query;
  };
}
const cartOfUser = prepared<{ owner: string }, CartRow[]>(
  "cart_of_user",
  cartLinesOf(cartLines.userId, false),
);
const cartOfUserForUpdate = prepared<{ owner: string }, CartRow[]>(
  "cart_of_user_for_update",
  cartLinesOf(cartLines.userId, true),
);
const cartOfGuest = prepared<{ owner: string }, CartRow[]>(
  "cart_of_guest",
  cartLinesOf(cartLines.guestCartId, false),
);
const cartOfGuestForUpdate = prepared<{ owner: string }, CartRow[]>(
  "cart_of_guest_for_update",
  cartLinesOf(cartLines.guestCartId, true),
);
type CartRow = {
  productId: string;
  size: string;
  color: string;
  quantity: number;
  title: string;
  imageUrl: string;
  pricePaise: number;
  stock: number;
  colorImage: string | null;
};

/**
 * The shopper's cart with the catalogue's current titles, images, prices and stock, oldest line
 * first. A line whose product is gone disappears with it (the foreign key cascades); a line whose
 * size was removed from the product shows with stock 0. `forUpdate` locks the shopper's lines
 * (order placement: a second submit waits for the first and then finds the cart empty).
 */
export async function readCart(
  db: DbOrTx,
  owner: CartOwner,
  options: { forUpdate?: boolean } = {},
): Promise<PricedLine[]> {
  const values = ownerValues(owner);
  const rows =
    "userId" in values
      ? await (options.forUpdate ? cartOfUserForUpdate : cartOfUser)(db, { owner: values.userId })
      : await (options.forUpdate ? cartOfGuestForUpdate : cartOfGuest)(db, {
          owner: values.guestCartId,
        });
  return rows.map(pricedLine);
}

/** A cart row as a priced line: the colour's picture when it has one. */
function pricedLine(row: CartRow): PricedLine {
  return {
    productId: row.productId,
    title: row.title,
    imageUrl: row.colorImage ?? row.imageUrl,
    price: rupees(row.pricePaise),
    size: row.size,
    quantity: row.quantity,
    ...(row.color ? { color: row.color } : {}),
    stock: row.stock,
    colorKey: row.color,
    pricePaise: row.pricePaise,
  };
}

/** The read shape of priced lines (drops the internal fields). */
export function toCart(lines: PricedLine[]): Cart {
  return lines.map(({ colorKey: _c, pricePaise: _p, ...line }) => line);
}

/** The cart's total in paise. */
export const cartTotalPaise = (lines: PricedLine[]) =>
  lines.reduce((sum, line) => sum + line.pricePaise * line.quantity, 0);

type SizeInfo = { colors: string[]; stock: number };

/** The product's colours and the size's stock, or the cart's 404/400. */
async function productSize(tx: DbOrTx, productId: string, size: string): Promise<SizeInfo> {
  if (!isUuid(productId)) throw new NotFoundError(CART_MESSAGES.productNotFound);
  const [product] = await tx
    .select({ colors: products.colors })
    .from(products)
    .where(eq(products.id, productId));
  if (!product) throw new NotFoundError(CART_MESSAGES.productNotFound);
  const [row] = await tx
    .select({ stock: productSizes.stock })
    .from(productSizes)
    .where(and(eq(productSizes.productId, productId), eq(productSizes.size, size)));
  if (!row) throw ValidationError.field("size", CART_MESSAGES.selectSize);
  return { colors: product.colors, stock: row.stock };
}

/**
 * Adding, in one statement: the product's colours, the size's stock and how many of that size the
 * shopper's cart already holds (every colour) are read, and the line is added (or added onto) only
 * when the cart's rules allow it: the size in stock for what the cart would then hold, and the
 * colour none or one of the product's, spelled as the product spells it. No row when there is no
 * such product; `added` 0 when a rule refused (the caller says which, from what was read). When the
 * line was added, the same statement answers with the whole cart as it now is (what readCart
 * reads), a row a line: the statement's snapshot holds the cart before the add, so the added line
 * comes from the insert's own returned row, in place of its earlier version. Built once per owner
 * column (db/prepared.ts): every add runs it.
 */
function addStatement(name: string, owner: "user_id" | "guest_cart_id") {
  const column = sql.raw(owner);
  const p = (key: keyof AddValues) => sql.placeholder(key);
  return preparedSql<AddValues, AddedRow>(
    name,
    sql`
      with info as (
        select p.colors, s.stock,
               (select coalesce(sum(c.quantity), 0)::int from cart_lines c
                 where c.${column} = ${p("owner")}::uuid and c.product_id = p.id
                   and c.size = ${p("size")}::text) as held
          from products p
          left join product_sizes s on s.product_id = p.id and s.size = ${p("size")}::text
         where p.id = ${p("productId")}::uuid
      ), added as (
        insert into cart_lines (${column}, product_id, size, color, quantity)
        select ${p("owner")}::uuid, ${p("productId")}::uuid, ${p("size")}::text,
               ${p("color")}::text, ${p("quantity")}::int
          from info
         where info.stock > 0 and info.held + ${p("quantity")}::int <= info.stock
           and (${p("color")}::text = '' or ${p("color")}::text = any(info.colors))
        on conflict (${column}, product_id, size, color)
          do update set quantity = cart_lines.quantity + excluded.quantity
        returning id, product_id, size, color, quantity, created_at
      ), lines as (
        select c.id, c.product_id, c.size, c.color, c.quantity, c.created_at
          from cart_lines c
         where c.${column} = ${p("owner")}::uuid
           and not exists (select 1 from added where added.id = c.id)
        union all
        select id, product_id, size, color, quantity, created_at from added
      )
      select info.colors, info.stock, info.held, (select count(*)::int from added) as added,
             cart.product_id as "productId", cart.size, cart.color, cart.quantity, cart.title,
             cart.image_url as "imageUrl", cart.price_paise as "pricePaise",
             cart.line_stock as "lineStock", cart.color_image as "colorImage"
        from info
        left join (
          select l.id, l.product_id, l.size, l.color, l.quantity, l.created_at, p.title,
                 p.image_url, p.price_paise, coalesce(ps.stock, 0) as line_stock,
                 (select pi.url from product_images pi
                   where pi.product_id = l.product_id and pi.color = l.color and l.color <> ''
                   order by pi.position, pi.id limit 1) as color_image
            from lines l
            join products p on p.id = l.product_id
            left join product_sizes ps on ps.product_id = l.product_id and ps.size = l.size
        ) cart on exists (select 1 from added)
       order by cart.created_at, cart.id`,
  );
}
type AddValues = {
  owner: string;
  productId: string;
  size: string;
  color: string;
  quantity: number;
};
/** addStatement's rows: what was read for the rules, and a cart line (all null when not added). */
type AddedRow = { colors: string[]; stock: number | null; held: number; added: number } & {
  [K in Exclude<keyof CartRow, "stock">]: CartRow[K] | null;
} & { lineStock: number | null };
const addToUserCart = addStatement("cart_add_user", "user_id");
const addToGuestCart = addStatement("cart_add_guest", "guest_cart_id");

/** See addStatement: what was read for the rules, and the cart after the add when it was made. */
async function addIfAllowed(
  db: DbOrTx,
  owner: CartOwner,
  input: AddToCart,
  color: string,
): Promise<(SizeInfo & { held: number; added: boolean; cart: PricedLine[] }) | undefined> {
  if (!isUuid(input.productId)) throw new NotFoundError(CART_MESSAGES.productNotFound);
  const values = ownerValues(owner);
  const add = "userId" in values ? addToUserCart : addToGuestCart;
  const rows = await add(db, {
    owner: "userId" in values ? values.userId : values.guestCartId,
    productId: input.productId,
    size: input.size,
    color,
    quantity: input.quantity,
  });
  const [row] = rows;
  if (!row) return undefined;
  if (row.stock === null) throw ValidationError.field("size", CART_MESSAGES.selectSize);
  const added = Number(row.added) > 0;
  return {
    colors: row.colors,
    stock: Number(row.stock),
    held: Number(row.held),
    added,
    cart: added
      ? rows.map((r) =>
          pricedLine({
            productId: r.productId!,
            size: r.size!,
            color: r.color!,
            quantity: Number(r.quantity),
            title: r.title!,
            imageUrl: r.imageUrl!,
            pricePaise: Number(r.pricePaise),
            stock: Number(r.lineStock),
            colorImage: r.colorImage,
          }),
        )
      : [],
  };
}

/** The product's own spelling of a colour, or the 400 when the product has no such colour. */
function checkColor(info: SizeInfo, color: string | undefined): string {
  if (!color) return "";
  const match = info.colors.find((c) => c.toLowerCase() === color.toLowerCase());
  if (!match) throw ValidationError.field("color", CART_MESSAGES.selectColor);
  return match;
}

/**
 * The line a call means. With a colour: that line. Without one: the line with no colour, or else the
 * only line of that product and size (clients that never send a colour still reach their line).
 */
async function findLine(
  tx: DbOrTx,
  owner: CartOwner,
  input: { productId: string; size: string; color?: string | undefined },
): Promise<{ id: string; color: string; quantity: number } | undefined> {
  if (!isUuid(input.productId)) return undefined;
  const lines = await tx
    .select({ id: cartLines.id, color: cartLines.color, quantity: cartLines.quantity })
    .from(cartLines)
    .where(
      and(ownedBy(owner), eq(cartLines.productId, input.productId), eq(cartLines.size, input.size)),
    );
  if (input.color) {
    const wanted = input.color.toLowerCase();
    return lines.find((l) => l.color.toLowerCase() === wanted);
  }
  return lines.find((l) => l.color === "") ?? (lines.length === 1 ? lines[0] : undefined);
}

/** How many of this product and size the shopper's other lines (other colours) hold. */
async function otherColoursQuantity(
  tx: DbOrTx,
  owner: CartOwner,
  productId: string,
  size: string,
  color: string,
): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`coalesce(sum(${cartLines.quantity}), 0)`.mapWith(Number) })
    .from(cartLines)
    .where(
      and(
        ownedBy(owner),
        eq(cartLines.productId, productId),
        eq(cartLines.size, size),
        sql`${cartLines.color} <> ${color}`,
      ),
    );
  return row?.n ?? 0;
}

/** Stock is per size: every colour of one size draws on the same figure. */
function checkStock(stock: number, wanted: number): void {
  if (wanted > stock) {
    throw new ConflictError(onlyInStockMessage(stock), { available: Math.max(0, stock) });
  }
}

const DAY_MS = 86_400_000;
/** A guest cart's last activity is written at most this often by reads (writes always touch it). */
const GUEST_TOUCH_MS = DAY_MS;

/**
 * The guest cart of a write: the cookie's row, created when there is none (no cookie, a tampered
 * one, or a cart swept or merged since) or touched; row-locked until the caller's transaction ends,
 * so a merge of the same cart waits for the write or the write for the merge (never both at once).
 */
async function claimGuestCart(tx: DbOrTx, guestCartId: string | null, now: Date): Promise<string> {
  const values = guestCartId ? { id: guestCartId, lastActiveAt: now } : { lastActiveAt: now };
  const [row] = await tx
    .insert(guestCarts)
    .values(values)
    .onConflictDoUpdate({ target: guestCarts.id, set: { lastActiveAt: now } })
    .returning({ id: guestCarts.id });
  return row!.id;
}

export type MergeResult = z.output<typeof cartMergeSchema>;

/**
 * Moves a guest cart's lines into the shopper's cart in one transaction (record 0044): a line of
 * the same product, size and colour adds up; a size's lines together are held to its stock (never
 * below what the account's cart already held); every line held back, wholly (the size sold out or
 * taken by the account's other colours) or in part, is reported, so nothing goes unsaid; then the
 * guest cart is deleted. The guest row is
 * locked first, so a second merge of it (another tab signing in) waits and then finds nothing, and a
 * guest add racing it either lands before (and is merged) or after (in a new guest cart the next
 * signed-in cart call merges). Undefined when there was no such guest cart.
 */
export async function mergeGuestCart(
  db: Db,
  guestCartId: string,
  userId: string,
): Promise<MergeResult | undefined> {
  if (!isUuid(guestCartId)) return undefined;
  return db.transaction(async (tx) => {
    const [guest] = await tx
      .select({ id: guestCarts.id })
      .from(guestCarts)
      .where(eq(guestCarts.id, guestCartId))
      .for("update");
    if (!guest) return undefined;
    const incoming = await tx
      .select({
        productId: cartLines.productId,
        size: cartLines.size,
        color: cartLines.color,
        quantity: cartLines.quantity,
        createdAt: cartLines.createdAt,
        title: products.title,
        stock: sql<number>`coalesce(${productSizes.stock}, 0)`.mapWith(Number),
      })
      .from(cartLines)
      .innerJoin(products, eq(products.id, cartLines.productId))
      .leftJoin(
        productSizes,
        and(eq(productSizes.productId, cartLines.productId), eq(productSizes.size, cartLines.size)),
      )
      .where(eq(cartLines.guestCartId, guestCartId))
      .orderBy(asc(cartLines.createdAt), asc(cartLines.id));
    // The account's lines, locked: an order placed meanwhile waits, and the sums below hold.
    const held = await tx
      .select({
        id: cartLines.id,
        productId: cartLines.productId,
        size: cartLines.size,
        color: cartLines.color,
        quantity: cartLines.quantity,
      })
      .from(cartLines)
      .where(eq(cartLines.userId, userId))
      .for("update");
    const capped: MergeResult["capped"] = [];
    for (const line of incoming) {
      const sameSize = held.filter((h) => h.productId === line.productId && h.size === line.size);
      const existing = sameSize.find((h) => h.color === line.color);
      const mine = existing?.quantity ?? 0;
      const others = sameSize.reduce((n, h) => (h === existing ? n : n + h.quantity), 0);
      const requested = mine + line.quantity;
      const room = Math.min(CART_QUANTITY_MAX, Math.max(line.stock - others, 0));
      const quantity = Math.max(mine, Math.min(requested, room));
      if (quantity < requested) {
        capped.push({
          productId: line.productId,
          title: line.title,
          size: line.size,
          ...(line.color ? { color: line.color } : {}),
          requested,
          quantity,
        });
      }
      if (quantity === 0) continue; // Nothing of it fits: reported above, no line.
      if (existing) {
        existing.quantity = quantity;
        await tx.update(cartLines).set({ quantity }).where(eq(cartLines.id, existing.id));
      } else {
        const [row] = await tx
          .insert(cartLines)
          .values({
            userId,
            productId: line.productId,
            size: line.size,
            color: line.color,
            quantity,
            // The cart lists oldest first: a guest line keeps its place.
            createdAt: line.createdAt,
          })
          // A line the shopper added in another tab since the read above: added onto.
          .onConflictDoUpdate({
            target: [cartLines.userId, cartLines.productId, cartLines.size, cartLines.color],
            set: {
              quantity: sql`least(${cartLines.quantity} + excluded.quantity, ${CART_QUANTITY_MAX})`,
            },
          })
          .returning({ id: cartLines.id, quantity: cartLines.quantity });
        held.push({ ...line, id: row!.id, quantity: row!.quantity });
      }
    }
    await tx.delete(guestCarts).where(eq(guestCarts.id, guestCartId));
    return {
      lines: incoming.length,
      capped,
      ...(capped.length > 0 ? { message: mergeCappedMessage(capped.length) } : {}),
    };
  });
}

/** Deletes guest carts idle for `idleDays` (their lines go with them); how many went. */
export async function sweepGuestCarts(
  db: DbOrTx,
  now: Date,
  idleDays: number = GUEST_CART_DAYS,
): Promise<number> {
  const cutoff = new Date(now.getTime() - idleDays * DAY_MS);
  const gone = await db
    .delete(guestCarts)
    .where(lt(guestCarts.lastActiveAt, cutoff))
    .returning({ id: guestCarts.id });
  return gone.length;
}

export function createCartService(deps: { db: Db; clock?: Clock; rateLimits?: RateLimits }) {
  const { db } = deps;
  const clock = deps.clock ?? systemClock;
  const newGuestCarts = deps.rateLimits?.limiter("guest-cart-new-ip", GUEST_CART_RATE_LIMIT);
  const read = async (owner: CartOwner) => toCart(await readCart(db, owner));

  /**
   * Adds under the cart's rules; on a guest cart, inside the caller's transaction. One statement
   * when the colour is spelled as the product spells it (or not given), as the store's pages send
   * it; a colour in another case is matched here and added under the product's spelling. The cart
   * as it is after the add comes back from the same statement.
   */
  const addLine = async (tx: DbOrTx, owner: CartOwner, input: AddToCart): Promise<Cart> => {
    let color = input.color ?? "";
    for (;;) {
      const info = await addIfAllowed(tx, owner, input, color);
      if (!info) throw new NotFoundError(CART_MESSAGES.productNotFound);
      if (info.added) return toCart(info.cart);
      // Refused: the first rule that refuses is said, in the order the cart has always said them.
      const spelled = checkColor(info, input.color);
      if (info.stock <= 0) throw new ConflictError(CART_MESSAGES.outOfStock, { available: 0 });
      checkStock(info.stock, info.held + input.quantity);
      // Only the colour's spelling stood in the way: once more, with the product's.
      if (spelled === color) throw new Error("cart add refused without a reason");
      color = spelled;
    }
  };

  /** Marks a guest cart active (a write, or a read at most once a day). */
  const touchGuest = async (tx: DbOrTx, guestCartId: string, onlyIfStale: boolean) => {
    const now = clock();
    const stale = new Date(now.getTime() - GUEST_TOUCH_MS);
    await tx
      .update(guestCarts)
      .set({ lastActiveAt: now })
      .where(
        onlyIfStale
          ? and(eq(guestCarts.id, guestCartId), lt(guestCarts.lastActiveAt, stale))
          : eq(guestCarts.id, guestCartId),
      );
  };

  const service = {
    list: (userId: string) => read(userId),

    /**
     * Adds under the cart's rules inside the caller's transaction, without reading the cart back
     * (the wishlist's move to cart, record 0045).
     */
    addWithin: async (tx: DbOrTx, userId: string, input: AddToCart) => {
      await addLine(tx, userId, input);
    },

    /** One statement: the rules' reads, the add, and the cart read back (addIfAllowed). */
    add: (userId: string, input: AddToCart): Promise<Cart> => addLine(db, userId, input),

    async update(owner: CartOwner, input: UpdateCart): Promise<Cart> {
      await db.transaction(async (tx) => {
        const line = await findLine(tx, owner, input);
        if (input.quantity === 0) {
          if (line) await tx.delete(cartLines).where(eq(cartLines.id, line.id));
          return;
        }
        if (!line) {
          // Tell a vanished product apart from a line that is simply not there.
          await productSize(tx, input.productId, input.size);
          throw new NotFoundError(CART_MESSAGES.notInCart);
        }
        const info = await productSize(tx, input.productId, input.size);
        // Decreasing never needs stock (the line may already hold more than is left).
        if (input.quantity > line.quantity) {
          const others = await otherColoursQuantity(
            tx,
            owner,
            input.productId,
            input.size,
            line.color,
          );
          checkStock(info.stock, others + input.quantity);
        }
        await tx
          .update(cartLines)
          .set({ quantity: input.quantity })
          .where(eq(cartLines.id, line.id));
      });
      return read(owner);
    },

    async remove(owner: CartOwner, input: RemoveFromCart): Promise<Cart> {
      const line = await findLine(db, owner, input);
      if (line) await db.delete(cartLines).where(eq(cartLines.id, line.id));
      return read(owner);
    },

    async clear(owner: CartOwner): Promise<Cart> {
      await db.delete(cartLines).where(ownedBy(owner));
      return [];
    },

    /**
     * A guest's cart: empty (and nothing written) without a cookie or when its cart is gone; a
     * read marks the cart active at most once a day.
     */
    async guestList(guestCartId: string | null): Promise<Cart> {
      if (!guestCartId || !isUuid(guestCartId)) return [];
      await touchGuest(db, guestCartId, true);
      return read({ guestCartId });
    },

    /**
     * Adds to a guest's cart, creating it when the visitor has none (or a tampered or expired
     * cookie); the cart's id comes back for the cookie.
     */
    async guestAdd(
      guestCartId: string | null,
      input: AddToCart,
      ip?: string,
    ): Promise<{ guestCartId: string; cart: Cart }> {
      // A new cart (no cookie, or one whose signature failed) counts against the address.
      if (newGuestCarts && ip && !(guestCartId && isUuid(guestCartId))) {
        await newGuestCarts.consume(ip, CART_MESSAGES.tooManyGuestCarts);
      }
      return db.transaction(async (tx) => {
        const claimed = await claimGuestCart(
          tx,
          guestCartId && isUuid(guestCartId) ? guestCartId : null,
          clock(),
        );
        return { guestCartId: claimed, cart: await addLine(tx, { guestCartId: claimed }, input) };
      });
    },

    /** Update, remove and clear on a guest cart: the same as a shopper's, and marks it active. */
    async guestChange(
      guestCartId: string | null,
      change: (owner: CartOwner) => Promise<Cart>,
    ): Promise<Cart> {
      if (!guestCartId || !isUuid(guestCartId)) {
        // No cart: nothing to change (the same answers an empty cart gives).
        const nobody = { guestCartId: "00000000-0000-0000-0000-000000000000" };
        return change(nobody);
      }
      await touchGuest(db, guestCartId, false);
      return change({ guestCartId });
    },

    /** See mergeGuestCart. */
    mergeGuest: (guestCartId: string, userId: string) => mergeGuestCart(db, guestCartId, userId),

    /** Whether a guest cart of this id exists (a signed-in call checks before merging). */
    async guestExists(guestCartId: string): Promise<boolean> {
      if (!isUuid(guestCartId)) return false;
      const [row] = await db
        .select({ id: guestCarts.id })
        .from(guestCarts)
        .where(eq(guestCarts.id, guestCartId));
      return Boolean(row);
    },

    /** Deletes guest carts idle for GUEST_CART_DAYS. */
    sweepGuests: () => sweepGuestCarts(db, clock()),
  };
  return service;
}
export type CartService = ReturnType<typeof createCartService>;
