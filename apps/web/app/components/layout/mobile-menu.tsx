import { Menu } from "lucide-react";
import * as React from "react";
import { useLocation } from "react-router";
import { Button } from "~/components/ui/button";
import { Drawer, DrawerTrigger } from "~/components/ui/drawer";
import type { SessionUser } from "~/lib/session";

// The drawer's contents load with the drawer's own code, when it is first opened (or its button
// hovered or focused): most visits never open it.
const loadContent = () => import("./mobile-menu-parts");
const MobileMenuContent = React.lazy(loadContent);

export type MobileMenuProps = {
  user: SessionUser | null;
  className?: string;
};

/** The menu button and drawer used below the md breakpoint. */
export function MobileMenu({ user, className }: MobileMenuProps) {
  const [open, setOpen] = React.useState(false);
  const location = useLocation();
  const key = location.key;
  const lastKey = React.useRef(key);

  // Any navigation (a link here, the search, back/forward) closes the menu.
  React.useEffect(() => {
    if (lastKey.current === key) return;
    lastKey.current = key;
    setOpen(false);
  }, [key]);

  const close = () => setOpen(false);
  // Once opened, the contents stay mounted (so that closing animates).
  const [opened, setOpened] = React.useState(false);
  if (open && !opened) setOpened(true);

  return (
    <Drawer open={open} onOpenChange={setOpen}>
      <DrawerTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          aria-label="Open menu"
          className={className}
          onPointerEnter={() => void loadContent()}
          onFocus={() => void loadContent()}
        >
          <Menu aria-hidden="true" className="size-6" />
        </Button>
      </DrawerTrigger>
      {opened ? (
        <React.Suspense fallback={null}>
          <MobileMenuContent user={user} close={close} />
        </React.Suspense>
      ) : null}
    </Drawer>
  );
}
