import type { Content } from "pdfmake/interfaces";
import { activityText, type ActivityEntry } from "../../../../domain/audit/activity-text";
import { descriptorLabelKey, tierLabelKey } from "../../../../domain/risk";
import { activityList, assessmentList } from "../../../applications/records";
import { listBatches } from "../../../db/list";
import type { Texts } from "../../../i18n/texts";
import { dataTable, instant, muted } from "../../pdf/document";
import { section } from "../section";

/** Every item of a list, batch after batch (the dossier prints a record whole). */
export async function everything<Item>(batches: AsyncIterable<Item[]>): Promise<Item[]> {
  const items: Item[] = [];
  for await (const batch of batches) items.push(...batch);
  return items;
}

/** The workflow moves: the approval history and the development history. */
const WORKFLOW_ACTIONS = ["approval.moved", "approval.reset", "development.moved"] as const;

type Entry = ActivityEntry & { created_at: string; actor: { type: string; name: string } };

function entriesTable(entries: Entry[], t: Texts): Content {
  const { what, summary } = activityText(t);
  return dataTable(
    [t("application-detail.activity.when"), t("application-detail.activity.who"), t("application-detail.activity.what"), t("application-detail.activity.details")],
    entries.map((e) => [instant(e.created_at), e.actor.type === "system" ? t("application-detail.activity.system") : e.actor.name, what(e), summary(e)]),
    [85, 95, 110, "*"],
  );
}

/** Every classification the application has had, newest first: when, by whom, the tier and the descriptors. */
export const assessmentsSection = section({
  title: "reports.dossier.sections.assessments",
  load: ({ db, row }) => everything(listBatches(assessmentList(db, row.id), undefined)),
  render(assessments, { t }): Content[] {
    if (assessments.length === 0) return [muted(t("reports.dossier.assessments.none"))];
    return [
      dataTable(
        [t("application-detail.activity.when"), t("application-detail.activity.who"), t("applications.fields.riskTier"), t("reports.dossier.assessments.descriptors")],
        assessments.map((a) => [
          instant(a.created_at),
          a.assessed_by.name,
          t(tierLabelKey(a.risk_tier)),
          a.risk_descriptors.length ? a.risk_descriptors.map((d) => t(descriptorLabelKey(d.key))).join(", ") : t("application-detail.activity.none"),
        ]),
        [85, 110, 70, "*"],
      ),
    ];
  },
});

/** The approval and development history: every move, who made it and when, newest first. */
export const historySection = section({
  title: "reports.dossier.sections.history",
  load: ({ db, row }) => everything(listBatches(activityList(db, row, WORKFLOW_ACTIONS), undefined)),
  render: (entries, { t }): Content[] => (entries.length ? [entriesTable(entries, t)] : [muted(t("reports.dossier.history.none"))]),
});

/** The audit trail of the application's governance changes, newest first. */
export const activitySection = section({
  title: "reports.dossier.sections.activity",
  load: ({ db, row }) => everything(listBatches(activityList(db, row), undefined)),
  render: (entries, { t }): Content[] => (entries.length ? [entriesTable(entries, t)] : [muted(t("application-detail.activity.empty"))]),
});
