/**
 * The demo admin of the browser tests' store. A real store makes a random password for it at
 * first start; e2e/serve.ts names this one instead (DEMO_ADMIN_PASSWORD, a development and test
 * setting), so the specs can sign in. Kept apart from accounts.ts: serve.ts runs outside Playwright.
 */
export const DEMO_ADMIN = {
  email: "admin@vastra.example",
  password: "E2E-Demo#Admin-2026",
} as const;
