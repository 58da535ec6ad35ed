import {
  Gift,
  Heart,
  LayoutDashboard,
  LogOut,
  Package,
  Search,
  ShoppingBag,
  User,
  X,
} from "lucide-react";
import * as React from "react";
import { Link, NavLink, useLocation, useSubmit } from "react-router";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "~/components/ui/dropdown-menu";
import type { SessionUser } from "~/lib/session";
import { MobileMenu } from "./mobile-menu";
import { MAIN_NAV } from "./nav-links";
import { SearchForm } from "./search-form";

export type HeaderProps = {
  /** The store name shown as the home link. */
  storeName: string;
  /** The signed-in shopper, or null for a guest. */
  user: SessionUser | null;
  /** Total quantity across all cart lines. */
  cartCount: number;
};

/** Height of the fixed header; <main> is padded by the same amount (see site-shell.tsx). */
export const HEADER_HEIGHT_CLASSES = "h-16 md:h-20";

const SCROLL_THRESHOLD_PX = 50;

function useScrolledPast(threshold: number): boolean {
  const [scrolled, setScrolled] = React.useState(false);
  React.useEffect(() => {
    const update = () => setScrolled(window.scrollY > threshold);
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, [threshold]);
  return scrolled;
}

/**
 * The site header: transparent at the top of the page, opaque once scrolled past 50 px. Desktop
 * (md and up) shows the navigation, search, cart and account; below md a menu button opens a
 * drawer with the same entries.
 */
export function Header({ storeName, user, cartCount }: HeaderProps) {
  const scrolled = useScrolledPast(SCROLL_THRESHOLD_PX);
  const [searchOpen, setSearchOpen] = React.useState(false);
  const searchToggleRef = React.useRef<HTMLButtonElement>(null);
  const searchInputRef = React.useRef<HTMLInputElement>(null);
  const location = useLocation();
  const path = location.pathname;
  const lastPath = React.useRef(path);

  // A page change closes the search panel.
  React.useEffect(() => {
    if (lastPath.current === path) return;
    lastPath.current = path;
    setSearchOpen(false);
  }, [path]);

  React.useEffect(() => {
    if (searchOpen) searchInputRef.current?.focus();
  }, [searchOpen]);

  // Escape closes the search panel and puts focus back on its button.
  React.useEffect(() => {
    if (!searchOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || event.defaultPrevented) return;
      setSearchOpen(false);
      searchToggleRef.current?.focus();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [searchOpen]);

  const opaque = scrolled || searchOpen;

  return (
    <header
      data-scrolled={scrolled || undefined}
      className={cn(
        "fixed inset-x-0 top-0 z-40 border-b transition-[background-color,border-color,box-shadow] duration-200",
        opaque
          ? "border-border bg-background shadow-[0_1px_12px_rgb(61_15_22/0.08)]"
          : "border-transparent bg-transparent",
      )}
    >
      <div
        className={cn(
          "mx-auto flex max-w-7xl items-center gap-2 px-4 sm:px-6 lg:gap-6 lg:px-8",
          HEADER_HEIGHT_CLASSES,
        )}
      >
        <Link
          to="/"
          className="-ml-1 shrink-0 rounded-sm px-1 font-display text-[1.7rem] leading-none font-semibold tracking-[0.16em] text-primary uppercase md:text-3xl"
        >
          {storeName}
        </Link>

        <nav aria-label="Main" className="hidden flex-1 justify-center lg:flex">
          <ul className="flex items-center gap-5 lg:gap-9">
            {MAIN_NAV.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  className={({ isActive }) =>
                    cn(
                      "relative inline-flex h-11 items-center text-[0.8125rem] font-medium tracking-[0.12em] uppercase transition-colors",
                      "after:absolute after:inset-x-0 after:bottom-2 after:h-px after:origin-left after:scale-x-0 after:bg-gold-500 after:transition-transform hover:after:scale-x-100",
                      isActive
                        ? "text-primary after:scale-x-100"
                        : "text-foreground hover:text-primary",
                    )
                  }
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className="ml-auto flex items-center gap-0.5 lg:ml-0 lg:gap-1">
          <Button
            ref={searchToggleRef}
            variant="ghost"
            size="icon"
            aria-expanded={searchOpen}
            aria-controls="site-search-panel"
            aria-label="Search products"
            onClick={() => setSearchOpen((open) => !open)}
          >
            {searchOpen ? (
              <X aria-hidden="true" className="size-5" />
            ) : (
              <Search aria-hidden="true" className="size-5" />
            )}
          </Button>

          <CartLink count={cartCount} />

          <div className="hidden items-center gap-2 lg:flex">
            {user ? (
              <AccountMenu user={user} />
            ) : (
              <>
                <Button asChild variant="ghost" size="sm" className="px-2.5">
                  <Link to="/login">Sign In</Link>
                </Button>
                <Button asChild size="sm">
                  <Link to="/register">Join</Link>
                </Button>
              </>
            )}
          </div>

          <MobileMenu user={user} className="lg:hidden" />
        </div>
      </div>

      <div
        id="site-search-panel"
        hidden={!searchOpen}
        className="border-t border-border bg-background"
      >
        <div className="mx-auto max-w-3xl px-4 py-4 sm:px-6">
          <SearchForm
            inputId="site-search"
            inputRef={searchInputRef}
            onSearched={() => setSearchOpen(false)}
          />
        </div>
      </div>
    </header>
  );
}

function CartLink({ count }: { count: number }) {
  const label = count === 1 ? "Cart, 1 item" : `Cart, ${count} items`;
  return (
    <Button asChild variant="ghost" size="icon" className="relative">
      <Link to="/cart" aria-label={label}>
        <ShoppingBag aria-hidden="true" className="size-5" />
        {count > 0 ? (
          <span
            aria-hidden="true"
            className="absolute top-1 right-0.5 grid h-5 min-w-5 place-items-center rounded-full bg-primary px-1 text-[0.6875rem] leading-none font-semibold text-primary-foreground ring-2 ring-background"
          >
            {count > 99 ? "99+" : count}
          </span>
        ) : null}
      </Link>
    </Button>
  );
}

function AccountMenu({ user }: { user: SessionUser }) {
  const submit = useSubmit();
  const firstName = user.name.trim().split(/\s+/)[0] || user.name;
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="sm"
          className="gap-2 px-2.5"
          // WCAG 2.5.3: the name shown (the first name, on wide screens) is part of the name.
          aria-label={`${user.name}, your account`}
        >
          <span
            aria-hidden="true"
            className="grid size-8 place-items-center rounded-full bg-maroon-100 font-display text-base font-semibold text-primary"
          >
            {firstName.charAt(0).toUpperCase()}
          </span>
          <span className="hidden max-w-28 truncate lg:inline">{firstName}</span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-64">
        <DropdownMenuLabel className="grid gap-0.5">
          <span className="truncate font-medium text-foreground">{user.name}</span>
          <span className="truncate text-xs font-normal text-muted-foreground">{user.email}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to="/profile">
            <User aria-hidden="true" />
            Profile
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/orders">
            <Package aria-hidden="true" />
            Orders
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/wishlist">
            <Heart aria-hidden="true" />
            Wishlist
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/affiliate">
            <Gift aria-hidden="true" />
            Referrals
          </Link>
        </DropdownMenuItem>
        {user.isAdmin ? (
          <DropdownMenuItem asChild>
            <Link to="/admin">
              <LayoutDashboard aria-hidden="true" />
              Admin Dashboard
            </Link>
          </DropdownMenuItem>
        ) : null}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => submit(null, { method: "post", action: "/logout" })}>
          <LogOut aria-hidden="true" />
          Logout
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
