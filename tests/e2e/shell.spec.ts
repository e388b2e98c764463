import { expect, test } from "@playwright/test";

test("the sign-in page carries the tagline and the spec's links", async ({ page }) => {
  await page.goto("/signin");
  await expect(page.getByTestId("tagline")).toHaveText("Maximize your AI. Minimize your risk.");
  await expect(page.getByRole("link", { name: "Forgot Password?" })).toBeVisible();
  await expect(page).toHaveTitle("Sign In | Steward");
});

test("a protected page sends a visitor to sign in, remembering where they were going", async ({ page }) => {
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/signin\?to=%2Fdashboard/);
});

test("validation messages use the spec's exact words", async ({ page }) => {
  await page.goto("/signin");
  await page.getByLabel("Username or email").fill(" ab ");
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page.getByText("Username must be at least 3 characters.")).toBeVisible();
  await expect(page.getByText("Please enter your password.")).toBeVisible();
});

test("the password toggle shows and hides the password", async ({ page }) => {
  await page.goto("/signin");
  const password = page.getByLabel("Password", { exact: true });
  await password.fill("secret-value");
  await expect(password).toHaveAttribute("type", "password");
  await page.getByRole("button", { name: "Show password" }).click();
  await expect(password).toHaveAttribute("type", "text");
});

test("the app keeps working under its content security policy", async ({ page }) => {
  const violations: string[] = [];
  page.on("console", (m) => m.type() === "error" && /Content Security Policy/i.test(m.text()) && violations.push(m.text()));
  await page.goto("/signin");
  await expect(page.getByRole("button", { name: "Sign In", exact: true })).toBeVisible();
  expect(violations).toEqual([]);
});

test("the default terms and privacy pages that the new-password screen links to exist", async ({ request }) => {
  for (const [path, title] of [
    ["/terms.html", "Terms of Use"],
    ["/privacy.html", "Privacy Policy"],
  ]) {
    const response = await request.get(path);
    expect(response.status()).toBe(200);
    expect(await response.text()).toContain(`<h1>${title}</h1>`);
  }
});
