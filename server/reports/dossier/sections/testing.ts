import type { Content } from "pdfmake/interfaces";
import { lowestRatio } from "../../../../domain/entities/testing-task";
import { listBatches } from "../../../db/list";
import { testingTaskList } from "../../../testing/store";
import { ALERT, dataTable, instant, muted } from "../../pdf/document";
import { section } from "../section";
import { everything } from "./records";

/** Every fairness test of the application, newest first, with its status and what it found: adverse impact flagged, lowest impact ratios. */
export const testingSection = section({
  title: "reports.dossier.sections.testing",
  load: ({ db, request, row }) => everything(listBatches(testingTaskList(db, request, row.id, {}), undefined)),
  render(tasks, { t }): Content[] {
    if (tasks.length === 0) return [muted(t("testing.tab.empty"))];
    const ratio = (value: number | null) => (value === null ? t("testing.summary.undefinedRatio") : new Intl.NumberFormat(t.language, { minimumFractionDigits: 3, maximumFractionDigits: 3 }).format(value));
    return [
      dataTable(
        [t("testing.columns.name"), t("testing.columns.status"), t("testing.columns.startedBy"), t("testing.columns.summary")],
        tasks.map((task) => {
          const s = task.summary;
          const findings: Content = s
            ? {
                stack: [
                  { text: s.flagged ? t("testing.summary.flagged", { count: s.adverse_impact_groups }) : t("testing.summary.clear"), color: s.flagged ? ALERT : undefined, bold: s.flagged },
                  t("testing.summary.lowest", { ratio: ratio(lowestRatio(s)) }),
                  ...Object.entries(s.lowest_impact_ratio).map(([category, value]) => ({ text: `${category}: ${ratio(value)}`, fontSize: 8.5 })),
                ],
              }
            : { text: t("testing.summary.none") };
          return [
            { stack: [{ text: task.name?.trim() || t(`testing.dataSources.${task.data_source}`), bold: true }, { text: t(`testing.dataSources.${task.data_source}`), fontSize: 8.5 }] },
            t(`testing.statuses.${task.status}`),
            { stack: [task.started_by.name, { text: instant(task.created_at), fontSize: 8.5 }] },
            findings,
          ];
        }),
        [130, 60, 100, "*"],
      ),
    ];
  },
});
