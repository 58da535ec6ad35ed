import type { User } from "@vastra/contracts/auth";
import { BadgeCheck, Gift, ShieldCheck } from "lucide-react";
import { Badge } from "~/components/ui/badge";
import { Card } from "~/components/ui/card";
import { AddressBookPanel, type AddressBookPanelProps } from "./address-book-panel";
import { BasicInfoPanel } from "./basic-info-panel";
import { EmailPanel } from "./email-panel";
import { PasswordPanel } from "./password-panel";
import type { PanelName } from "./profile-panel-kit";
import type { AuthResult } from "./types";

export type ProfilePageProps = {
  user: User;
  /** Panels opened by the address (?open=basic|email|password), for pages without JavaScript. */
  open: PanelName[];
  /** The answer to a profile form posted before JavaScript ran. */
  result: AuthResult | undefined;
  /** The saved addresses (record 0040). */
  addressBook: Pick<AddressBookPanelProps, "addresses" | "failed" | "startEditing">;
};

/** /profile (storefront.md §2 Profile, §4): who you are, and three panels to change it. */
export function ProfilePage({ user, open, result, addressBook }: ProfilePageProps) {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8 lg:py-16">
      <header className="mb-8 grid gap-2 sm:mb-10">
        <p className="flex items-center gap-3 text-xs font-semibold tracking-[0.28em] text-gold-700 uppercase">
          <span aria-hidden="true" className="h-px w-10 bg-gold-500" />
          Your account
        </p>
        <h1 className="font-display text-4xl leading-tight font-semibold text-primary sm:text-5xl">
          My Profile
        </h1>
        <p className="max-w-2xl text-muted-foreground">
          Manage your personal details, the email address you sign in with, your password and your
          delivery addresses.
        </p>
      </header>

      <div className="grid items-start gap-6 lg:grid-cols-[19rem_minmax(0,1fr)] lg:gap-8">
        <SummaryCard user={user} />
        <div className="grid gap-6">
          <BasicInfoPanel user={user} startOpen={open.includes("basic")} result={result} />
          <EmailPanel user={user} startOpen={open.includes("email")} result={result} />
          <PasswordPanel startOpen={open.includes("password")} result={result} />
          <AddressBookPanel user={user} {...addressBook} result={result} />
        </div>
      </div>
    </div>
  );
}

function SummaryCard({ user }: { user: User }) {
  const initial = (user.name.trim().charAt(0) || "?").toUpperCase();
  return (
    <Card className="items-center overflow-hidden text-center lg:sticky lg:top-28">
      <div
        aria-hidden="true"
        className="h-20 w-full bg-[linear-gradient(120deg,var(--color-maroon-800),var(--color-maroon-600)_60%,var(--color-gold-500))]"
      />
      <div className="-mt-11 grid size-22 place-items-center rounded-full border-4 border-card bg-maroon-100 font-display text-4xl font-semibold text-primary shadow-sm">
        <span aria-hidden="true">{initial}</span>
      </div>
      <div className="grid w-full gap-1 px-5 pt-3 pb-6">
        <h2 className="font-display text-2xl leading-tight font-semibold break-words text-foreground">
          {user.name}
        </h2>
        <p className="text-sm [overflow-wrap:anywhere] text-muted-foreground">{user.email}</p>
        <div className="mt-3 flex flex-wrap justify-center gap-2">
          {user.emailVerified ? (
            <Badge variant="success">
              <BadgeCheck aria-hidden="true" />
              Email Verified
            </Badge>
          ) : (
            <Badge variant="destructive">Email not verified</Badge>
          )}
          <Badge variant="gold">
            <ShieldCheck aria-hidden="true" />
            Account Secure
          </Badge>
        </div>
        {user.affiliateCode ? (
          <div className="mt-5 grid gap-1 rounded-md border border-dashed border-gold-300 bg-gold-50 px-4 py-3">
            <p className="flex items-center justify-center gap-1.5 text-xs font-semibold tracking-[0.14em] text-gold-800 uppercase">
              <Gift aria-hidden="true" className="size-3.5" />
              Your referral code
            </p>
            <p className="font-mono text-lg font-semibold tracking-[0.2em] text-foreground">
              {user.affiliateCode}
            </p>
          </div>
        ) : null}
      </div>
    </Card>
  );
}
