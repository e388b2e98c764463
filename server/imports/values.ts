import { LIST_SEPARATOR, type ImportField } from "../../domain/imports/fields";
import { textsFor, type Texts } from "../i18n/texts";

/** What the company's records a cell may name are called: its users by e-mail, SELECTED groups and vendors by name. */
export interface Directory {
  users: Map<string, string>;
  groups: Map<string, string>;
  vendors: Map<string, { id: string; risk: "high" | "medium" | "low" }>;
}

export type Parsed = { value: unknown } | { error: string; params?: Record<string, string> };

/** Compared as people type: case, accents and spacing do not matter. */
export const normalised = (text: string) =>
  text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim();

const ENGLISH = textsFor("en");
const SPANISH = textsFor("es");
/** Yes and no as a file may say them, in either language. */
const YES = new Set(["yes", "y", "true", "1", "si", "x", ...[ENGLISH, SPANISH].map((t) => normalised(t("risk.answers.yes")))]);
const NO = new Set(["no", "n", "false", "0", ...[ENGLISH, SPANISH].map((t) => normalised(t("risk.answers.no")))]);

/** An option by its value or by its name in English or Spanish. */
function option(field: ImportField, text: string, t: Texts): Parsed {
  const wanted = normalised(text);
  const found = field.options?.find((o) => normalised(o.value) === wanted || normalised(ENGLISH(o.label)) === wanted || normalised(SPANISH(o.label)) === wanted);
  if (found) return { value: found.value };
  return { error: "imports.errors.notAnOption", params: { value: text, allowed: (field.options ?? []).map((o) => t(o.label)).join("; ") } };
}

const several = (text: string) =>
  text
    .split(LIST_SEPARATOR)
    .map((part) => part.trim())
    .filter(Boolean);

/**
 * A cell (not empty) read as its field takes it: options by value or name; yes or no in either language; people
 * by e-mail, groups and vendors by name (the company's own only); days as ISO 8601.
 */
export function parseCell(field: ImportField, text: string, directory: Directory, t: Texts): Parsed {
  switch (field.kind) {
    case "text":
      return { value: text };
    case "email": {
      const id = directory.users.get(text.toLowerCase());
      return id ? { value: id } : { error: "imports.errors.unknownUser", params: { value: text } };
    }
    case "group": {
      const id = directory.groups.get(normalised(text));
      return id ? { value: id } : { error: "imports.errors.unknownGroup", params: { value: text } };
    }
    case "vendor":
    case "vendors": {
      const names = field.kind === "vendor" ? [text] : several(text);
      const unknown = names.filter((name) => !directory.vendors.has(normalised(name)));
      if (unknown.length) return { error: "imports.errors.unknownVendor", params: { value: unknown.join("; ") } };
      const ids = [...new Set(names.map((name) => directory.vendors.get(normalised(name))!.id))];
      return { value: field.kind === "vendor" ? ids[0] : ids };
    }
    case "single":
      return option(field, text, t);
    case "multi": {
      const values: string[] = [];
      for (const part of several(text)) {
        const parsed = option(field, part, t);
        if ("error" in parsed) return parsed;
        if (!values.includes(parsed.value as string)) values.push(parsed.value as string);
      }
      return { value: values };
    }
    case "bool": {
      const said = normalised(text);
      if (YES.has(said)) return { value: true };
      if (NO.has(said)) return { value: false };
      return { error: "imports.errors.notYesNo", params: { value: text } };
    }
    case "date":
      return /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(Date.parse(`${text}T00:00:00Z`)) ? { value: text } : { error: "imports.errors.notADate", params: { value: text } };
  }
}
