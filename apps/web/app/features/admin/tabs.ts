/** The dashboard's tabs, in the order of admin.md §2; each is a child route of /admin. */
export const ADMIN_TABS = [
  { to: "/admin", label: "Overview", end: true },
  { to: "/admin/orders", label: "Orders", end: false },
  { to: "/admin/returns", label: "Returns", end: false },
  { to: "/admin/delivery", label: "Delivery", end: false },
  { to: "/admin/tax", label: "Tax", end: false },
  { to: "/admin/coupons", label: "Coupons", end: false },
  { to: "/admin/categories", label: "Categories", end: false },
  { to: "/admin/products", label: "Products", end: false },
  { to: "/admin/reviews", label: "Reviews", end: false },
  { to: "/admin/advertisements", label: "Advertisements", end: false },
  { to: "/admin/newsletter", label: "Newsletter", end: false },
  { to: "/admin/activity", label: "Activity", end: false },
] as const;
