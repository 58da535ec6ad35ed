import { index, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("terms", "routes/terms.tsx"),
  route("general-policy", "routes/general-policy.tsx"),
  route("shipping", "routes/shipping.tsx"),
  route("cancellations", "routes/cancellations.tsx"),
  route("contact", "routes/contact.tsx"),
  route("dev/mailbox", "routes/dev-mailbox.tsx"),
  // Accounts: sign in, join, reset, profile, sign out.
  route("login", "routes/login.tsx"),
  route("register", "routes/register.tsx"),
  route("reset-password", "routes/reset-password.tsx"),
  route("profile", "routes/profile.tsx"),
  route("logout", "routes/logout.tsx"),
  // Catalogue: the product list (also at /shop), product detail. (/sitemap.xml and /robots.txt are
  // the server's: apps/server/src/routes/seo.ts.)
  route("products", "routes/products.tsx"),
  route("shop", "routes/products.tsx", { id: "shop" }),
  route("products/:id", "routes/product.tsx"),
  // Cart, checkout, my orders, referrals, newsletter unsubscribe.
  route("cart", "routes/cart.tsx"),
  route("checkout", "routes/checkout.tsx"),
  route("orders", "routes/orders.tsx"),
  route("wishlist", "routes/wishlist.tsx"),
  route("affiliate", "routes/affiliate.tsx"),
  route("referrals", "routes/affiliate.tsx", { id: "referrals" }),
  route("unsubscribe", "routes/unsubscribe.tsx"),
  // The order e-mail's signed confirmation link (record 0038), for guests too.
  route("order-confirmation", "routes/order-confirmation.tsx"),
  // Admin dashboard: the layout guards every tab (admins only) and holds the tab bar.
  route("admin", "routes/admin.tsx", [
    index("routes/admin.overview.tsx"),
    route("orders", "routes/admin.orders.tsx"),
    route("orders/:id/bill", "routes/admin.order-bill.tsx"),
    route("returns", "routes/admin.returns.tsx"),
    route("delivery", "routes/admin.delivery.tsx"),
    route("tax", "routes/admin.tax.tsx"),
    route("coupons", "routes/admin.coupons.tsx"),
    route("categories", "routes/admin.categories.tsx"),
    route("products", "routes/admin.products.tsx"),
    route("reviews", "routes/admin.reviews.tsx"),
    route("advertisements", "routes/admin.advertisements.tsx"),
    route("newsletter", "routes/admin.newsletter.tsx"),
    route("activity", "routes/admin.activity.tsx"),
  ]),
  route("*", "routes/catch-all.tsx"),
] satisfies RouteConfig;
