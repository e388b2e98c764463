import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { accessToken, expectSignedIn, signIn } from "./support";
import { administratorPages, demoIds, walk, type Language } from "./page-walk";

/**
 * Every page as an Administrator, in one signed-in session per language: English at 1440×900, Spanish (whose
 * labels run longer) at 1280×800. On each page: nothing scrolls sideways and no label is cut short at 1280 and
 * at 1440 px (layout fits); no raw translation key, code, `undefined`, `NaN` or untranslated English reaches the
 * screen (words, not codes); axe-core finds no serious or critical violation (accessibility); the console stays
 * quiet. The failure lists every problem by page.
 */

async function setLanguage(page: Page, request: APIRequestContext, language: Language) {
  const response = await request.patch("/v2/access/user", { headers: { authorization: `Bearer ${await accessToken(page)}` }, data: { language } });
  expect(response.status()).toBe(200);
}

// The language is the profile's (set here through the API, put back after): the browser's stays English, so the
// sign-in page reads as the sign-in helper expects.
for (const { language, width, height } of [
  { language: "en", width: 1440, height: 900 },
  { language: "es", width: 1280, height: 800 },
] as const) {
  test.describe(`in ${language === "en" ? "English" : "Spanish"}`, () => {
    test.use({ viewport: { width, height } });

    test(`every page fits, speaks in words and passes axe-core (${language}, ${width}×${height})`, async ({ page, request }) => {
      // About forty pages, each loaded, checked at two widths and by axe-core.
      test.setTimeout(900_000);
      await signIn(page, "admin@steward.test");
      await expectSignedIn(page);
      await setLanguage(page, request, language);
      try {
        const pages = administratorPages(await demoIds(page, request));
        expect(await walk(page, pages, { language, width, height, axe: true })).toEqual([]);
      } finally {
        await setLanguage(page, request, "en");
      }
    });
  });
}

/** The pages other roles see, where their own controls show (an approver's Approve and Reject, a contributor's read-only marks). */
for (const { who, language, width, height } of [
  { who: "contributor@steward.test", language: "en", width: 1440, height: 900 },
  { who: "approver@steward.test", language: "es", width: 1280, height: 800 },
] as const) {
  test.describe(`as ${who}`, () => {
    test.use({ viewport: { width, height } });

    test(`the pages ${who.split("@")[0]} sees fit, speak in words and pass axe-core (${language}, ${width}×${height})`, async ({ page, request }) => {
      test.setTimeout(300_000);
      await signIn(page, who);
      await expectSignedIn(page);
      await setLanguage(page, request, language);
      try {
        const headers = { authorization: `Bearer ${await accessToken(page)}` };
        const inReview = (await (await request.get("/v2/applications?approval_status=in_review&page_size=1", { headers })).json()) as { items: { id: string }[] };
        expect(inReview.items).toHaveLength(1);
        const pages = [
          { name: "dashboard", path: "/dashboard" },
          { name: "my work", path: "/my-work" },
          { name: "applications", path: "/applications" },
          { name: "an application in review", path: `/applications/detail/${inReview.items[0].id}` },
          { name: "vendors", path: "/vendors" },
          { name: "incidents", path: "/incidents" },
          { name: "settings", path: "/settings" },
        ];
        expect(await walk(page, pages, { language, width, height, axe: true })).toEqual([]);
      } finally {
        await setLanguage(page, request, "en");
      }
    });
  });
}
