import { Link2, Share2 } from "lucide-react";
import * as React from "react";
import { FacebookIcon, WhatsAppIcon } from "~/components/layout/social-icons";
import { Button } from "~/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "~/components/ui/dropdown-menu";
import { useToast } from "~/components/ui/toast";
import type { ShareMessages } from "./share";

export function shareLinks(url: string, title: string) {
  const u = encodeURIComponent(url);
  return {
    facebook: `https://www.facebook.com/sharer/sharer.php?u=${u}`,
    twitter: `https://twitter.com/intent/tweet?url=${u}&text=${encodeURIComponent(title)}`,
    whatsapp: `https://wa.me/?text=${encodeURIComponent(`${title} ${url}`)}`,
  };
}

/**
 * Share: the device's own share sheet when it has one ('Product shared successfully!'; a failure
 * other than the shopper cancelling opens the menu instead), otherwise a menu with Facebook,
 * X (Twitter), WhatsApp and Copy Link.
 */
export function ShareMenu({
  url,
  title,
  messages,
  tryNativeShare,
  defaultOpen = false,
}: {
  url: string;
  title: string;
  /** The page's texts and its share sheet (share.ts), passed in so this chunk holds only the menu. */
  messages: ShareMessages;
  /** The device's share sheet: false when there is none; calls back when it failed. */
  tryNativeShare: (onFailed: () => void) => boolean;
  /** Open at once: the page's plain Share button was pressed before this code had loaded. */
  defaultOpen?: boolean;
}) {
  const toast = useToast();
  const [open, setOpen] = React.useState(defaultOpen);
  const links = shareLinks(url, title);

  function onOpenChange(next: boolean) {
    if (next && tryNativeShare(() => setOpen(true))) return;
    setOpen(next);
  }

  async function copyLink() {
    try {
      if (!navigator.clipboard?.writeText) throw new Error("no clipboard");
      await navigator.clipboard.writeText(url);
      toast.success(messages.copied);
    } catch {
      toast.error(messages.copyFailed);
    }
  }

  return (
    <DropdownMenu open={open} onOpenChange={onOpenChange} modal={false}>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="md"
          className="px-3"
          // Radix opens on pointerdown; a click is what the share sheet needs as a user gesture.
          onPointerDown={(event) => {
            if (event.button === 0) event.preventDefault();
          }}
          onClick={() => onOpenChange(!open)}
        >
          <Share2 aria-hidden="true" />
          Share
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-60">
        <DropdownMenuLabel className="text-xs font-semibold tracking-wider text-muted-foreground uppercase">
          Share this product
        </DropdownMenuLabel>
        <DropdownMenuItem asChild>
          <a href={links.facebook} target="_blank" rel="noopener noreferrer">
            <FacebookIcon />
            Facebook
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <a href={links.twitter} target="_blank" rel="noopener noreferrer">
            <XIcon />X (Twitter)
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <a href={links.whatsapp} target="_blank" rel="noopener noreferrer">
            <WhatsAppIcon />
            WhatsApp
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void copyLink()}>
          <Link2 aria-hidden="true" />
          Copy Link
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** The X (Twitter) mark, drawn like the other brand icons. */
function XIcon() {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 24 24"
      width="24"
      height="24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.75}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M4 4l11.7 16H20L8.3 4H4z" />
      <path d="M4 20l6.8-6.8M13.2 10.8L20 4" />
    </svg>
  );
}
