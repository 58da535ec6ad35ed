/** The main navigation (storefront.md §2 "Top navigation"). */
export const MAIN_NAV = [
  { to: "/products", label: "Collections" },
  { to: "/profile", label: "Profile" },
  { to: "/orders", label: "Orders" },
  { to: "/wishlist", label: "Wishlist" },
  { to: "/affiliate", label: "Referrals" },
] as const;

/** Help and policy pages linked from the footer. */
export const HELP_LINKS = [
  { to: "/contact", label: "Contact Us" },
  { to: "/shipping", label: "Shipping" },
  { to: "/cancellations", label: "Cancellations & Returns" },
  { to: "/terms", label: "Terms & Conditions" },
  { to: "/general-policy", label: "Privacy Policy" },
] as const;
