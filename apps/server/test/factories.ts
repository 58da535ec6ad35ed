/**
 * Test data factories: categories, products (sizes with stock, colours, images, categories), users
 * with a session cookie, reviews and orders. Each writes straight to the database, as the seed and
 * the admin services do, and keeps the products' search documents current.
 *
 *   const kurtas = await createCategory(db, "Kurtas");
 *   const kurta = await createProduct(db, { title: "Silk Kurta", price: 1499, categories: [kurtas.id],
 *     sizes: [{ size: "M", stock: 3 }, { size: "L", stock: 0 }], colors: ["Maroon"] });
 *   const shopper = await createUser(db, { now: clock() });
 *   await app.inject({ method: "GET", url: "/api/auth/me", headers: { cookie: shopper.cookie } });
 */
import { SESSION_COOKIE } from "@vastra/contracts";
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../src/db/client.ts";
import {
  categories,
  orderItems,
  orders,
  productCategories,
  productImages,
  productSizes,
  products,
  reviews,
} from "../src/db/schema.ts";
import { insertUser } from "../src/services/auth/accounts.ts";
import { createSession, type SessionUser } from "../src/services/auth/sessions.ts";
import { refreshSearchDocument } from "../src/services/catalogue/index.ts";
import { hashPassword } from "../src/services/passwords.ts";

let counter = 0;
const next = () => ++counter;

// ---------------------------------------------------------------- catalogue

export type CategoryRow = typeof categories.$inferSelect;

export async function createCategory(
  db: DbOrTx,
  name = `Category ${next()}`,
): Promise<CategoryRow> {
  const [row] = await db.insert(categories).values({ name }).returning();
  return row!;
}

export type ProductSeed = {
  title?: string;
  description?: string;
  /** Rupees (stored as paise). Default 999. */
  price?: number;
  gender?: "Men" | "Women" | "Unisex";
  imageUrl?: string;
  /** Sizes in order, each with its stock; a plain string has stock 10. Default: M with stock 10. */
  sizes?: Array<string | { size: string; stock: number }>;
  /** Overrides the sizes' stock: all of it on the first size, 0 on the others (decisions §3). */
  stock?: number;
  lowStockThreshold?: number;
  colors?: string[];
  defaultColor?: string | null;
  colorImages?: Array<{ color: string; imageUrl: string }>;
  additionalImages?: string[];
  /** Category ids, first one first. */
  categories?: string[];
  isHero?: boolean;
  heroImage?: string | null;
  heroTagline?: string | null;
  createdAt?: Date;
};

export type ProductRow = typeof products.$inferSelect;

export async function createProduct(db: DbOrTx, seed: ProductSeed = {}): Promise<ProductRow> {
  const n = next();
  const colors = seed.colors ?? [];
  const [row] = await db
    .insert(products)
    .values({
      title: seed.title ?? `Test Kurta ${n}`,
      description: seed.description ?? "",
      pricePaise: Math.round((seed.price ?? 999) * 100),
      gender: seed.gender ?? "Unisex",
      imageUrl: seed.imageUrl ?? `/images/test-${n}.webp`,
      colors,
      defaultColor: seed.defaultColor === undefined ? (colors[0] ?? null) : seed.defaultColor,
      lowStockThreshold: seed.lowStockThreshold ?? 10,
      isHero: seed.isHero ?? false,
      heroImage: seed.heroImage ?? null,
      heroTagline: seed.heroTagline ?? (seed.isHero ? "A hero product" : null),
      ...(seed.createdAt ? { createdAt: seed.createdAt, updatedAt: seed.createdAt } : {}),
    })
    .returning();
  const product = row!;

  let sizes = (seed.sizes ?? [{ size: "M", stock: 10 }]).map((s) =>
    typeof s === "string" ? { size: s, stock: 10 } : s,
  );
  if (seed.stock !== undefined) {
    sizes = sizes.map((s, i) => ({ size: s.size, stock: i === 0 ? seed.stock! : 0 }));
  }
  if (sizes.length > 0) {
    await db
      .insert(productSizes)
      .values(sizes.map((s, position) => ({ productId: product.id, position, ...s })));
  }
  const images = [
    ...(seed.additionalImages ?? []).map((url) => ({ color: null, url })),
    ...(seed.colorImages ?? []).map((c) => ({ color: c.color, url: c.imageUrl })),
  ];
  if (images.length > 0) {
    await db
      .insert(productImages)
      .values(images.map((image, position) => ({ productId: product.id, position, ...image })));
  }
  const categoryIds = seed.categories ?? [];
  if (categoryIds.length > 0) {
    await db.insert(productCategories).values(
      categoryIds.map((categoryId, position) => ({
        productId: product.id,
        categoryId,
        position,
      })),
    );
  }
  await refreshSearchDocument(db, [product.id]);
  return product;
}

/** Sets one size's stock. */
export async function setSizeStock(
  db: DbOrTx,
  productId: string,
  size: string,
  stock: number,
): Promise<void> {
  await db
    .update(productSizes)
    .set({ stock })
    .where(sql`${productSizes.productId} = ${productId} and ${productSizes.size} = ${size}`);
}

// ---------------------------------------------------------------- people

export type TestUser = {
  user: SessionUser;
  id: string;
  /** The Cookie header value that signs this user in. */
  cookie: string;
  /** The raw session token. */
  token: string;
};

/**
 * A verified user (a shopper unless isAdmin) with a live session. `now` should be the test app's
 * clock time when the test uses a fixed clock (the session expires 30 days after it).
 */
export async function createUser(
  db: DbOrTx,
  options: {
    name?: string;
    email?: string;
    isAdmin?: boolean;
    phone?: string | null;
    /** Hashed for real only when given (scrypt is slow); otherwise a hash no password matches. */
    password?: string;
    now?: Date;
  } = {},
): Promise<TestUser> {
  const n = next();
  const now = options.now ?? new Date();
  const user = await insertUser(db, {
    name: options.name ?? `Shopper ${n}`,
    email: options.email ?? `shopper${n}.${Date.now().toString(36)}@example.in`,
    phone: options.phone ?? null,
    passwordHash: options.password
      ? await hashPassword(options.password)
      : "scrypt$0$0$0$none$none",
    isAdmin: options.isAdmin ?? false,
    emailVerifiedAt: now,
  });
  const session = await createSession(db, user.id, now);
  return {
    user,
    id: user.id,
    cookie: `${SESSION_COOKIE}=${session.token}`,
    token: session.token,
  };
}

// ---------------------------------------------------------------- reviews and orders

export type ReviewRow = typeof reviews.$inferSelect;

export async function createReview(
  db: DbOrTx,
  seed: {
    productId: string;
    userId: string;
    name?: string;
    rating?: number;
    comment?: string;
    createdAt?: Date;
  },
): Promise<ReviewRow> {
  const [row] = await db
    .insert(reviews)
    .values({
      productId: seed.productId,
      userId: seed.userId,
      name: seed.name ?? "A shopper",
      rating: seed.rating ?? 5,
      comment: seed.comment ?? "Lovely fabric and a good fit.",
      ...(seed.createdAt ? { createdAt: seed.createdAt, updatedAt: seed.createdAt } : {}),
    })
    .returning();
  return row!;
}

export type OrderRow = typeof orders.$inferSelect;

/**
 * An order written directly (no stock taken): for tests that need order history, such as the
 * 'verified buyer' mark or the popular sort. Prices are the products' current prices.
 */
export async function createOrder(
  db: DbOrTx,
  seed: {
    userId: string | null;
    items: Array<{ productId: string; quantity?: number; size?: string; color?: string }>;
    status?: OrderRow["status"];
    createdAt?: Date;
  },
): Promise<OrderRow> {
  const n = next();
  const lines = [];
  for (const item of seed.items) {
    const [product] = await db
      .select({
        title: products.title,
        imageUrl: products.imageUrl,
        pricePaise: products.pricePaise,
      })
      .from(products)
      .where(sql`${products.id} = ${item.productId}`);
    if (!product) throw new Error(`createOrder: no product ${item.productId}`);
    lines.push({
      productId: item.productId,
      title: product.title,
      imageUrl: product.imageUrl,
      pricePaise: product.pricePaise,
      size: item.size ?? "M",
      color: item.color ?? "",
      quantity: item.quantity ?? 1,
    });
  }
  const total = lines.reduce((sum, l) => sum + l.pricePaise * l.quantity, 0);
  const [order] = await db
    .insert(orders)
    .values({
      orderNumber: `VST-T${Date.now().toString(36).toUpperCase()}${n}`,
      userId: seed.userId,
      status: seed.status ?? "pending",
      totalPaise: total,
      // Items only: no shipping or COD fee (record 0036).
      subtotalPaise: total,
      customerName: "Test Shopper",
      customerEmail: "test.shopper@example.in",
      customerPhone: "9876543210",
      address: "12 MG Road, Flat 4, Bengaluru, Karnataka, 560001, India",
      ...(seed.createdAt ? { createdAt: seed.createdAt, updatedAt: seed.createdAt } : {}),
    })
    .returning();
  await db.insert(orderItems).values(lines.map((line) => ({ ...line, orderId: order!.id })));
  return order!;
}
