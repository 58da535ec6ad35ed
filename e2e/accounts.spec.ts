/**
 * Accounts (storefront.md §2 Login, Register, Forgot/reset, Profile; §4, §5, §8; decisions.md §2):
 * joining with an e-mailed code, signing in (and being sent back where you were going), the
 * unverified-account detour, forgetting and resetting a password, and the profile's three panels.
 *
 * Every test uses its own fresh address. The server limits sign-ups (10 an hour) and sign-ins
 * (10 a minute) per IP, and both projects share one server, so the tests spend them sparingly:
 * per project 4 sign-ups and 4 sign-in attempts (the profile story is one long test for that).
 */
import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Page, TestInfo } from "@playwright/test";
import { expect, isMobile, test } from "./fixtures/test.ts";
import { codeFor, freshEmail } from "./helpers/mailbox.ts";

const PASSWORD = "Kurta#Silk2026";

const main = (page: Page) => page.getByRole("main");
/** A toast's text (exactly: Radix also keeps a longer copy for screen readers). */
const toast = (page: Page, text: string) => page.getByText(text, { exact: true });
/** Password inputs have no ARIA role of their own; Playwright reads them as textboxes. */
const field = (page: Page, name: string) => main(page).getByRole("textbox", { name, exact: true });

/** A new account through the API (not the page), verified unless told otherwise. */
async function createAccount(
  request: APIRequestContext,
  email: string,
  name: string,
  { verify = true } = {},
): Promise<void> {
  const res = await request.post("/api/auth/register", {
    data: { name, email, password: PASSWORD },
  });
  expect(res.status(), `register ${email}: ${await res.text()}`).toBe(201);
  if (!verify) return;
  const otp = await codeFor(request, email, "verification");
  const verified = await request.post("/api/auth/verify-otp", { data: { email, otp } });
  expect(verified.status(), `verify ${email}`).toBe(200);
}

/**
 * Opens the phone menu and waits until it holds the signed-in entries. The menu closes on every
 * navigation, and the page a sign-in lands on may still be finishing one (a redirect, a replaced
 * URL): when it closes under us, open it again.
 */
async function openMobileMenu(page: Page): Promise<void> {
  const menu = page.getByRole("dialog");
  await page.waitForLoadState("networkidle");
  await expect(async () => {
    if (!(await menu.isVisible())) {
      await page.getByRole("banner").getByRole("button", { name: /menu/i }).click();
    }
    await expect(menu.getByRole("button", { name: "Logout" })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
}

/** The header shows the shopper's name (desktop: the account menu; phone: the menu drawer). */
async function expectSignedInAs(page: Page, name: string, testInfo: TestInfo): Promise<void> {
  const banner = page.getByRole("banner");
  if (isMobile(testInfo)) {
    const menu = page.getByRole("dialog");
    await openMobileMenu(page);
    await expect(menu.getByText(name, { exact: true })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    return;
  }
  const account = banner.getByRole("button", { name: `${name}, your account` });
  await expect(account).toBeVisible();
  await account.click();
  await expect(page.getByRole("menu").getByText(name, { exact: true })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("menu")).toBeHidden();
}

async function logOut(page: Page, testInfo: TestInfo): Promise<void> {
  const banner = page.getByRole("banner");
  if (isMobile(testInfo)) {
    await openMobileMenu(page);
    await page.getByRole("dialog").getByRole("button", { name: "Logout" }).click();
  } else {
    await banner.getByRole("button", { name: /, your account$/ }).click();
    await page.getByRole("menuitem", { name: "Logout" }).click();
  }
  await expect(page).toHaveURL(/\/$/);
  if (!isMobile(testInfo)) {
    await expect(banner.getByRole("link", { name: "Sign In", exact: true })).toBeVisible();
  }
}

/** Paths the browser asked for (documents and React Router data requests alike). */
function recordPaths(page: Page): string[] {
  const paths: string[] = [];
  page.on("request", (request) => {
    const path = new URL(request.url()).pathname;
    paths.push(path.endsWith(".data") ? path.slice(0, -".data".length) : path);
  });
  return paths;
}

async function expectNoSeriousAxeViolations(page: Page, what: string): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21aa", "wcag22aa"])
    .analyze();
  const serious = results.violations.filter(
    (v) => v.impact === "serious" || v.impact === "critical",
  );
  expect(
    serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
    `axe on ${what}`,
  ).toEqual([]);
}

test.describe("join (/register)", () => {
  test("checks the form, verifies the e-mailed code, signs in on /products; logout ends it", async ({
    page,
  }, testInfo) => {
    test.slow();
    const email = freshEmail("join");
    const name = "Ananya Sharma";
    const asked = recordPaths(page);

    await page.goto("/register?ref=NOSUCH23");
    await page.waitForLoadState("networkidle");
    await expect(main(page).getByRole("heading", { level: 1 })).toHaveText("Create your account");
    // decisions.md §5: ?ref= pre-fills the referral code.
    await expect(field(page, "Referral Code (optional)")).toHaveValue("NOSUCH23");
    // The phone is optional and not marked required.
    await expect(field(page, "Phone Number (optional)")).not.toHaveAttribute("required", /.*/);

    // Checked in the browser first (storefront.md §5); focus goes to the first invalid field.
    await main(page).getByRole("button", { name: "Create Account" }).click();
    await expect(main(page).getByText("Name is required")).toBeVisible();
    await expect(main(page).getByText("Email is required")).toBeVisible();
    await expect(main(page).getByText("Password must be at least 6 characters long")).toBeVisible();
    await expect(field(page, "Full Name")).toBeFocused();
    await expect(field(page, "Full Name")).toHaveAttribute("aria-invalid", "true");

    await field(page, "Full Name").fill(name);
    await field(page, "Email").fill("ananya-at-example");
    // Digits only, at most 10, as typed.
    await field(page, "Phone Number (optional)").pressSequentially("98a76-54 321099");
    await expect(field(page, "Phone Number (optional)")).toHaveValue("9876543210");
    await field(page, "Password").fill(PASSWORD);
    await field(page, "Confirm Password").fill(`${PASSWORD}x`);
    await main(page).getByRole("button", { name: "Create Account" }).click();
    await expect(main(page).getByText("Please enter a valid email address")).toBeVisible();
    await expect(main(page).getByText("Passwords do not match")).toBeVisible();
    await expect(field(page, "Email")).toBeFocused();

    // The server's field messages land next to their fields; nothing typed is lost.
    await field(page, "Email").fill(email);
    await field(page, "Confirm Password").fill(PASSWORD);
    await main(page).getByRole("button", { name: "Create Account" }).click();
    await expect(main(page).getByText("Invalid referral code")).toBeVisible();
    await expect(field(page, "Referral Code (optional)")).toBeFocused();
    await expect(field(page, "Full Name")).toHaveValue(name);
    await expect(field(page, "Email")).toHaveValue(email);
    await expect(field(page, "Phone Number (optional)")).toHaveValue("9876543210");
    await expect(field(page, "Password")).toHaveValue(PASSWORD);

    // Step 2: the code, with a 10-minute countdown; resend only once it runs out.
    await field(page, "Referral Code (optional)").fill("");
    await main(page).getByRole("button", { name: "Create Account" }).click();
    const heading = main(page).getByRole("heading", { level: 1, name: "Enter your code" });
    await expect(heading).toBeVisible();
    await expect(heading).toBeFocused();
    await expect(main(page).getByText(email)).toBeVisible();
    await expect(main(page).getByRole("timer")).toHaveText(/^Code expires in (10:00|9:[0-5]\d)$/);
    await expect(main(page).getByRole("button", { name: "Resend Code" })).toBeDisabled();
    const code = field(page, "Verification code");
    await expect(code).toHaveAttribute("inputmode", "numeric");
    await expect(code).toHaveAttribute("autocomplete", "one-time-code");
    await expect(code).toHaveAttribute("maxlength", "6");

    // Back to the form: everything as typed; forward again to the same code step.
    await main(page).getByRole("link", { name: "Back to registration" }).click();
    const formHeading = main(page).getByRole("heading", { level: 1, name: "Create your account" });
    await expect(formHeading).toBeFocused();
    await expect(field(page, "Full Name")).toHaveValue(name);
    await expect(field(page, "Email")).toHaveValue(email);
    await expect(field(page, "Phone Number (optional)")).toHaveValue("9876543210");
    await expect(field(page, "Confirm Password")).toHaveValue(PASSWORD);
    await main(page).getByRole("button", { name: "Enter your code" }).click();
    await expect(heading).toBeFocused();

    await main(page).getByRole("button", { name: "Verify Email" }).click();
    await expect(main(page).getByText("Please enter the OTP")).toBeVisible();
    const otp = await codeFor(page.request, email, "verification");
    const wrong = otp === "000000" ? "111111" : "000000";
    await code.fill(wrong);
    await main(page).getByRole("button", { name: "Verify Email" }).click();
    await expect(main(page).getByText("Invalid verification code")).toBeVisible();
    await expect(code).toHaveValue(wrong);

    await code.fill("");
    await code.pressSequentially(`${otp}9`);
    await expect(code).toHaveValue(otp);
    await main(page).getByRole("button", { name: "Verify Email" }).click();

    // Signed in and sent to /products (until that page exists it redirects home).
    await expect(toast(page, "Email verified successfully! Welcome to Vastra.")).toBeVisible();
    await expect(page).toHaveURL(/\/(products)?$/);
    expect(asked, "the browser should have been sent to /products").toContain("/products");
    await expectSignedInAs(page, name, testInfo);

    await logOut(page, testInfo);
    await page.goto("/profile");
    await expect(page).toHaveURL(/\/login\?redirect=\/profile$/);
  });
});

test.describe("forgotten password", () => {
  test("forgot → reset with the code → sign in with the new password", async ({
    page,
    request,
  }, testInfo) => {
    test.slow();
    const email = freshEmail("reset");
    const name = "Kavya Nair";
    const newPassword = "Lehenga#Gold77";
    await createAccount(request, email, name);

    await page.goto("/login");
    await page.waitForLoadState("networkidle");
    await main(page).getByRole("link", { name: "Forgot your password?" }).click();
    const heading = main(page).getByRole("heading", { level: 1, name: "Reset your password" });
    await expect(heading).toBeVisible();
    await expect(heading).toBeFocused();
    await main(page).getByRole("button", { name: "Send Reset Code" }).click();
    await expect(main(page).getByText("Please enter your email address")).toBeVisible();

    await field(page, "Email").fill(email);
    await main(page).getByRole("button", { name: "Send Reset Code" }).click();
    await expect(
      main(page).getByText(
        "If an account exists for this email, we have sent a password reset code to it.",
      ),
    ).toBeVisible();
    await main(page).getByRole("link", { name: "Enter your reset code" }).click();

    await expect(page).toHaveURL(/\/reset-password\?email=.+&step=code$/);
    await expect(main(page).getByRole("heading", { level: 1 })).toHaveText("Choose a new password");
    await expect(main(page).getByRole("button", { name: "Resend Available Soon" })).toBeDisabled();
    await expect(main(page).getByRole("timer")).toHaveText(/^Code expires in (10:00|9:[0-5]\d)$/);

    await main(page).getByRole("button", { name: "Reset Password" }).click();
    await expect(main(page).getByText("Please enter the OTP")).toBeVisible();
    await expect(main(page).getByText("Password must be at least 6 characters long")).toBeVisible();

    const otp = await codeFor(request, email, "password reset");
    await field(page, "Verification code").fill(otp);
    await field(page, "New Password").fill(newPassword);
    await field(page, "Confirm Password").fill("Lehenga#Gold78");
    await main(page).getByRole("button", { name: "Reset Password" }).click();
    await expect(main(page).getByText("Passwords do not match")).toBeVisible();
    await expect(field(page, "Confirm Password")).toBeFocused();

    await field(page, "Confirm Password").fill(newPassword);
    await main(page).getByRole("button", { name: "Reset Password" }).click();
    await expect(page).toHaveURL(/\/login\?reset=done$/);
    await expect(
      main(page).getByText("Password reset successful! Please sign in with your new password."),
    ).toBeVisible();

    // The new password works, and the sign-in goes where the shopper was headed.
    await page.goto("/login?redirect=/profile");
    await page.waitForLoadState("networkidle");
    await field(page, "Email").fill(email);
    await field(page, "Password").fill(newPassword);
    await main(page).getByRole("button", { name: "Sign In" }).click();
    await expect(toast(page, "Login successful! Welcome back.")).toBeVisible();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(main(page).getByRole("heading", { level: 2, name })).toBeVisible();
    await expectSignedInAs(page, name, testInfo);
  });

  test("the reset page's code step counts down, offers a resend at 0 and goes back", async ({
    page,
  }) => {
    // Opened as the sign-in page's link does; nothing is sent to the server here.
    await page.clock.install();
    await page.goto("/reset-password?email=someone%40vastra.example&step=code");
    await page.waitForLoadState("networkidle");
    await expect(main(page).getByText("someone@vastra.example")).toBeVisible();
    const resend = main(page).getByRole("button", { name: /^Resend/ });
    await expect(resend).toHaveText("Resend Available Soon");
    await expect(resend).toBeDisabled();
    const code = field(page, "Verification code");
    await code.pressSequentially("12ab34567");
    await expect(code).toHaveValue("123456");

    await page.clock.fastForward("05:00");
    await expect(main(page).getByRole("timer")).toHaveText(/^Code expires in (5:00|4:5\d)$/);
    await page.clock.fastForward("05:01");
    await expect(main(page).getByRole("timer")).toHaveText(/expired/);
    await expect(resend).toHaveText("Resend Code");
    await expect(resend).toBeEnabled();

    await main(page).getByRole("link", { name: "Back to Email" }).click();
    await expect(main(page).getByRole("heading", { level: 1 })).toHaveText("Reset your password");
    await expect(field(page, "Email")).toHaveValue("someone@vastra.example");
    await field(page, "Email").fill("");
    await main(page).getByRole("button", { name: "Send Reset Code" }).click();
    await expect(main(page).getByText("Email is required")).toBeVisible();
    await expect(field(page, "Email")).toBeFocused();
  });
});

test.describe("sign in and profile (/login, /profile)", () => {
  test("an unverified shopper signs in via the code step, then edits name, e-mail and password", async ({
    page,
    request,
  }, testInfo) => {
    // One long story, so that it needs a single sign-up (they are limited per IP and hour).
    test.setTimeout(150_000);
    const email = freshEmail("profile");
    const newEmail = freshEmail("profile-new");
    const newPassword = "Dupatta#Blue55";
    const name = "Isha Kapoor";
    await createAccount(request, email, name, { verify: false });

    // A guest asking for /profile is sent to sign in first, by the server.
    const response = await page.goto("/profile");
    expect(response?.request().redirectedFrom()?.url()).toMatch(/\/profile$/);
    await expect(page).toHaveURL(/\/login\?redirect=\/profile$/);
    await page.waitForLoadState("networkidle");

    await main(page).getByRole("button", { name: "Sign In" }).click();
    await expect(main(page).getByText("Email is required")).toBeVisible();
    await expect(main(page).getByText("Please enter your password")).toBeVisible();

    await field(page, "Email").fill(email);
    await field(page, "Password").fill("not-the-password");
    await expect(field(page, "Password")).toHaveAttribute("type", "password");
    await main(page).getByRole("button", { name: "Show password" }).click();
    await expect(field(page, "Password")).toHaveAttribute("type", "text");
    await main(page).getByRole("button", { name: "Sign In" }).click();
    // storefront.md §8: the server's message inline and as an error toast.
    await expect(main(page).getByRole("alert")).toHaveText("Invalid email or password");
    await expect(
      page.getByRole("region", { name: /notification/i }).getByText("Invalid email or password"),
    ).toBeVisible();
    await expect(field(page, "Email")).toHaveValue(email);

    // decisions.md §2: 403 'Please verify your email first' moves to the code step.
    await field(page, "Password").fill(PASSWORD);
    await main(page).getByRole("button", { name: "Sign In" }).click();
    await expect(main(page).getByRole("heading", { level: 1 })).toHaveText("Enter your code");
    await expect(
      main(page).getByText("Please verify your email first", { exact: false }),
    ).toBeVisible();
    await expect(main(page).getByText(email)).toBeVisible();

    await expect(main(page).getByRole("link", { name: "Back to sign in" })).toBeVisible();

    await field(page, "Verification code").fill(await codeFor(request, email, "verification"));
    await main(page).getByRole("button", { name: "Verify Email" }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(main(page).getByRole("heading", { level: 1, name: "My Profile" })).toBeVisible();
    await expect(main(page).getByRole("heading", { level: 2, name })).toBeVisible();
    await expect(main(page).getByText("Email Verified", { exact: true })).toBeVisible();
    await expectSignedInAs(page, name, testInfo);

    // Basic Information: read view, then Edit; Cancel restores; Save shows fresh data.
    const basic = main(page).getByRole("region", { name: "Basic Information" });
    await expect(basic.getByText("Isha Kapoor")).toBeVisible();
    await expect(basic.getByText("Not provided")).toBeVisible();
    await basic.getByRole("link", { name: "Edit" }).click();
    await expect(basic.getByRole("textbox", { name: "Full Name", exact: true })).toBeFocused();
    await basic.getByRole("textbox", { name: "Full Name", exact: true }).fill("");
    await basic.getByRole("button", { name: "Save Changes" }).click();
    await expect(basic.getByText("Name is required")).toBeVisible();
    await basic.getByRole("link", { name: "Cancel", exact: true }).click();
    await expect(basic.getByText("Isha Kapoor")).toBeVisible();

    await basic.getByRole("link", { name: "Edit" }).click();
    await expect(basic.getByRole("textbox", { name: "Full Name", exact: true })).toHaveValue(
      "Isha Kapoor",
    );
    await basic.getByRole("textbox", { name: "Full Name", exact: true }).fill("Isha K. Kapoor");
    await basic
      .getByRole("textbox", { name: "Phone Number (optional)", exact: true })
      .fill("9123456780");
    await basic.getByRole("button", { name: "Save Changes" }).click();
    await expect(toast(page, "Profile updated successfully!")).toBeVisible();
    await expect(basic.getByText("Isha K. Kapoor")).toBeVisible();
    await expect(basic.getByText("9123456780")).toBeVisible();
    await expect(basic.getByRole("textbox")).toHaveCount(0);
    await expectSignedInAs(page, "Isha K. Kapoor", testInfo);

    // Email Address: new address and the current password, its code, and the panel closes
    // showing it.
    const emailPanel = main(page).getByRole("region", { name: "Email Address" });
    await emailPanel.getByRole("link", { name: "Change Email" }).click();
    await emailPanel.getByRole("button", { name: "Send Verification Code" }).click();
    await expect(emailPanel.getByText("Email is required")).toBeVisible();
    await expect(emailPanel.getByText("Please enter your current password")).toBeVisible();
    await emailPanel
      .getByRole("textbox", { name: "New Email Address", exact: true })
      .fill(newEmail);
    const currentPassword = emailPanel.getByRole("textbox", {
      name: "Current Password",
      exact: true,
    });
    await currentPassword.fill("wrong-password");
    await expect(currentPassword).toHaveAttribute("type", "password");
    await emailPanel.getByRole("button", { name: "Show current password" }).click();
    await expect(currentPassword).toHaveAttribute("type", "text");
    await emailPanel.getByRole("button", { name: "Send Verification Code" }).click();
    await expect(emailPanel.getByText("Current password is incorrect")).toBeVisible();
    await expect(currentPassword).toBeFocused();
    await currentPassword.fill(PASSWORD);
    await emailPanel.getByRole("button", { name: "Send Verification Code" }).click();
    await expect(toast(page, "Verification code sent to your new email!")).toBeVisible();
    const code = emailPanel.getByRole("textbox", { name: "Verification code", exact: true });
    await expect(code).toHaveAttribute("placeholder", "Enter 6-digit code");
    await expect(emailPanel.getByRole("timer")).toHaveText(/^Code expires in (10:00|9:[0-5]\d)$/);
    await code.fill(await codeFor(request, newEmail, "e-mail change"));
    await emailPanel.getByRole("button", { name: "Verify Email" }).click();
    await expect(toast(page, "Email updated successfully!")).toBeVisible();
    await expect(emailPanel.getByText(newEmail, { exact: true })).toBeVisible();
    await expect(emailPanel.getByRole("textbox")).toHaveCount(0);

    // Password & Security: the page's checks, the server's, then success.
    const security = main(page).getByRole("region", { name: "Password & Security" });
    await expect(security.getByText("Secure and up to date")).toBeVisible();
    await security.getByRole("link", { name: "Change Password" }).click();
    await expect(
      security.getByRole("textbox", { name: "Current Password", exact: true }),
    ).toBeFocused();
    await expectNoSeriousAxeViolations(page, "/profile with the password panel open");
    await security
      .getByRole("textbox", { name: "Current Password", exact: true })
      .fill("wrong-password");
    await security.getByRole("textbox", { name: "New Password", exact: true }).fill("abc");
    await security.getByRole("textbox", { name: "Confirm New Password", exact: true }).fill("abd");
    await security.getByRole("button", { name: "Update Password" }).click();
    await expect(
      security.getByText("New password must be at least 6 characters long"),
    ).toBeVisible();
    await expect(security.getByText("New passwords don't match")).toBeVisible();
    await security.getByRole("textbox", { name: "New Password", exact: true }).fill(newPassword);
    await security
      .getByRole("textbox", { name: "Confirm New Password", exact: true })
      .fill(newPassword);
    await security.getByRole("button", { name: "Update Password" }).click();
    await expect(security.getByText("Current password is incorrect")).toBeVisible();
    await expect(
      security.getByRole("textbox", { name: "Current Password", exact: true }),
    ).toBeFocused();
    await security.getByRole("textbox", { name: "Current Password", exact: true }).fill(PASSWORD);
    await security.getByRole("button", { name: "Update Password" }).click();
    await expect(toast(page, "Password changed successfully!")).toBeVisible();
    await expect(security.getByRole("textbox")).toHaveCount(0);

    // The new address and the new password sign in.
    await logOut(page, testInfo);
    await page.goto("/login");
    await page.waitForLoadState("networkidle");
    await field(page, "Email").fill(newEmail);
    await field(page, "Password").fill(newPassword);
    await main(page).getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/(products)?$/);
    await expectSignedInAs(page, "Isha K. Kapoor", testInfo);

    // A signed-in shopper is sent on from the sign-in pages; never off the site.
    for (const target of ["//evil.example/steal", "/.//evil.example/steal", "/%5Cevil.example"]) {
      await page.goto(`/login?redirect=${target}`);
      await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/(products)?$/);
    }
    await page.goto("/register");
    await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/(products)?$/);
  });
});

test.describe("accessibility of the account pages", () => {
  for (const { path, name, act } of [
    { path: "/login", name: "sign in" },
    {
      path: "/login?view=forgot",
      name: "sign in, reset-link view",
      act: async (page: Page) => {
        await main(page).getByRole("button", { name: "Send Reset Code" }).click();
        await expect(main(page).getByText("Please enter your email address")).toBeVisible();
      },
    },
    {
      path: "/register",
      name: "join, with errors",
      act: async (page: Page) => {
        await main(page).getByRole("button", { name: "Create Account" }).click();
        await expect(main(page).getByText("Name is required")).toBeVisible();
      },
    },
    { path: "/reset-password", name: "reset, step 1" },
    { path: "/reset-password?email=a%40vastra.example&step=code", name: "reset, step 2" },
  ] as Array<{ path: string; name: string; act?: (page: Page) => Promise<void> }>) {
    test(`${name} (${path}) has no serious or critical violations`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await page.waitForLoadState("networkidle");
      await act?.(page);
      await expectNoSeriousAxeViolations(page, path);
    });
  }
});
