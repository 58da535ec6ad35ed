/**
 * Stored XSS (issue #12): 200 payloads (e2e/helpers/xss-payloads.ts), stored through the API in
 * every field a shopper, an admin or a visitor can fill that some page or e-mail shows again — a
 * shopper's name and address (an order), a review, a product's title, description, colours and
 * sizes, category names, an ad's texts and link, order notes, the newsletter's settings (with
 * customCSS) and a sent newsletter, a contact message — then rendered in Chromium on the
 * storefront, the admin and in the e-mails. A payload that runs calls `xss(id)`; none may, and no
 * page may report a Content-Security-Policy violation (the CSP would be the only thing stopping it).
 *
 * Desktop only: the same server-rendered HTML and the same React components render the stored
 * text at both widths; the phone layout changes which elements show, not how text is escaped.
 */
import type { APIRequestContext, Browser, BrowserContext, Page } from "@playwright/test";
import { runToken } from "./fixtures/store.ts";
import { expect, test } from "./fixtures/test.ts";
import { DEMO_ADMIN, SHOPPER_PASSWORD } from "./helpers/accounts.ts";
import { codeFor, freshEmail } from "./helpers/mailbox.ts";
import { PAYLOADS, payloadDealer, payloadIdsIn } from "./helpers/xss-payloads.ts";

test.skip(({ isMobile }) => isMobile, "desktop only: see the header comment");

/**
 * The store's length limit of each field the spec fills (packages/contracts: CATEGORY_NAME_MAX,
 * PRODUCT_LIMITS, AD_*_MAX, ORDER_NOTES_MAX, REVIEW_MAX_LENGTH, the order, contact, register and
 * newsletter schemas). Each field gets the payloads that fit in it; the long ones go to the roomy
 * fields, so all 200 are stored somewhere they render.
 */
const LIMITS = {
  categoryName: 60,
  productTitle: 200,
  productDescription: 5000,
  size: 20,
  color: 40,
  adTitle: 120,
  adDescription: 500,
  adButtonText: 40,
  companyName: 100,
  footerText: 1000,
  customCSS: 20_000,
  name: 100,
  orderAddress: 600,
  streetAddress: 200,
  apartment: 200,
  city: 100,
  review: 2000,
  orderNotes: 2000,
  contactMessage: 5000,
  newsletterSubject: 200,
  newsletterTitle: 200,
  newsletterDescription: 10_000,
  newsletterButtonText: 60,
  newsletterFooter: 1000,
} as const;

type Hit = { id: number; where: string };

/** A browser context whose pages report payload runs and CSP violations into `hits`/`problems`. */
async function watchedContext(
  browser: Browser,
  baseURL: string,
  hits: Hit[],
  problems: string[],
): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  await context.exposeBinding("xss", ({ frame }, id: number) => {
    hits.push({ id, where: frame.url() });
  });
  await context.exposeBinding("__xssCsp", ({ frame }, detail: string) => {
    problems.push(`CSP violation on ${frame.url()}: ${detail}`);
  });
  await context.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      (window as unknown as { __xssCsp(d: string): void }).__xssCsp(
        `${event.effectiveDirective} blocked ${event.blockedURI || "(inline)"} sample ${JSON.stringify(event.sample)}`,
      );
    });
  });
  context.on("page", (page) => {
    page.on("console", (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) {
        problems.push(`CSP console on ${page.url()}: ${message.text()}`);
      }
    });
    page.on("pageerror", (error) => problems.push(`exception on ${page.url()}: ${error.message}`));
  });
  return context;
}

/** Opens path and waits until the page is hydrated and quiet (handlers such as onerror have run). */
async function visit(page: Page, path: string, problems: string[]): Promise<number[]> {
  const res = await page.goto(path);
  expect(res?.status(), `GET ${path}`).toBeLessThan(400);
  await page.waitForLoadState("networkidle");
  await checkLinks(page, path, problems);
  return shownPayloads(page);
}

/**
 * How many payloads the page shows as text (or holds in its form fields): a page that showed none
 * would pass without testing anything.
 */
async function shownPayloads(page: Page): Promise<number[]> {
  const text = await page.evaluate(() => {
    const values = [...document.querySelectorAll("input, textarea")].map(
      (el) => (el as HTMLInputElement).value,
    );
    return [document.body.innerText, document.title, ...values].join("\n");
  });
  return payloadIdsIn(text);
}

/**
 * Links and sources that would run script when clicked or loaded (javascript:, vbscript:, HTML
 * data: URLs), which no marker call reveals until someone clicks. Browsers drop tabs and newlines
 * from URLs and ignore leading spaces and control characters, so the check does too.
 */
async function checkLinks(page: Page, where: string, problems: string[]): Promise<void> {
  const bad = await page.evaluate(() =>
    [...document.querySelectorAll("[href],[src],[action],[formaction],[xlink\\:href]")].flatMap(
      (el) =>
        ["href", "src", "action", "formaction", "xlink:href"]
          .map((name) => el.getAttribute(name) ?? "")
          .filter((value) =>
            /^(javascript|vbscript|data:text\/html)/i.test(
              // What a browser reads: no tabs or newlines, and no leading spaces or controls.
              [...value.replace(/[\t\n\r]/g, "")]
                .filter((_c, i, all) => all.slice(0, i + 1).some((d) => d.charCodeAt(0) > 32))
                .join(""),
            ),
          )
          .map((value) => `<${el.tagName.toLowerCase()}> ${value}`),
    ),
  );
  for (const link of bad) problems.push(`script URL on ${where}: ${link}`);
}

async function ok(res: Awaited<ReturnType<APIRequestContext["post"]>>, what: string) {
  expect(res.status(), `${what}: ${(await res.text()).slice(0, 300)}`).toBeLessThan(300);
  return res.json().catch(() => ({}));
}

/**
 * Sends body; when the store refuses it (400) because of a URL field — a fair defence — sends it
 * again with those fields set to `fallback`'s values. Returns the reply's JSON.
 */
async function storeWithUrlFallback(
  send: (body: Record<string, unknown>) => ReturnType<APIRequestContext["post"]>,
  body: Record<string, unknown>,
  fallback: Record<string, unknown>,
  what: string,
): Promise<unknown> {
  const first = await send(body);
  if (first.status() !== 400) return ok(first, what);
  return ok(await send({ ...body, ...fallback }), `${what} (plain URLs)`);
}

test("stored payloads never run on the storefront, in the admin or in e-mails", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const hits: Hit[] = [];
  const problems: string[] = [];
  const deal = payloadDealer();
  const token = runToken();
  const shopperContext = await watchedContext(browser, baseURL!, hits, problems);
  const adminContext = await watchedContext(browser, baseURL!, hits, problems);
  const shopper = await shopperContext.newPage();
  const admin = await adminContext.newPage();

  // ------------------------------------------------------------------ stored by the admin
  const signedIn = await admin.request.post("/api/auth/login", {
    data: { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password },
  });
  expect(signedIn.status(), "admin sign-in").toBe(200);
  const api = admin.request;

  const categoryIds: string[] = [];
  for (let i = 0; i < 3; i++) {
    const created = (await ok(
      await api.post("/api/categories", {
        // Unique per run and per category: the token and number stay whole at the end.
        data: { name: `${deal.take(LIMITS.categoryName - token.length - 2)} ${token}${i}` },
      }),
      "category",
    )) as { _id?: string; category?: { _id: string } };
    categoryIds.push((created.category?._id ?? created._id)!);
  }

  const demo = (await (await api.get("/api/products?limit=1")).json()) as Array<{
    imageUrl: string;
  }>;
  const imageUrl = demo[0]!.imageUrl;
  const sizes = [...new Set(Array.from({ length: 6 }, () => deal.take(LIMITS.size)))];
  const product = (await ok(
    await api.post("/api/admin/products", {
      data: {
        title: `${deal.take(LIMITS.productTitle - token.length - 1)} ${token}`,
        description: deal.take(LIMITS.productDescription),
        price: 1299,
        gender: "Unisex",
        sizeStock: sizes.map((size) => ({ size, stock: 50 })),
        sizes,
        colors: Array.from({ length: 6 }, () => deal.take(LIMITS.color)),
        categories: categoryIds,
        imageUrl,
      },
    }),
    "product",
  )) as { product?: { _id: string }; _id?: string };
  const productId = (product.product?._id ?? product._id)!;

  await storeWithUrlFallback(
    (data) => api.post("/api/admin/advertisements", { data }),
    {
      title: deal.take(LIMITS.adTitle),
      description: deal.take(LIMITS.adDescription),
      buttonText: deal.take(LIMITS.adButtonText),
      buttonLink: deal.url(),
      targetPage: "custom",
      imageUrl,
      isActive: true,
      priority: 10,
    },
    { buttonLink: "/products" },
    "advertisement",
  );

  const oldSettings = (
    (await (await api.get("/api/newsletter/settings")).json()) as { settings: unknown }
  ).settings;
  const urls = () => ({
    websiteUrl: deal.url(),
    logoUrl: deal.url(),
    headerImage: deal.url(),
    socialLinks: { instagram: deal.url(), facebook: deal.url(), twitter: deal.url(), linkedin: "" },
  });
  const plainUrls = {
    websiteUrl: "https://example.in/",
    logoUrl: "",
    headerImage: "",
    socialLinks: { instagram: "", facebook: "", twitter: "", linkedin: "" },
  };
  await storeWithUrlFallback(
    (data) => api.put("/api/newsletter/settings", { data }),
    {
      companyName: deal.take(LIMITS.companyName),
      footerText: deal.take(LIMITS.footerText),
      customCSS: deal.css(LIMITS.customCSS),
      ...urls(),
    },
    plainUrls,
    "newsletter settings",
  );

  // ------------------------------------------------------------------ stored by a shopper
  const email = freshEmail(`xss-${token}`);
  const name = deal.take(LIMITS.name);
  await ok(
    await shopper.request.post("/api/auth/register", {
      data: { name, email, password: SHOPPER_PASSWORD },
    }),
    "register",
  );
  const otp = await codeFor(shopper.request, email, "verification");
  await ok(await shopper.request.post("/api/auth/verify-otp", { data: { email, otp } }), "verify");
  await ok(
    await shopper.request.post("/api/auth/login", { data: { email, password: SHOPPER_PASSWORD } }),
    "sign in",
  );
  // The admin's payload product in a payload size, so the order's lines carry payloads too.
  await ok(
    await shopper.request.post("/api/cart/add", {
      data: { productId, size: sizes[0], quantity: 1 },
    }),
    "add to cart",
  );
  const placed = (await ok(
    await shopper.request.post("/api/orders", {
      data: {
        user: {
          name: deal.take(LIMITS.name),
          email,
          phone: "9845012345",
          address: deal.take(LIMITS.orderAddress),
        },
        items: [{ productId, size: sizes[0], quantity: 1 }],
        totalAmount: 1299,
        shippingAddress: {
          streetAddress: deal.take(LIMITS.streetAddress),
          apartment: deal.take(LIMITS.apartment),
          city: deal.take(LIMITS.city),
          state: "Karnataka",
          pincode: "560025",
        },
      },
    }),
    "order",
  )) as { order: { _id: string; orderNumber: string } };
  const { order } = placed;
  await ok(
    await shopper.request.post("/api/reviews", {
      data: { productId, rating: 4, comment: deal.take(LIMITS.review) },
    }),
    "review",
  );
  await ok(
    await api.patch(`/api/orders/${order._id}/notes`, {
      data: { notes: deal.take(LIMITS.orderNotes) },
    }),
    "order notes",
  );
  await ok(
    await shopper.request.post("/api/contact", {
      data: {
        name: deal.take(LIMITS.name),
        email,
        subject: "general",
        message: deal.take(LIMITS.contactMessage),
      },
    }),
    "contact message",
  );
  await ok(
    await shopper.request.post("/api/newsletter/subscribe", { data: { email } }),
    "subscribe",
  );

  // The newsletter: previewed and sent (to the subscribers, this shopper among them).
  const template = {
    subject: deal.take(LIMITS.newsletterSubject),
    mainTitle: deal.take(LIMITS.newsletterTitle),
    description: deal.take(LIMITS.newsletterDescription),
    buttonText: deal.take(LIMITS.newsletterButtonText),
    buttonUrl: deal.url(),
    footerMessage: deal.take(LIMITS.newsletterFooter),
    companyName: deal.take(LIMITS.companyName),
  };
  await storeWithUrlFallback(
    (data) => api.post("/api/newsletter/preview-modern", { data }),
    template,
    { buttonUrl: "https://example.in/" },
    "newsletter preview",
  );
  await storeWithUrlFallback(
    (data) => api.post("/api/newsletter/send-modern", { data }),
    template,
    { buttonUrl: "https://example.in/" },
    "newsletter",
  );

  expect(deal.covered(), "payloads stored at least once").toBe(PAYLOADS.length);

  // ------------------------------------------------------------------ rendered
  /** What each page showed, and every payload shown anywhere. */
  const shown: Record<string, number> = {};
  const everShown = new Set<number>();
  const show = (where: string, ids: number[]) => {
    shown[where] = ids.length;
    for (const id of ids) everShown.add(id);
  };
  try {
    for (const path of ["/", "/products", `/products/${productId}`, "/orders", "/profile"]) {
      show(path, await visit(shopper, path, problems));
    }
    for (const path of [
      "/admin",
      "/admin/orders",
      `/admin/orders/${order._id}/bill`,
      "/admin/products",
      "/admin/categories",
      "/admin/reviews",
      "/admin/advertisements",
      "/admin/newsletter",
      "/admin/newsletter?view=settings",
      "/dev/mailbox",
    ]) {
      show(path, await visit(admin, path, problems));
    }
    // The order's details dialog.
    await visit(admin, `/admin/orders?search=${encodeURIComponent(email)}`, problems);
    await admin
      .getByRole("button", { name: `Details of order ${order.orderNumber}` })
      .first()
      .click();
    await expect(admin.getByRole("dialog")).toBeVisible();
    await admin.waitForLoadState("networkidle");
    await checkLinks(admin, "the order's details", problems);
    show("the order's details", await shownPayloads(admin));

    // Every stored e-mail that carries a payload, as its own (unsandboxed, CSP-free) page.
    let mails: Array<{ to: string; subject: string; html: string }> = [];
    await expect
      .poll(
        async () => {
          mails = (await (await api.get("/api/dev/mailbox")).json()) as typeof mails;
          return mails.filter((m) => m.to === email && /xss\(/.test(m.html)).length;
        },
        { message: "the newsletter e-mail should reach the shopper", timeout: 30_000 },
      )
      .toBeGreaterThan(0);
    const carrying = mails.filter((m) => /xss\(/.test(m.html) || /xss\(/.test(m.subject));
    expect(carrying.length, "e-mails with payloads").toBeGreaterThanOrEqual(2);
    const mailContext = await watchedContext(browser, baseURL!, hits, problems);
    const mailPage = await mailContext.newPage();
    // The watch itself: a payload that does run (an e-mail page has no CSP) is reported, as 0.
    await mailPage.setContent("<img src=x onerror=xss(0)>");
    await expect
      .poll(() => hits.some((h) => h.id === 0), { message: "the watch works" })
      .toBe(true);
    hits.splice(0, hits.length, ...hits.filter((h) => h.id !== 0));
    for (const mail of carrying) {
      await mailPage.setContent(mail.html, { waitUntil: "load" });
      await mailPage.evaluate(() => new Promise((r) => requestAnimationFrame(() => r(null))));
      await checkLinks(mailPage, `the e-mail "${mail.subject.slice(0, 60)}"`, problems);
      show(`the e-mail "${mail.subject.slice(0, 60)}"`, await shownPayloads(mailPage));
    }
    await mailContext.close();
  } finally {
    await api.put("/api/newsletter/settings", { data: oldSettings });
  }

  // Each page showed stored payloads (as text), and together they showed every one of the 200.
  expect(
    Object.keys(shown).filter((where) => shown[where] === 0),
    "pages that showed no payload",
  ).toEqual([]);
  expect(
    PAYLOADS.filter((p) => !everShown.has(p.id)).map((p) => p.text),
    "payloads no page or e-mail showed",
  ).toEqual([]);

  const ran = hits.map((h) => `${PAYLOADS[h.id - 1]?.text ?? h.id} on ${h.where}`);
  expect(ran, "payloads that ran").toEqual([]);
  expect(problems, "CSP violations and page errors").toEqual([]);
  await shopperContext.close();
  await adminContext.close();
});
