import type { TFunction } from "i18next";
import { optionLabelKey, questionLabelKey, type QuestionId } from "../../../../../domain/risk";
import type { VendorRef } from "../../../../../domain/entities/vendor";
import type { ConflictRow } from "../../../../components/forms/conflict/ConflictDialog";
import { changesOf, effectiveAnswers, type DetailsFormValues } from "./details-form";

/**
 * The fields where the user's unsaved input differs from what is stored now, each with both values in
 * words: answers by their option labels, vendors by name.
 */
export function detailsConflictRows(t: TFunction, stored: DetailsFormValues, yours: DetailsFormValues, vendors: readonly VendorRef[]): ConflictRow[] {
  const changes = changesOf(stored, yours);
  if (!changes) return [];
  const vendorName = (id: string) => vendors.find((v) => v.id === id)?.name ?? id;
  const text = (value: string | null | undefined) => (value?.trim() ? value.trim() : t("common.conflict.empty"));
  const rows: ConflictRow[] = [];
  if (changes.name !== undefined) rows.push({ field: "name", label: t("application-detail.fields.name"), yours: text(yours.name), current: text(stored.name) });
  if (changes.description !== undefined) {
    rows.push({ field: "description", label: t("application-detail.fields.description"), yours: text(yours.description), current: text(stored.description) });
  }
  if (changes.vendor_ids !== undefined) {
    const names = (ids: string[]) => (ids.length ? ids.map(vendorName).join(", ") : t("common.conflict.empty"));
    rows.push({ field: "vendor_ids", label: t("vendors.picker.used"), yours: names(yours.vendor_ids), current: names(stored.vendor_ids) });
  }
  const answer = (id: QuestionId, value: unknown): string => {
    if (value === null || value === undefined || value === "") return t("risk.answers.unanswered");
    if (typeof value === "boolean") return t(value ? "risk.answers.yes" : "risk.answers.no");
    if (Array.isArray(value)) return value.length ? value.map((v) => answer(id, v)).join(", ") : t("risk.answers.unanswered");
    const word = String(value);
    if (vendors.some((v) => v.id === word)) return vendorName(word);
    return t(optionLabelKey(id, word), { defaultValue: word });
  };
  const before = effectiveAnswers(stored.details) as Record<string, unknown>;
  const after = effectiveAnswers(yours.details) as Record<string, unknown>;
  for (const id of Object.keys(changes.details ?? {}) as QuestionId[]) {
    rows.push({ field: `details.${id}`, label: t(questionLabelKey(id)), yours: answer(id, after[id]), current: answer(id, before[id]) });
  }
  return rows;
}
