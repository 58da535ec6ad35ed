import {
  DEFAULT_BUTTON_TEXT,
  DEFAULT_BUTTON_URL,
  DEFAULT_NEWSLETTER_COLORS,
  NEWSLETTER_ADMIN_MESSAGES,
  NEWSLETTER_QUICK_TEMPLATES,
  type NewsletterCampaign,
  type NewsletterSendReply,
  type NewsletterSettings,
} from "@vastra/contracts/admin-newsletter";
import { Eye, ImageUp, LayoutTemplate, MailCheck, Send, X } from "lucide-react";
import * as React from "react";
import { useNavigate } from "react-router";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Spinner } from "~/components/ui/spinner";
import { Textarea } from "~/components/ui/textarea";
import { ApiError, apiJson, browserFetch } from "~/lib/api";
import { uploadFile } from "~/lib/upload";
import { useAdminBanner } from "../ui/banner";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { messageOf } from "../ui/use-admin-action";
import { CampaignProgress, useCampaign } from "./campaign-progress";
import { ColorField } from "./color-field";
import { formatCount, viewHref } from "./views";

export type Draft = {
  subject: string;
  mainTitle: string;
  description: string;
  headerImage: string;
  buttonText: string;
  buttonUrl: string;
  footerMessage: string;
  primaryColor: string;
  accentColor: string;
  companyName: string;
  logoUrl: string;
};

const DRAFT_KEY = "vastra.newsletter.draft";
export const PREVIEW_DELAY_MS = 600;

function emptyDraft(settings: NewsletterSettings | null): Draft {
  return {
    subject: "",
    mainTitle: "",
    description: "",
    headerImage: "",
    buttonText: DEFAULT_BUTTON_TEXT,
    buttonUrl: DEFAULT_BUTTON_URL,
    footerMessage: "",
    primaryColor: settings?.primaryColor ?? DEFAULT_NEWSLETTER_COLORS.primaryColor,
    accentColor: settings?.accentColor ?? DEFAULT_NEWSLETTER_COLORS.accentColor,
    companyName: settings?.companyName ?? "",
    logoUrl: settings?.logoUrl ?? "",
  };
}

/** Uploads one image with its progress (0-100) through the advertisement upload route. */
async function uploadImage(file: File, sessionId: string, onProgress: (p: number) => void) {
  const { status, body } = await uploadFile({
    url: "/api/admin/advertisements/upload/temp",
    file,
    sessionId,
    onProgress: (fraction) => onProgress(Math.round(fraction * 100)),
  }).promise.catch(() => {
    throw new Error(NEWSLETTER_ADMIN_MESSAGES.uploadFailed);
  });
  if (status >= 200 && status < 300 && body.success !== false && body.imageUrl) {
    return body.imageUrl;
  }
  throw new Error(body.message || NEWSLETTER_ADMIN_MESSAGES.uploadFailed);
}

/**
 * Compose (admin.md §2, §3, §5): the quick templates, the template's fields with an image
 * upload, a live preview of the e-mail exactly as it will be sent (the server renders it), and
 * the send after a confirmation naming the active subscriber count, followed by its progress.
 */
export function ComposeView({
  settings,
  activeSubscribers,
  running,
}: {
  settings: NewsletterSettings | null;
  activeSubscribers: number | null;
  running: NewsletterCampaign | null;
}) {
  const banner = useAdminBanner();
  const navigate = useNavigate();
  const [draft, setDraft] = React.useState<Draft>(() => emptyDraft(settings));
  const [errors, setErrors] = React.useState<Record<string, string>>({});
  const [confirming, setConfirming] = React.useState(false);
  const [sent, setSent] = React.useState<NewsletterCampaign | null>(running);
  const [sessionId] = React.useState(() =>
    typeof crypto !== "undefined" && "randomUUID" in crypto ? crypto.randomUUID() : "",
  );
  const [upload, setUpload] = React.useState<number | null>(null);
  const fileInput = React.useRef<HTMLInputElement>(null);
  const restored = React.useRef(false);

  // The draft survives switching views or reloading (this browser tab only).
  React.useEffect(() => {
    if (restored.current) return;
    restored.current = true;
    try {
      const saved = sessionStorage.getItem(DRAFT_KEY);
      if (saved) setDraft((d) => ({ ...d, ...(JSON.parse(saved) as Partial<Draft>) }));
    } catch {
      // storage unavailable: start empty
    }
  }, []);
  React.useEffect(() => {
    if (!restored.current) return;
    try {
      sessionStorage.setItem(DRAFT_KEY, JSON.stringify(draft));
    } catch {
      // storage full or unavailable: the draft lives in memory only
    }
  }, [draft]);

  const campaign = useCampaign(sent, (done) => {
    if (done.status === "sent") {
      banner.success(done.message ?? NEWSLETTER_ADMIN_MESSAGES.sendFailed);
      try {
        sessionStorage.removeItem(DRAFT_KEY);
      } catch {
        // nothing to forget
      }
      navigate(viewHref("overview"));
    } else {
      banner.error(done.message ?? NEWSLETTER_ADMIN_MESSAGES.sendFailed);
    }
  });
  const sending =
    campaign !== null && (campaign.status === "queued" || campaign.status === "sending");

  const set = (key: keyof Draft, value: string) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setErrors(({ [key]: _gone, ...rest }) => rest);
  };

  const applyTemplate = (index: number) => {
    const quick = NEWSLETTER_QUICK_TEMPLATES[index];
    if (!quick) return;
    setDraft((d) => ({ ...d, ...quick.template }));
    setErrors({});
  };

  // ---- live preview
  const [preview, setPreview] = React.useState<{ html: string } | null>(null);
  const [previewError, setPreviewError] = React.useState<string | null>(null);
  const [previewing, setPreviewing] = React.useState(false);
  const canPreview = Boolean(draft.subject.trim() && draft.mainTitle.trim());
  React.useEffect(() => {
    if (!canPreview) {
      setPreviewError(null);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      setPreviewing(true);
      try {
        const res = await browserFetch("/api/newsletter/preview-modern", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(draft),
          signal: controller.signal,
        });
        const body = (await res.json().catch(() => ({}))) as {
          html?: string;
          message?: string;
          errors?: Record<string, string>;
        };
        if (!res.ok || !body.html) {
          setPreviewError(body.message || NEWSLETTER_ADMIN_MESSAGES.previewFailed);
          if (body.errors) setErrors((e) => ({ ...e, ...body.errors }));
          return;
        }
        setPreview({ html: body.html });
        setPreviewError(null);
      } catch (error) {
        if ((error as Error).name !== "AbortError") {
          setPreviewError(NEWSLETTER_ADMIN_MESSAGES.previewFailed);
        }
      } finally {
        if (!controller.signal.aborted) setPreviewing(false);
      }
    }, PREVIEW_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [draft, canPreview]);

  // ---- send
  const askToSend = () => {
    const required = NEWSLETTER_ADMIN_MESSAGES.sendRequired;
    const missing = (["subject", "mainTitle", "description"] as const).filter(
      (k) => !draft[k].trim(),
    );
    if (missing.length > 0) {
      setErrors((e) => ({ ...e, ...Object.fromEntries(missing.map((k) => [k, required])) }));
      banner.error(required);
      document.getElementById(`compose-${missing[0]}`)?.focus();
      return;
    }
    setConfirming(true);
  };

  const send = async () => {
    try {
      const reply = await apiJson<NewsletterSendReply>(
        browserFetch,
        "/api/newsletter/send-modern",
        { method: "POST", body: draft, fallback: NEWSLETTER_ADMIN_MESSAGES.sendFailed },
      );
      setSent(reply.campaign);
    } catch (e) {
      if (e instanceof ApiError) setErrors(e.errors);
      banner.error(messageOf(e, NEWSLETTER_ADMIN_MESSAGES.sendFailed));
    }
  };

  // ---- a test to the signed-in admin (record 0042)
  const [testing, setTesting] = React.useState(false);
  const sendTest = async () => {
    const required = NEWSLETTER_ADMIN_MESSAGES.previewRequired;
    const missing = (["subject", "mainTitle"] as const).filter((k) => !draft[k].trim());
    if (missing.length > 0) {
      setErrors((e) => ({ ...e, ...Object.fromEntries(missing.map((k) => [k, required])) }));
      banner.error(required);
      document.getElementById(`compose-${missing[0]}`)?.focus();
      return;
    }
    setTesting(true);
    try {
      const reply = await apiJson<{ message: string }>(browserFetch, "/api/newsletter/send-test", {
        method: "POST",
        body: draft,
        fallback: NEWSLETTER_ADMIN_MESSAGES.testFailed,
      });
      banner.success(reply.message);
    } catch (e) {
      if (e instanceof ApiError) setErrors(e.errors);
      banner.error(messageOf(e, NEWSLETTER_ADMIN_MESSAGES.testFailed));
    } finally {
      setTesting(false);
    }
  };

  const chooseImage = async (file: File | undefined) => {
    if (!file) return;
    if (!file.type.startsWith("image/")) {
      setErrors((e) => ({ ...e, headerImage: "Please choose an image file" }));
      return;
    }
    setUpload(0);
    try {
      const url = await uploadImage(file, sessionId, setUpload);
      set("headerImage", url);
      banner.success(NEWSLETTER_ADMIN_MESSAGES.imageUploaded);
    } catch (e) {
      const message = e instanceof Error ? e.message : NEWSLETTER_ADMIN_MESSAGES.uploadFailed;
      setErrors((x) => ({ ...x, headerImage: message }));
      banner.error(message);
    } finally {
      setUpload(null);
      if (fileInput.current) fileInput.current.value = "";
    }
  };

  const count = activeSubscribers ?? 0;

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] lg:items-start">
      <div className="grid gap-6">
        <section
          aria-labelledby="templates-heading"
          className="grid gap-3 rounded-lg border border-border bg-card p-4 sm:p-5"
        >
          <h3 id="templates-heading" className="flex items-center gap-2 font-medium">
            <LayoutTemplate aria-hidden="true" className="size-4 text-primary" />
            Quick templates
          </h3>
          <div className="grid gap-2 sm:grid-cols-3">
            {NEWSLETTER_QUICK_TEMPLATES.map((t, i) => (
              <Button
                key={t.name}
                type="button"
                variant="outline"
                className="h-auto min-h-11 whitespace-normal py-2"
                disabled={sending}
                onClick={() => applyTemplate(i)}
              >
                {t.name}
              </Button>
            ))}
          </div>
        </section>

        <form
          noValidate
          aria-label="Compose newsletter"
          onSubmit={(e) => {
            e.preventDefault();
            askToSend();
          }}
          className="grid gap-4 rounded-lg border border-border bg-card p-4 sm:p-5"
        >
          <fieldset disabled={sending} className="grid gap-4">
            <Field label="Subject" required error={errors.subject} id="compose-subject">
              <Input
                value={draft.subject}
                onChange={(e) => set("subject", e.target.value)}
                maxLength={200}
              />
            </Field>
            <Field label="Main title" required error={errors.mainTitle} id="compose-mainTitle">
              <Input
                value={draft.mainTitle}
                onChange={(e) => set("mainTitle", e.target.value)}
                maxLength={200}
              />
            </Field>
            <Field
              label="Description"
              required
              error={errors.description}
              id="compose-description"
              hint="A blank line starts a new paragraph."
            >
              <Textarea
                rows={6}
                value={draft.description}
                onChange={(e) => set("description", e.target.value)}
                maxLength={10_000}
              />
            </Field>

            <div className="grid gap-2">
              <Field
                label="Header image URL"
                error={errors.headerImage}
                id="compose-headerImage"
                hint="Upload a picture or paste a link; empty uses the settings' image."
              >
                <Input
                  value={draft.headerImage}
                  onChange={(e) => set("headerImage", e.target.value)}
                  inputMode="url"
                />
              </Field>
              <div className="flex flex-wrap items-center gap-3">
                <input
                  ref={fileInput}
                  type="file"
                  accept="image/*"
                  className="sr-only"
                  id="compose-image-file"
                  tabIndex={-1}
                  aria-hidden="true"
                  onChange={(e) => void chooseImage(e.target.files?.[0])}
                />
                <Button
                  type="button"
                  variant="secondary"
                  size="sm"
                  loading={upload !== null}
                  onClick={() => fileInput.current?.click()}
                >
                  <ImageUp aria-hidden="true" />
                  Upload image
                </Button>
                {draft.headerImage ? (
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    onClick={() => set("headerImage", "")}
                  >
                    <X aria-hidden="true" />
                    Remove image
                  </Button>
                ) : null}
                {upload !== null ? (
                  <div
                    role="progressbar"
                    aria-label="Uploading image"
                    aria-valuemin={0}
                    aria-valuemax={100}
                    aria-valuenow={upload}
                    className="h-2 w-40 overflow-hidden rounded-full bg-muted"
                  >
                    <div className="h-full bg-primary" style={{ width: `${upload}%` }} />
                  </div>
                ) : null}
              </div>
            </div>

            <div className="grid gap-4 sm:grid-cols-2">
              <Field label="Button text" error={errors.buttonText}>
                <Input
                  value={draft.buttonText}
                  onChange={(e) => set("buttonText", e.target.value)}
                  maxLength={60}
                />
              </Field>
              <Field label="Button link" error={errors.buttonUrl} hint="/products or https://…">
                <Input
                  value={draft.buttonUrl}
                  onChange={(e) => set("buttonUrl", e.target.value)}
                  inputMode="url"
                />
              </Field>
            </div>
            <Field label="Footer message" error={errors.footerMessage}>
              <Textarea
                rows={2}
                value={draft.footerMessage}
                onChange={(e) => set("footerMessage", e.target.value)}
                maxLength={1000}
              />
            </Field>

            <details className="group rounded-md border border-border p-3">
              <summary className="cursor-pointer font-medium text-sm">
                Look of this newsletter
              </summary>
              <div className="mt-4 grid gap-4 sm:grid-cols-2">
                <ColorField
                  label="Primary colour"
                  value={draft.primaryColor}
                  error={errors.primaryColor}
                  onChange={(v) => set("primaryColor", v)}
                />
                <ColorField
                  label="Accent colour"
                  value={draft.accentColor}
                  error={errors.accentColor}
                  onChange={(v) => set("accentColor", v)}
                />
                <Field label="Company name" error={errors.companyName}>
                  <Input
                    value={draft.companyName}
                    onChange={(e) => set("companyName", e.target.value)}
                    maxLength={100}
                  />
                </Field>
                <Field label="Logo URL" error={errors.logoUrl}>
                  <Input
                    value={draft.logoUrl}
                    onChange={(e) => set("logoUrl", e.target.value)}
                    inputMode="url"
                  />
                </Field>
              </div>
            </details>
          </fieldset>

          {campaign ? (
            <CampaignProgress campaign={campaign} />
          ) : (
            <div className="flex flex-wrap items-center gap-3 border-border border-t pt-4">
              <Button type="submit" disabled={activeSubscribers === 0}>
                <Send aria-hidden="true" />
                Send newsletter
              </Button>
              <Button
                type="button"
                variant="outline"
                loading={testing}
                loadingText="Sending test…"
                onClick={() => void sendTest()}
              >
                <MailCheck aria-hidden="true" />
                Send test to me
              </Button>
              <p className="text-muted-foreground text-sm">
                {activeSubscribers === null
                  ? "Goes to every active subscriber."
                  : activeSubscribers === 0
                    ? "There are no active subscribers yet."
                    : `Goes to ${formatCount(count)} active ${count === 1 ? "subscriber" : "subscribers"}.`}
              </p>
            </div>
          )}
        </form>
      </div>

      <section
        aria-labelledby="preview-heading"
        className="grid gap-3 rounded-lg border border-border bg-card p-4 sm:p-5 lg:sticky lg:top-36"
      >
        <div className="flex items-center justify-between gap-3">
          <h3 id="preview-heading" className="flex items-center gap-2 font-medium">
            <Eye aria-hidden="true" className="size-4 text-primary" />
            Preview
          </h3>
          {previewing ? <Spinner size="sm" label="Updating preview" /> : null}
        </div>
        {draft.subject.trim() ? (
          <p className="truncate text-sm">
            <span className="text-muted-foreground">Subject: </span>
            {draft.subject}
          </p>
        ) : null}
        {!canPreview ? (
          <p className="rounded-md border border-dashed p-8 text-center text-muted-foreground text-sm">
            {NEWSLETTER_ADMIN_MESSAGES.previewRequired}. Pick a quick template to start.
          </p>
        ) : previewError ? (
          <p role="alert" className="rounded-md bg-destructive-soft p-4 text-destructive text-sm">
            {previewError}
          </p>
        ) : null}
        {canPreview && preview ? (
          <iframe
            title="Newsletter preview"
            sandbox=""
            srcDoc={preview.html}
            className="h-[36rem] w-full rounded-md border border-border bg-white lg:h-[calc(100dvh-14rem)]"
          />
        ) : null}
      </section>

      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Send this newsletter?"
        description={`“${draft.subject.trim()}” will be e-mailed to ${formatCount(count)} active ${count === 1 ? "subscriber" : "subscribers"}. This cannot be undone.`}
        confirmLabel="Send newsletter"
        destructive={false}
        onConfirm={send}
      />
    </div>
  );
}
