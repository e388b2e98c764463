import { expect, test, type Locator, type Page } from "@playwright/test";
import { DEMO_PASSWORD } from "./support";

/**
 * A contributor who uses no mouse: signs in, moves through the applications grid with the arrow keys, adds an
 * application, answers the questionnaire, saves it and submits it for review — with Tab, Shift+Tab, Enter,
 * Space and the arrow keys only. Every control reached shows where the focus is.
 */

/** Whether `target` holds the focus (a group holds it when one of its controls does). */
const focused = (target: Locator) => target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement));

/**
 * Presses Tab (or Shift+Tab, when the target comes before the focus) until `target` holds the focus, as a
 * keyboard user moves there, and checks that the focus can be seen there.
 */
async function tabTo(page: Page, target: Locator, max = 250) {
  await expect(target).toBeVisible();
  const backwards = await target.evaluate((el) => {
    const active = document.activeElement;
    return Boolean(active && active !== document.body && active.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_PRECEDING);
  });
  for (let presses = 0; !(await focused(target)); presses++) {
    if (presses === max) throw new Error(`${max} presses of ${backwards ? "Shift+Tab" : "Tab"} did not reach ${target}`);
    await page.keyboard.press(backwards ? "Shift+Tab" : "Tab");
  }
  await expectVisibleFocus(page);
}

/** The focused control shows it: MUI's focus-visible ring, a focused field's outline, or a CSS outline. */
async function expectVisibleFocus(page: Page) {
  const shown = await page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return false;
    if (el.closest(".Mui-focusVisible, .Mui-focused")) return true;
    const style = getComputedStyle(el);
    return (style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== "none";
  });
  expect(shown, "the focused control shows the focus").toBe(true);
}

/** In a radio group holding the focus, arrow keys until `option` is chosen. */
async function arrowTo(page: Page, group: Locator, option: string) {
  const radio = group.getByRole("radio", { name: option, exact: true });
  for (let presses = 0; !(await radio.isChecked()); presses++) {
    if (presses === 12) throw new Error(`the arrow keys did not reach ${option}`);
    await page.keyboard.press("ArrowRight");
  }
}

test("a contributor adds, assesses and submits an application with the keyboard alone", async ({ page }) => {
  // Some hundred key presses, each a round trip to the browser.
  test.setTimeout(240_000);
  const name = `Keyboard triage ${Date.now()}`;
  await page.goto("/signin");
  // The username field has the focus on arrival.
  await expect(page.getByLabel("Username or email")).toBeFocused();
  await page.keyboard.type("contributor@steward.test");
  await tabTo(page, page.getByLabel("Password", { exact: true }));
  await page.keyboard.type(DEMO_PASSWORD);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/applications$/);

  // The grid is a grid to assistive technology: headers and cells by role, arrow keys move between cells.
  const grid = page.getByRole("grid", { name: "AI Applications" });
  await expect(grid.getByRole("row").nth(1)).toBeVisible();
  await expect(grid.getByRole("columnheader", { name: "Name" })).toHaveAttribute("aria-sort", "ascending");
  await tabTo(page, grid);
  await page.keyboard.press("ArrowDown");
  const cell = grid.locator(":focus");
  await expect(cell).toHaveAttribute("role", "gridcell");
  const firstRow = await cell.evaluate((el) => el.closest("[role=row]")!.getAttribute("aria-rowindex"));
  await page.keyboard.press("ArrowDown");
  await expect(grid.locator(":focus")).toHaveAttribute("role", "gridcell");
  expect(await grid.locator(":focus").evaluate((el) => el.closest("[role=row]")!.getAttribute("aria-rowindex"))).toBe(String(Number(firstRow) + 1));

  // Add the application: the button, then the dialog's name field (focused on opening) and Enter.
  await tabTo(page, page.getByRole("button", { name: "Add application" }));
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Add an AI application" });
  await expect(dialog.getByRole("textbox", { name: /Name/ })).toBeFocused();
  await page.keyboard.type(name);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/applications\/detail\/[0-9a-f-]{36}/);
  await expect(page.getByRole("heading", { name })).toBeVisible();

  // The questionnaire: text typed, a checkbox by Space, each radio group by its arrow keys.
  await tabTo(page, page.getByRole("textbox", { name: /^Purpose/ }));
  await page.keyboard.type("Sorts incoming support tickets by topic for the service desk.");
  await tabTo(page, page.getByRole("group", { name: /Intended users/ }).getByRole("checkbox", { name: "Employees" }));
  await page.keyboard.press("Space");
  await expect(page.getByRole("group", { name: /Intended users/ }).getByRole("checkbox", { name: "Employees" })).toBeChecked();
  for (const [question, answer] of [
    [/Type of AI/, "Generative AI"],
    [/Decisions about people/, "No decisions about people"],
    [/Personal data/, "No personal data"],
    [/Business criticality/, "Low"],
  ] as const) {
    const group = page.getByRole("radiogroup", { name: question });
    await tabTo(page, group);
    await arrowTo(page, group, answer);
  }
  await expect(page.getByRole("status", { name: /^Risk tier/ })).toHaveAccessibleName("Risk tier: Low");

  await tabTo(page, page.getByRole("button", { name: "Save" }));
  await page.keyboard.press("Enter");
  await expect(page.getByText("Application saved successfully.")).toBeVisible();

  // Back up the page to the approval actions, and submit with Space.
  const submit = page.getByRole("group", { name: "Approval actions" }).getByRole("button", { name: "Submit for review" });
  await tabTo(page, submit);
  await page.keyboard.press("Space");
  await expect(page.getByText("Submitted", { exact: true }).first()).toBeVisible();
  await expect(page.getByRole("group", { name: "Approval actions" }).getByRole("button")).toHaveCount(0);
});
