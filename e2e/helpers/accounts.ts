/**
 * Accounts for browser tests that are about something else (cart, orders, the dashboard): made and
 * signed in through the API, so a test starts on its own page already signed in. The sign-in
 * cookie lands in the page's context, which shares it with page.request.
 */
import type { APIRequestContext, Page } from "@playwright/test";
import { expect } from "../fixtures/test.ts";
import { codeFor, freshEmail } from "./mailbox.ts";

export const SHOPPER_PASSWORD = "Kurta#Silk2026";

import { DEMO_ADMIN } from "./demo-admin.ts";

/** The demo admin the demo seed creates, with the password e2e/serve.ts gives it. */
export { DEMO_ADMIN };

export type Shopper = { name: string; email: string; password: string };

/** A new verified shopper (register, then the e-mailed code), not signed in. */
export async function createShopper(
  request: APIRequestContext,
  tag: string,
  options: { name?: string; referredBy?: string } = {},
): Promise<Shopper> {
  const shopper = {
    name: options.name ?? "Asha Verma",
    email: freshEmail(tag),
    password: SHOPPER_PASSWORD,
  };
  const body: Record<string, string> = {
    name: shopper.name,
    email: shopper.email,
    password: shopper.password,
  };
  if (options.referredBy) body.referredBy = options.referredBy;
  const res = await request.post("/api/auth/register", { data: body });
  expect(res.status(), `register ${shopper.email}: ${await res.text()}`).toBe(201);
  const otp = await codeFor(request, shopper.email, "verification");
  const verified = await request.post("/api/auth/verify-otp", {
    data: { email: shopper.email, otp },
  });
  expect(verified.status(), `verify ${shopper.email}`).toBe(200);
  return shopper;
}

/** Signs the page's browser context in (the cookie is shared by page and page.request). */
export async function signIn(page: Page, account: { email: string; password: string }) {
  const res = await page.request.post("/api/auth/login", {
    data: { email: account.email, password: account.password },
  });
  expect(res.status(), `sign in ${account.email}: ${await res.text()}`).toBe(200);
}

/** A new verified shopper, signed in on the page's context. */
export async function signedInShopper(
  page: Page,
  tag: string,
  options: { name?: string; referredBy?: string } = {},
): Promise<Shopper> {
  const shopper = await createShopper(page.request, tag, options);
  await signIn(page, shopper);
  return shopper;
}

/** The demo admin, signed in on the page's context. */
export async function signInAsAdmin(page: Page): Promise<void> {
  await signIn(page, DEMO_ADMIN);
}
