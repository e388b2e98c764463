import { z } from "zod";
import { canonicalJson } from "../audit/canonical-json";
import type { SnapshotContent } from "./snapshot";

/**
 * Two approval snapshots side by side, field by field: "what did we approve in March, and what changed since".
 * Elements of lists (vendors, descriptors, controls, evidence, tests) are matched by their ids, so a vendor renamed
 * is one change of its name, not a vendor removed and another added.
 */

export const CHANGE_SECTIONS = ["decision", "application", "classification", "descriptors", "answers", "vendors", "controls", "evidence", "tests"] as const;
export type ChangeSection = (typeof CHANGE_SECTIONS)[number];

export const snapshotChangeSchema = z.object({
  section: z.enum(CHANGE_SECTIONS),
  /** The element of a list the change is in, by its id and its name; null for a section's own fields. */
  item: z.object({ id: z.string(), label: z.string() }).nullable(),
  /** The field that changed; null when the whole element was added or removed. */
  field: z.string().nullable(),
  kind: z.enum(["added", "removed", "changed"]),
  before: z.unknown(),
  after: z.unknown(),
});
export type SnapshotChange = z.infer<typeof snapshotChangeSchema>;

interface Element {
  section: ChangeSection;
  item: { id: string; label: string } | null;
  fields: Record<string, unknown>;
}

const sorted = (values: readonly string[]) => [...values].sort();

/** A snapshot as the elements compared: a section's own fields, and one element per entry of its lists. */
function elements(c: SnapshotContent): Element[] {
  return [
    { section: "decision", item: null, fields: { decision: c.decision, decided_at: c.decided_at, decided_by: c.decided_by.name } },
    {
      section: "application",
      item: null,
      fields: {
        name: c.application.name,
        description: c.application.description,
        owner: c.application.owner?.name ?? null,
        development_status: c.application.development_status,
        decided_from: c.application.decided_from,
      },
    },
    { section: "classification", item: null, fields: { risk_tier: c.classification.risk_tier, rules_fired: sorted(c.classification.rules_fired) } },
    ...c.classification.risk_descriptors.map((d): Element => ({ section: "descriptors", item: { id: d.key, label: d.key }, fields: { rules: sorted(d.rules) } })),
    { section: "answers", item: null, fields: c.answers },
    ...c.vendors.map((v): Element => ({
      section: "vendors",
      item: { id: v.id, label: v.name },
      fields: { name: v.name, status: v.status, risk_level: v.risk_level, risk_reasons: sorted(v.risk_reasons) },
    })),
    ...c.controls.map((control): Element => ({
      section: "controls",
      item: { id: control.control_id, label: `${control.control_id} ${control.name}` },
      fields: { status: control.status, justification: control.justification, owner: control.owner?.name ?? null, due_date: control.due_date },
    })),
    ...c.controls.flatMap((control) =>
      control.evidence.map((e): Element => ({
        section: "evidence",
        item: { id: e.id, label: `${control.control_id}: ${e.name}` },
        fields: {
          name: e.name,
          kind: e.kind,
          url: e.url,
          effective_on: e.effective_on,
          expires_on: e.expires_on,
          expired: e.expired,
          content_type: e.content_type,
          size: e.size,
          sha256: e.sha256,
        },
      })),
    ),
    ...c.tests.map((t): Element => ({
      section: "tests",
      item: { id: t.id, label: t.name ?? t.data_source },
      fields: { name: t.name, data_source: t.data_source, finished_at: t.finished_at, results_sha256: t.results_sha256 },
    })),
  ];
}

const keyOf = (e: Element) => `${e.section}\u0000${e.item?.id ?? ""}`;
const same = (a: unknown, b: unknown) => canonicalJson(a ?? null) === canonicalJson(b ?? null);

/** Every difference from `before` to `after`, section by section in CHANGE_SECTIONS order. */
export function compareSnapshots(before: SnapshotContent, after: SnapshotContent): SnapshotChange[] {
  const olds = elements(before);
  const news = elements(after);
  const newByKey = new Map(news.map((e) => [keyOf(e), e]));
  const oldKeys = new Set(olds.map(keyOf));
  const changes: SnapshotChange[] = [];
  for (const section of CHANGE_SECTIONS) {
    for (const old of olds.filter((e) => e.section === section)) {
      const next = newByKey.get(keyOf(old));
      if (!next) {
        changes.push({ section, item: old.item, field: null, kind: "removed", before: old.item?.label ?? null, after: null });
        continue;
      }
      for (const field of new Set([...Object.keys(old.fields), ...Object.keys(next.fields)])) {
        if (!same(old.fields[field], next.fields[field])) {
          changes.push({ section, item: next.item, field, kind: "changed", before: old.fields[field] ?? null, after: next.fields[field] ?? null });
        }
      }
    }
    for (const added of news.filter((e) => e.section === section && !oldKeys.has(keyOf(e)))) {
      changes.push({ section, item: added.item, field: null, kind: "added", before: null, after: added.item?.label ?? null });
    }
  }
  return changes;
}
