import type { Content } from "pdfmake/interfaces";
import { descriptorLabelKey, tierLabelKey } from "../../../../domain/risk";
import { latestApprovalSnapshot } from "../../../approvals/store";
import { dataTable, factsTable, instant, muted, subheading } from "../../pdf/document";
import { section } from "../section";

/** A SHA-256 as a reader compares it: the first 16 hex digits identify a file well enough on paper. */
const shortHash = (hash: string | null) => (hash ? `${hash.slice(0, 16)}…` : "—");

/**
 * What was decided on at the last approval or rejection, as it was frozen then (the approval snapshot): the
 * tier and descriptors, the controls with their evidence and the files' fingerprints, the tests' results.
 */
export const snapshotSection = section({
  title: "reports.dossier.sections.snapshot",
  load: ({ db, row }) => latestApprovalSnapshot(db, row.companyId, row.id),
  render(snapshot, { t }): Content[] {
    if (!snapshot) return [muted(t("reports.dossier.snapshot.none"))];
    const { content } = snapshot;
    const descriptors = content.classification.risk_descriptors.map((d) => t(descriptorLabelKey(d.key)));
    return [
      factsTable([
        [t("approvals.columns.decision"), t(`approvals.decisions.${snapshot.decision}`)],
        [t("approvals.columns.when"), instant(snapshot.decided_at)],
        [t("approvals.columns.by"), snapshot.decided_by.name],
        [t("approvals.columns.tier"), t(tierLabelKey(content.classification.risk_tier))],
        [t("approvals.sections.descriptors"), descriptors.length ? descriptors.join(", ") : t("reports.dossier.snapshot.noDescriptors")],
        [t("reports.dossier.snapshot.rules"), content.classification.rules_fired.join(", ") || "—"],
        [t("approvals.columns.sha256"), snapshot.sha256],
      ]),
      subheading(t("approvals.sections.controls")),
      content.controls.length
        ? dataTable(
            [t("controls.control"), t("controls.status"), t("reports.dossier.snapshot.evidence")],
            content.controls.map((c) => [
              `${c.control_id} ${c.name}`,
              t(`controls.statuses.${c.status}`),
              c.evidence.length ? c.evidence.map((e) => `${e.name}${e.kind === "file" ? ` (SHA-256 ${shortHash(e.sha256)})` : ""}`).join("\n") : "—",
            ]),
            [170, 80, "*"],
          )
        : muted(t("reports.dossier.snapshot.noControls")),
      ...(content.tests.length
        ? [
            subheading(t("reports.dossier.sections.testing")),
            dataTable(
              [t("reports.dossier.snapshot.test"), t("reports.dossier.snapshot.resultsHash")],
              content.tests.map((test) => [test.name ?? test.data_source, shortHash(test.results_sha256)]),
              ["*", 150],
            ),
          ]
        : []),
    ];
  },
});
