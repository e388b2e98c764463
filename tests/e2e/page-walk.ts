import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { accessToken } from "./support";

/**
 * A walk through the app's pages in one signed-in session, checking on each what a demanding user notices:
 * the page fits the window (nothing scrolls sideways, grids fit their card, no label cut short), it speaks in
 * words (no raw translation key, action code, `undefined` or `NaN`, no English left on a Spanish page), it
 * passes axe-core (no serious or critical violation) and the console stays quiet.
 */

export type Language = "en" | "es";

/** The widths the product is checked at: a 1280 px laptop and a 1440 px desktop. */
export const WIDTHS = [1280, 1440] as const;

/** Every locale area, by the first segment of its keys (`common.edit` → common): what a raw key starts with. */
const LOCALES = path.join(process.cwd(), "locales");
const AREAS = readdirSync(path.join(LOCALES, "en")).map((f) => f.replace(/\.json$/, ""));

function strings(value: unknown, prefix = "", out = new Map<string, string>()): Map<string, string> {
  if (typeof value === "string") out.set(prefix, value);
  else if (value && typeof value === "object") for (const [k, v] of Object.entries(value)) strings(v, prefix ? `${prefix}.${k}` : k, out);
  return out;
}

function localeStrings(language: Language): Map<string, string> {
  const out = new Map<string, string>();
  for (const area of AREAS) strings(JSON.parse(readFileSync(path.join(LOCALES, language, `${area}.json`), "utf8")), area, out);
  return out;
}

/**
 * The product's English phrases that Spanish says otherwise: seen whole on a Spanish page, one was left
 * untranslated (a hard-coded label, an English text from the server). Single words and short codes are left
 * out: they also occur as data (a group named "Female", an application named "Triage").
 */
function untranslatedEnglish(): Set<string> {
  const es = localeStrings("es");
  const spanish = new Set(es.values());
  const out = new Set<string>();
  for (const [key, text] of localeStrings("en")) {
    if (text.includes("{{") || !/\s/.test(text.trim()) || text.length < 8) continue;
    if (es.get(key) === text || spanish.has(text)) continue;
    out.add(text.trim());
  }
  return out;
}

export interface WalkPage {
  /** What the failure list calls it. */
  name: string;
  path: string;
}

interface Ids {
  chatbot: string;
  hiring: string;
  mlTask: string;
  mlDocument: string;
  llmDocument: string;
  vendor: string;
  incident: string;
  framework: string;
  user: string;
}

/** The demo data's records the walk opens, read through the API as the signed-in Administrator. */
export async function demoIds(page: Page, request: APIRequestContext): Promise<Ids> {
  const headers = { authorization: `Bearer ${await accessToken(page)}` };
  const get = async <T>(url: string): Promise<T> => {
    const response = await request.get(`/v2${url}`, { headers });
    expect(response.status(), url).toBe(200);
    return (await response.json()) as T;
  };
  type Items<T> = { items: T[] };
  const apps = (await get<Items<{ id: string; name: string }>>("/applications?page_size=100")).items;
  const byName = (name: string) => apps.find((a) => a.name === name)!.id;
  const chatbot = byName("Support chatbot");
  const hiring = byName("Interview shortlister");
  type Task = { id: string; status: string; data_source: string; document: { id: string } | null };
  const ml = (await get<Items<Task>>(`/applications/${hiring}/testing/tasks`)).items.find((t) => t.status === "ready")!;
  const llm = (await get<Items<Task>>(`/applications/${chatbot}/testing/tasks`)).items.find((t) => t.status === "ready" && t.data_source === "fairness_llm_user")!;
  const first = async (url: string, id = "id") => ((await get<Items<Record<string, string>>>(url)).items[0] as Record<string, string>)[id];
  return {
    chatbot,
    hiring,
    mlTask: ml.id,
    mlDocument: ml.document!.id,
    llmDocument: llm.document!.id,
    vendor: await first("/vendors"),
    incident: await first("/incidents"),
    framework: await first("/frameworks"),
    user: await first("/access/users"),
  };
}

const APPLICATION_TABS = ["details", "documents", "comments", "access", "assessments", "approvals", "frameworks", "controls", "testing", "incidents", "activity"];

/** Every page an Administrator can open, with one record of each kind. */
export function administratorPages(ids: Ids): WalkPage[] {
  return [
    { name: "dashboard", path: "/dashboard" },
    { name: "my work", path: "/my-work" },
    { name: "applications", path: "/applications" },
    { name: "application overview", path: `/applications/overview/${ids.chatbot}` },
    ...APPLICATION_TABS.map((tab) => ({ name: `application, ${tab} tab`, path: `/applications/detail/${ids.chatbot}?tab=${tab}` })),
    { name: "fairness test status", path: `/application-testing/status-details/${ids.hiring}/${ids.mlTask}` },
    { name: "fairness test results", path: `/application-testing/results/${ids.hiring}/${ids.mlTask}` },
    { name: "LLM test summary", path: `/application-testing/results/llm/${ids.llmDocument}` },
    { name: "LLM test table", path: `/application-testing/results/llm/${ids.llmDocument}/details/favourable` },
    { name: "LLM test explanation", path: `/application-testing/results/llm/${ids.llmDocument}/explanation` },
    { name: "document viewer", path: `/document-viewer/${ids.mlDocument}?application=${ids.hiring}` },
    { name: "vendors", path: "/vendors" },
    { name: "vendor", path: `/vendors/detail/${ids.vendor}` },
    { name: "incidents", path: "/incidents" },
    { name: "incident", path: `/incidents/detail/${ids.incident}` },
    { name: "frameworks", path: "/frameworks" },
    { name: "framework", path: `/frameworks/${ids.framework}` },
    { name: "import", path: "/imports/new/applications" },
    { name: "settings", path: "/settings" },
    { name: "API access", path: "/api-access" },
    { name: "application groups", path: "/application-groups" },
    { name: "manage company", path: "/manage-company" },
    { name: "manage users", path: "/manage-users" },
    { name: "user", path: `/manage-users/${ids.user}` },
    { name: "audit log", path: "/audit-log" },
    { name: "feature flags", path: "/feature-flags" },
    { name: "not found", path: "/no-such-page" },
  ];
}

/** The page has settled: no skeleton, progress bar or busy region left, and its heading is there. */
export async function settled(page: Page): Promise<void> {
  await page.waitForLoadState("networkidle");
  const busy = page.locator('[aria-busy="true"], .MuiSkeleton-root, .MuiCircularProgress-root, .MuiLinearProgress-indeterminate').locator("visible=true");
  // Generous: the lists and charts of a busy machine can take a while to come.
  await expect(busy, { message: "the page is still loading" }).toHaveCount(0, { timeout: 30_000 });
  await expect(page.getByRole("heading").first()).toBeVisible({ timeout: 30_000 });
}

/** What does not fit at the current width: sideways scroll of the page or of a grid, labels cut short. */
async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const root = document.scrollingElement!;
    if (root.scrollWidth > root.clientWidth) problems.push(`the page scrolls sideways by ${root.scrollWidth - root.clientWidth} px`);
    for (const grid of document.querySelectorAll<HTMLElement>(".MuiDataGrid-virtualScroller")) {
      if (grid.scrollWidth > grid.clientWidth + 1) problems.push(`a grid scrolls sideways by ${grid.scrollWidth - grid.clientWidth} px`);
    }
    const labelled = document.querySelectorAll<HTMLElement>(".MuiButton-root, .MuiTab-root, .MuiChip-label, .MuiDataGrid-columnHeaderTitle, .MuiInputLabel-root");
    for (const el of labelled) {
      if (el.offsetParent && el.scrollWidth > el.clientWidth + 1) problems.push(`"${el.innerText.trim()}" is cut short`);
    }
    return problems;
  });
}

/** The layout's problems once it has followed a change of width (grids size their columns asynchronously). */
async function fittedLayout(page: Page): Promise<string[]> {
  let last: string[] = [];
  try {
    await expect.poll(async () => (last = await layoutProblems(page)), { timeout: 5_000 }).toEqual([]);
  } catch {
    // Still wrong after the wait: `last` says what.
  }
  return last;
}

/** Key-shaped text outside code (`common.edit`, `approval.moved`), `undefined`, `NaN`, in text and in labels. */
async function wordProblems(page: Page, language: Language, english: Set<string>): Promise<string[]> {
  const found = await page.evaluate(
    ({ areas, spanish, english }) => {
      const problems: string[] = [];
      const texts: string[] = [];
      // What people wrote (a group's name, a file's cells) is marked translate="no" and stays as they wrote it.
      const data: string[] = [];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement!;
        // Identifiers shown as such (an action's code, a client id, a hash) are in <code>; hidden text is not read.
        if (parent.closest("code, pre, script, style, [hidden], [aria-hidden='true']") || !parent.offsetParent) continue;
        (parent.closest("[translate='no']") ? data : texts).push(node.textContent ?? "");
      }
      for (const el of document.querySelectorAll<HTMLElement>("[aria-label], [title], [placeholder]")) {
        if (el.closest("code")) continue;
        for (const attribute of ["aria-label", "title", "placeholder"]) {
          const value = el.getAttribute(attribute);
          if (value) texts.push(value);
        }
      }
      const rawKey = new RegExp(`\\b(?:${areas.join("|")})\\.[A-Za-z0-9_.-]+`);
      const code = /(?<![\w@/.-])[a-z]+(?:_[a-z]+)*\.[a-z]+(?:_[a-z]+)*(?![\w@/.-])/;
      const fileOrHost = /\.(?:com|org|net|io|test|example|csv|xlsx|pdf|docx|json|txt|html)$/;
      for (const text of [...texts, ...data]) {
        const written = data.includes(text) && !texts.includes(text);
        const matched = rawKey.exec(text)?.[0];
        // A host or a file named like an area ("sso.steward.test") is not a key.
        const key = matched && !fileOrHost.test(matched) ? matched : undefined;
        if (key) problems.push(`raw key "${key}"`);
        const codeLike = code.exec(text)?.[0];
        if (codeLike && !key && !fileOrHost.test(codeLike)) problems.push(`code "${codeLike}" in "${text.trim().slice(0, 60)}"`);
        if (/\bundefined\b|\bNaN\b|\[object Object\]/.test(text)) problems.push(`"${text.trim().slice(0, 80)}"`);
        if (spanish && !written && english.includes(text.trim())) problems.push(`English left on a Spanish page: "${text.trim()}"`);
      }
      return problems;
    },
    { areas: AREAS, spanish: language === "es", english: [...english] },
  );
  return [...new Set(found)];
}

/** axe-core's serious and critical violations, each with the elements it names. */
async function axeProblems(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `axe ${v.id} (${v.impact}) on ${v.nodes.length} element(s): ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(", ")}`);
}

/** Console warnings and errors (a missing translation warns too), collected while the walk runs. */
export function watchConsole(page: Page): { take(): string[] } {
  let messages: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "warning" || m.type() === "error") messages.push(`console ${m.type()}: ${m.text().slice(0, 200)}`);
  });
  page.on("pageerror", (e) => messages.push(`page error: ${e.message.slice(0, 200)}`));
  return {
    take() {
      const taken = messages;
      messages = [];
      return taken;
    },
  };
}

export interface WalkOptions {
  language: Language;
  /** The width axe runs at (the other is checked for layout only). */
  width: (typeof WIDTHS)[number];
  height: number;
  /** Also run axe-core on each page. */
  axe?: boolean;
}

/** Visits each page and returns what is wrong on it, by page; an empty list when every page is right. */
export async function walk(page: Page, pages: WalkPage[], options: WalkOptions): Promise<string[]> {
  const console = watchConsole(page);
  const english = options.language === "es" ? untranslatedEnglish() : new Set<string>();
  const problems: string[] = [];
  for (const { name, path: url } of pages) {
    await page.setViewportSize({ width: options.width, height: options.height });
    await page.goto(url);
    await settled(page);
    const found: string[] = [];
    if (options.axe) found.push(...(await axeProblems(page)));
    found.push(...(await wordProblems(page, options.language, english)));
    for (const width of [options.width, ...WIDTHS.filter((w) => w !== options.width)]) {
      await page.setViewportSize({ width, height: options.height });
      found.push(...(await fittedLayout(page)).map((p) => `at ${width} px, ${p}`));
    }
    found.push(...console.take());
    problems.push(...found.map((p) => `${name} (${url}): ${p}`));
  }
  return problems;
}
