import type { StoreSettings } from "@vastra/contracts/store";
import { ArrowUpRight, QrCode } from "lucide-react";
import * as React from "react";
import { Await } from "react-router";
import { FacebookIcon, InstagramIcon, WhatsAppIcon } from "~/components/layout/social-icons";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "~/components/ui/dialog";
import { Spinner } from "~/components/ui/spinner";
import { Ornament } from "./featured-collections";
import type { QrCodes } from "./types";

/** Static figures of the social section (storefront.md §2). */
export const SOCIAL_FIGURES = [
  { value: "68K+", label: "Total followers" },
  { value: "2.5K+", label: "Monthly engagement" },
  { value: "24/7", label: "Support" },
] as const;

type Channel = {
  id: "instagram" | "facebook" | "whatsapp";
  name: string;
  title: string;
  text: string;
  handle: string;
  href: string;
  Icon: (props: React.SVGProps<SVGSVGElement>) => React.ReactNode;
};

/** "@vastra.example" from https://instagram.com/vastra.example (the link itself if it has no path). */
function handleOf(link: string): string {
  try {
    const url = new URL(link);
    const path = url.pathname.replace(/^\/+|\/+$/g, "");
    return path ? `@${path.split("/")[0]}` : url.host.replace(/^www\./, "");
  } catch {
    return link;
  }
}

function channelsOf(store: StoreSettings): Channel[] {
  return [
    {
      id: "instagram",
      name: "Instagram",
      title: "Instagram",
      text: "New arrivals, styling reels and behind-the-scenes from our ateliers.",
      handle: handleOf(store.social.instagram),
      href: store.social.instagram,
      Icon: InstagramIcon,
    },
    {
      id: "facebook",
      name: "Facebook",
      title: "Facebook",
      text: "Festive lookbooks, offers and a community of people who love Indian craft.",
      handle: handleOf(store.social.facebook),
      href: store.social.facebook,
      Icon: FacebookIcon,
    },
    {
      id: "whatsapp",
      name: "WhatsApp",
      title: "WhatsApp Support",
      text: "Sizing help, order updates and styling advice, straight from our team.",
      handle: store.phone,
      href: store.social.whatsapp,
      Icon: WhatsAppIcon,
    },
  ];
}

export type SocialConnectProps = {
  store: StoreSettings;
  /** QR codes of the links (made on the server), streamed. */
  qrCodes: Promise<QrCodes> | QrCodes;
};

/** 'Connect with us': Instagram, Facebook and WhatsApp, each with Follow and a QR code. */
export function SocialConnect({ store, qrCodes }: SocialConnectProps) {
  const channels = channelsOf(store);
  return (
    <section
      aria-labelledby="social-title"
      className="relative overflow-hidden bg-maroon-950 py-16 text-ivory-100 [--color-ring:var(--color-gold-300)] sm:py-20 lg:py-24"
    >
      <div
        aria-hidden="true"
        className="absolute inset-0 bg-[radial-gradient(ellipse_at_15%_0%,rgb(216_189_138/0.16),transparent_55%),repeating-linear-gradient(45deg,rgb(216_189_138/0.05)_0_1px,transparent_1px_26px)]"
      />
      <div className="relative mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <header className="mx-auto max-w-2xl text-center">
          <p className="text-xs font-semibold tracking-[0.28em] text-gold-300 uppercase">
            Join the conversation
          </p>
          <h2 id="social-title" className="mt-3 font-display text-4xl text-ivory-50 sm:text-5xl">
            Connect with {store.name}
          </h2>
          <Ornament className="[&>span:first-child]:bg-gold-300/70 [&>span:last-child]:bg-gold-300/70 [&>span:nth-child(2)]:border-gold-300" />
          <p className="mt-4 text-base leading-relaxed text-ivory-200">
            Follow us for first looks at new collections, or message our team for help choosing the
            right size and style.
          </p>
        </header>

        <dl className="mx-auto mt-10 grid max-w-3xl grid-cols-3 divide-x divide-gold-300/25 rounded-lg border border-gold-300/25 bg-maroon-900/40 py-5">
          {SOCIAL_FIGURES.map((figure) => (
            <div key={figure.label} className="flex flex-col items-center gap-1 px-2 text-center">
              <dt className="order-2 text-[0.6875rem] font-medium tracking-[0.14em] text-ivory-200 uppercase sm:text-xs">
                {figure.label}
              </dt>
              <dd className="order-1 font-display text-3xl font-semibold text-gold-200 sm:text-4xl">
                {figure.value}
              </dd>
            </div>
          ))}
        </dl>

        <ul className="mt-10 grid gap-5 md:grid-cols-3 lg:gap-6">
          {channels.map((channel) => (
            <li key={channel.id}>
              <ChannelCard channel={channel} storeName={store.name} qrCodes={qrCodes} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function ChannelCard({
  channel,
  storeName,
  qrCodes,
}: {
  channel: Channel;
  storeName: string;
  qrCodes: Promise<QrCodes> | QrCodes;
}) {
  const { Icon } = channel;
  return (
    <article
      data-testid={`social-${channel.id}`}
      className="flex h-full flex-col rounded-xl border border-gold-300/25 bg-maroon-900/55 p-6 shadow-[0_20px_40px_-24px_rgb(0_0_0/0.6)] backdrop-blur-[1px] transition-colors hover:border-gold-300/50"
    >
      <div className="flex items-center gap-4">
        <span className="grid size-12 shrink-0 place-items-center rounded-full bg-gold-300 text-maroon-950">
          <Icon className="size-6" />
        </span>
        <div className="min-w-0">
          <h3 className="font-display text-2xl text-ivory-50">{channel.title}</h3>
          <p className="truncate text-sm text-gold-200">{channel.handle}</p>
        </div>
      </div>
      <p className="mt-4 flex-1 text-sm leading-relaxed text-ivory-200">{channel.text}</p>
      <div className="mt-6 flex flex-wrap gap-3">
        <Button
          asChild
          className="flex-1 bg-gold-300 text-maroon-950 hover:bg-gold-200 focus-visible:outline-gold-300"
        >
          <a href={channel.href} target="_blank" rel="noopener noreferrer">
            Follow
            <span className="sr-only">
              {" "}
              {storeName} on {channel.name} (opens in a new tab)
            </span>
            <ArrowUpRight aria-hidden="true" />
          </a>
        </Button>
        <QrDialog channel={channel} storeName={storeName} qrCodes={qrCodes} />
      </div>
    </article>
  );
}

function QrDialog({
  channel,
  storeName,
  qrCodes,
}: {
  channel: Channel;
  storeName: string;
  qrCodes: Promise<QrCodes> | QrCodes;
}) {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button
          variant="outline"
          className="flex-1 border-gold-300/60 text-gold-100 hover:border-gold-300 hover:bg-white/10 hover:text-ivory-50 focus-visible:outline-gold-300"
        >
          <QrCode aria-hidden="true" />
          QR code
          <span className="sr-only"> for {channel.name}</span>
        </Button>
      </DialogTrigger>
      <DialogContent hideClose className="max-w-sm text-center" data-testid="qr-dialog">
        <DialogHeader className="pr-0 text-center">
          <DialogTitle>Scan to Follow</DialogTitle>
          <DialogDescription>
            Point your phone's camera at the code to open {storeName} on {channel.name}.
          </DialogDescription>
        </DialogHeader>
        <div className="mx-auto grid size-60 place-items-center rounded-lg border border-border bg-white p-2 shadow-inner">
          <React.Suspense fallback={<Spinner size="lg" label="Making the QR code" />}>
            <Await resolve={qrCodes} errorElement={<QrUnavailable />}>
              {(codes) =>
                codes[channel.href] ? (
                  <img
                    src={codes[channel.href]}
                    alt={`QR code linking to ${channel.href}`}
                    width={224}
                    height={224}
                    className="size-56"
                  />
                ) : (
                  <QrUnavailable />
                )
              }
            </Await>
          </React.Suspense>
        </div>
        <a
          href={channel.href}
          target="_blank"
          rel="noopener noreferrer"
          className="mx-auto max-w-full truncate text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          {channel.href.replace(/^https?:\/\//, "")}
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
        <DialogFooter className="sm:justify-center">
          <DialogClose asChild>
            <Button variant="outline" className="min-w-32">
              Close
            </Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function QrUnavailable() {
  return (
    <p className="px-4 text-sm text-muted-foreground">
      The QR code is not available right now. Use the link below instead.
    </p>
  );
}
