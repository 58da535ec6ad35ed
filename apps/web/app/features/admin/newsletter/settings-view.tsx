import {
  DEFAULT_NEWSLETTER_COLORS,
  NEWSLETTER_ADMIN_MESSAGES,
  type NewsletterSettings,
} from "@vastra/contracts/admin-newsletter";
import { RotateCcw, Save } from "lucide-react";
import * as React from "react";
import { useRevalidator } from "react-router";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { ApiError, apiJson, browserFetch } from "~/lib/api";
import { useAdminBanner } from "../ui/banner";
import { ColorField } from "./color-field";

const EMPTY: NewsletterSettings = {
  ...DEFAULT_NEWSLETTER_COLORS,
  companyName: "",
  logoUrl: "",
  websiteUrl: "",
  headerImage: "",
  footerText: "",
  socialLinks: { instagram: "", facebook: "", twitter: "", linkedin: "" },
  customCSS: "",
};

const SOCIAL = [
  ["instagram", "Instagram"],
  ["facebook", "Facebook"],
  ["twitter", "X (Twitter)"],
  ["linkedin", "LinkedIn"],
] as const;

/** Settings (admin.md §3): every field of the newsletter's look, saved with PUT. */
export function SettingsView({ settings }: { settings: NewsletterSettings | null }) {
  const banner = useAdminBanner();
  const revalidator = useRevalidator();
  const [form, setForm] = React.useState<NewsletterSettings>(settings ?? EMPTY);
  const [errors, setErrors] = React.useState<Record<string, string>>({});
  const [busy, setBusy] = React.useState(false);

  const set = <K extends keyof NewsletterSettings>(key: K, value: NewsletterSettings[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors(({ [key]: _gone, ...rest }) => rest);
  };
  const setSocial = (key: keyof NewsletterSettings["socialLinks"], value: string) => {
    setForm((f) => ({ ...f, socialLinks: { ...f.socialLinks, [key]: value } }));
    setErrors(({ [`socialLinks.${key}`]: _gone, ...rest }) => rest);
  };

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      const reply = await apiJson<{ message: string; settings: NewsletterSettings }>(
        browserFetch,
        "/api/newsletter/settings",
        { method: "PUT", body: form, fallback: NEWSLETTER_ADMIN_MESSAGES.settingsSaveFailed },
      );
      setForm(reply.settings);
      setErrors({});
      banner.success(reply.message ?? NEWSLETTER_ADMIN_MESSAGES.settingsSaved);
      revalidator.revalidate();
    } catch (e) {
      if (e instanceof ApiError) setErrors(e.errors);
      banner.error(
        e instanceof ApiError ? e.message : NEWSLETTER_ADMIN_MESSAGES.settingsSaveFailed,
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={save} noValidate aria-label="Newsletter settings" className="grid gap-6">
      <fieldset className="grid gap-4 rounded-lg border border-border bg-card p-4 sm:p-6">
        <legend className="px-1 font-display font-semibold text-lg">Colours</legend>
        <div className="grid gap-4 sm:grid-cols-3">
          <ColorField
            label="Primary colour"
            value={form.primaryColor}
            error={errors.primaryColor}
            onChange={(v) => set("primaryColor", v)}
            hint="Header and headings"
          />
          <ColorField
            label="Secondary colour"
            value={form.secondaryColor}
            error={errors.secondaryColor}
            onChange={(v) => set("secondaryColor", v)}
            hint="Footer and notes"
          />
          <ColorField
            label="Accent colour"
            value={form.accentColor}
            error={errors.accentColor}
            onChange={(v) => set("accentColor", v)}
            hint="Buttons"
          />
        </div>
        <div>
          <Button
            type="button"
            variant="ghost"
            size="sm"
            onClick={() => setForm((f) => ({ ...f, ...DEFAULT_NEWSLETTER_COLORS }))}
          >
            <RotateCcw aria-hidden="true" />
            Default colours
          </Button>
        </div>
      </fieldset>

      <fieldset className="grid gap-4 rounded-lg border border-border bg-card p-4 sm:grid-cols-2 sm:p-6">
        <legend className="px-1 font-display font-semibold text-lg">Brand</legend>
        <Field label="Company name" error={errors.companyName} hint="Empty: the store's name">
          <Input
            value={form.companyName}
            onChange={(e) => set("companyName", e.target.value)}
            maxLength={100}
            placeholder="Vastra"
          />
        </Field>
        <Field label="Website URL" error={errors.websiteUrl} hint="Empty: the store's address">
          <Input
            value={form.websiteUrl}
            onChange={(e) => set("websiteUrl", e.target.value)}
            placeholder="https://…"
            inputMode="url"
          />
        </Field>
        <Field
          label="Logo URL"
          error={errors.logoUrl}
          hint="A path on the store (/…) or https://…; empty shows the name"
        >
          <Input
            value={form.logoUrl}
            onChange={(e) => set("logoUrl", e.target.value)}
            inputMode="url"
          />
        </Field>
        <Field
          label="Default header image URL"
          error={errors.headerImage}
          hint="Used when a newsletter has no image of its own"
        >
          <Input
            value={form.headerImage}
            onChange={(e) => set("headerImage", e.target.value)}
            inputMode="url"
          />
        </Field>
        <Field label="Footer text" error={errors.footerText} className="sm:col-span-2">
          <Textarea
            rows={2}
            value={form.footerText}
            onChange={(e) => set("footerText", e.target.value)}
            maxLength={1000}
            placeholder="You are receiving this e-mail because you subscribed to the Vastra newsletter."
          />
        </Field>
      </fieldset>

      <fieldset className="grid gap-4 rounded-lg border border-border bg-card p-4 sm:grid-cols-2 sm:p-6">
        <legend className="px-1 font-display font-semibold text-lg">Social links</legend>
        {SOCIAL.map(([key, label]) => (
          <Field key={key} label={label} error={errors[`socialLinks.${key}`]}>
            <Input
              value={form.socialLinks[key]}
              onChange={(e) => setSocial(key, e.target.value)}
              placeholder="https://…"
              inputMode="url"
            />
          </Field>
        ))}
      </fieldset>

      <fieldset className="grid gap-4 rounded-lg border border-border bg-card p-4 sm:p-6">
        <legend className="px-1 font-display font-semibold text-lg">Custom CSS</legend>
        <Field
          label="Custom CSS"
          hideLabel
          error={errors.customCSS}
          hint={
            <>
              Applies only inside newsletter e-mails (inlined when sent). Classes:{" "}
              <code>nl-header</code>, <code>nl-title</code>, <code>nl-text</code>,{" "}
              <code>nl-button</code>, <code>nl-note</code>, <code>nl-footer</code>.
            </>
          }
        >
          <Textarea
            rows={6}
            value={form.customCSS}
            onChange={(e) => set("customCSS", e.target.value)}
            spellCheck={false}
            className="font-mono text-sm"
            placeholder=".nl-title { letter-spacing: 1px; }"
          />
        </Field>
      </fieldset>

      <div>
        <Button type="submit" loading={busy}>
          <Save aria-hidden="true" />
          Save settings
        </Button>
      </div>
    </form>
  );
}
