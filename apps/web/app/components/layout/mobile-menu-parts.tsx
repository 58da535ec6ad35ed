import { ChevronRight, LayoutDashboard, LogOut } from "lucide-react";
import * as React from "react";
import { Form, Link, NavLink } from "react-router";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import {
  DrawerBody,
  DrawerContent,
  DrawerDescription,
  DrawerFooter,
  DrawerHeader,
  DrawerTitle,
} from "~/components/ui/drawer";
import type { SessionUser } from "~/lib/session";
import { MAIN_NAV } from "./nav-links";
import { SearchForm } from "./search-form";

/** The mobile menu's drawer (mobile-menu.tsx), loaded when it is first opened (record 0029). */
export default function MobileMenuContent({
  user,
  close,
}: {
  user: SessionUser | null;
  close: () => void;
}) {
  const contentRef = React.useRef<HTMLDivElement>(null);
  return (
    <DrawerContent
      side="right"
      ref={contentRef}
      // Focus the menu itself, not the search field: on a phone that would pop up the keyboard.
      onOpenAutoFocus={(event) => {
        event.preventDefault();
        contentRef.current?.focus();
      }}
    >
      <DrawerHeader>
        <DrawerTitle className="tracking-[0.14em] text-primary uppercase">Menu</DrawerTitle>
        <DrawerDescription className="sr-only">Site navigation and account</DrawerDescription>
      </DrawerHeader>
      <DrawerBody className="flex flex-col gap-6">
        <SearchForm inputId="mobile-search" compact onSearched={close} />

        <nav aria-label="Main">
          <ul className="divide-y divide-border border-y border-border">
            <li>
              <MenuLink to="/" end onClick={close}>
                Home
              </MenuLink>
            </li>
            {MAIN_NAV.map((item) => (
              <li key={item.to}>
                <MenuLink to={item.to} onClick={close}>
                  {item.label}
                </MenuLink>
              </li>
            ))}
            {user?.isAdmin ? (
              <li>
                <MenuLink to="/admin" onClick={close}>
                  <span className="inline-flex items-center gap-2">
                    <LayoutDashboard aria-hidden="true" className="size-5 text-gold-700" />
                    Admin Dashboard
                  </span>
                </MenuLink>
              </li>
            ) : null}
          </ul>
        </nav>
      </DrawerBody>
      <DrawerFooter>
        {user ? (
          <>
            <div className="grid gap-0.5">
              <p className="truncate font-medium">{user.name}</p>
              <p className="truncate text-sm text-muted-foreground">{user.email}</p>
            </div>
            <Form method="post" action="/logout" onSubmit={close}>
              <Button type="submit" variant="outline" className="w-full">
                <LogOut aria-hidden="true" />
                Logout
              </Button>
            </Form>
          </>
        ) : (
          <div className="grid grid-cols-2 gap-3">
            <Button asChild variant="outline">
              <Link to="/login" onClick={close}>
                Sign In
              </Link>
            </Button>
            <Button asChild>
              <Link to="/register" onClick={close}>
                Join
              </Link>
            </Button>
          </div>
        )}
      </DrawerFooter>
    </DrawerContent>
  );
}

function MenuLink({
  to,
  end,
  onClick,
  children,
}: {
  to: string;
  end?: boolean;
  onClick: () => void;
  children: React.ReactNode;
}) {
  return (
    <NavLink
      to={to}
      end={end}
      onClick={onClick}
      className={({ isActive }) =>
        cn(
          "flex min-h-14 items-center justify-between gap-3 px-1 font-display text-xl font-semibold transition-colors",
          isActive ? "text-primary" : "text-foreground hover:text-primary",
        )
      }
    >
      {children}
      <ChevronRight aria-hidden="true" className="size-4 text-gold-600" />
    </NavLink>
  );
}
