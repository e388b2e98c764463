import i18next from "i18next";
import { initReactI18next } from "react-i18next";

const english = import.meta.glob<Record<string, unknown>>("../../locales/en/*.json", { eager: true, import: "default" });

/** Every English locale area, for component tests that query what a user reads. */
export async function initTestI18n() {
  const translation = Object.fromEntries(Object.entries(english).map(([file, strings]) => [/([^/]+)\.json$/.exec(file)![1], strings]));
  const instance = i18next.createInstance();
  await instance.use(initReactI18next).init({ lng: "en", resources: { en: { translation } }, interpolation: { escapeValue: false } });
  return instance;
}
