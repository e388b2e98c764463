import { IMPORT_FIELDS, LIST_SEPARATOR, type ImportEntity, type ImportField } from "../../domain/imports/fields";
import { textColumn, type ExportColumn } from "../exports/columns";
import type { XlsxSheet } from "../exports/xlsx";
import { oneBatch } from "../exports/route";
import type { Texts } from "../i18n/texts";
import { NOTE_MARK } from "./file";
import type { TemplateNames } from "./directory";

const listed = (values: readonly string[], t: Texts) => (values.length ? values.join(`${LIST_SEPARATOR} `) : t("imports.template.noneYet"));

/** What a column takes, in words: the guide row under the template's header. */
function guide(field: ImportField, names: TemplateNames, t: Texts): string {
  const options = (field.options ?? []).map((o) => t(o.label));
  const what = {
    text: t(field.key === "name" ? "imports.template.name" : "imports.template.text"),
    email: t("imports.template.email"),
    group: t("imports.template.group", { names: listed(names.groups, t) }),
    vendor: t("imports.template.vendor", { names: listed(names.vendors, t) }),
    vendors: t("imports.template.vendors", { names: listed(names.vendors, t) }),
    single: t("imports.template.single", { options: options.join(`${LIST_SEPARATOR} `) }),
    multi: t("imports.template.multi", { options: options.join(`${LIST_SEPARATOR} `) }),
    bool: t("imports.template.bool", { yes: t("risk.answers.yes"), no: t("risk.answers.no") }),
    date: t("imports.template.date"),
  }[field.kind];
  return field.required ? `${t("imports.template.required")} ${what}` : what;
}

/**
 * A template's columns: every field the import reads, headed by its name in the reader's language, and one guide
 * row (a note the import skips) saying what each column takes, the allowed values listed.
 */
export function templateColumns(entity: ImportEntity, names: TemplateNames, t: Texts): ExportColumn<"guide">[] {
  return IMPORT_FIELDS[entity].map((field, i) => textColumn<"guide">(field.key, field.label, () => (i === 0 ? `${NOTE_MARK} ` : "") + guide(field, names, t)));
}

/** The template as a workbook: the guide row, and a list to pick from in each choice and yes/no column. */
export function templateSheet(entity: ImportEntity, names: TemplateNames, t: Texts): XlsxSheet<never> {
  const lists: Record<string, string[]> = {};
  for (const field of IMPORT_FIELDS[entity]) {
    if (field.kind === "single") lists[field.key] = (field.options ?? []).map((o) => t(o.label));
    if (field.kind === "bool") lists[field.key] = [t("risk.answers.yes"), t("risk.answers.no")];
  }
  const sheet: XlsxSheet<"guide"> = { title: t(`imports.entities.${entity}`), columns: templateColumns(entity, names, t), rows: oneBatch<"guide">(["guide"]), dropdowns: { fromRow: 3, lists } };
  return sheet as unknown as XlsxSheet<never>;
}
