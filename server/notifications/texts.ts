import accessEn from "../../locales/en/access.json";
import accessEs from "../../locales/es/access.json";
import notificationsEn from "../../locales/en/notifications.json";
import notificationsEs from "../../locales/es/notifications.json";
import workflowEn from "../../locales/en/workflow.json";
import workflowEs from "../../locales/es/workflow.json";
import type { NotificationKind } from "../../domain/entities/notification";

type Language = "en" | "es";
const LOCALES: Record<Language, Record<string, unknown>> = {
  en: { access: accessEn, notifications: notificationsEn, workflow: workflowEn },
  es: { access: accessEs, notifications: notificationsEs, workflow: workflowEs },
};

function lookup(language: Language, key: string): string | undefined {
  const value = key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], LOCALES[language]);
  return typeof value === "string" ? value : undefined;
}

const longDate = (day: string, language: Language) => new Intl.DateTimeFormat(language, { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${day}T00:00:00Z`));

/** Parameters stored as keys or raw values, shown in the reader's words: a role's label, a reason's text, a date, a deadline. */
const SHOWN_AS: Record<string, (value: string, language: Language) => string> = {
  role: (value, language) => lookup(language, `access.roles.${value}`) ?? value,
  reason: (value, language) => lookup(language, value) ?? value,
  date: (value, language) => longDate(value, language),
  // The day evidence speaks for, as a fragment after its name ("The evidence Pen test of March 1, 2026 …").
  effective: (value, language) => (value ? (lookup(language, "notifications.kinds.evidence.effectiveFragment") ?? "").replace("{{date}}", longDate(value, language)) : ""),
  // A test's name in quotes and a space, or nothing for an unnamed one ("The fairness test “Q1 audit” of …").
  test: (value) => (value ? `“${value}” ` : ""),
  // An instant (a report deadline counts in hours): its day and time in UTC, saying so.
  deadline: (value, language) =>
    new Intl.DateTimeFormat(language, { year: "numeric", month: "long", day: "numeric", hour: "2-digit", minute: "2-digit", timeZone: "UTC", timeZoneName: "short" }).format(new Date(value)),
};

/** A notification's text in the reader's language, rendered when it is read (the API's `notification_text`). */
export function notificationText(kind: NotificationKind | string, params: Record<string, string>, language: string): string {
  const lng: Language = language === "es" ? "es" : "en";
  const template = lookup(lng, `notifications.kinds.${kind}`) ?? lookup("en", `notifications.kinds.${kind}`) ?? kind;
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) return "";
    return SHOWN_AS[name]?.(value, lng) ?? value;
  });
}
