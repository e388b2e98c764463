import type { Content } from "pdfmake/interfaces";
import { INCIDENT_OPEN_STATUSES } from "../../../../domain/entities/incident";
import { listBatches } from "../../../db/list";
import { incidentList } from "../../../incidents/store";
import { ALERT, dataTable, instant, muted } from "../../pdf/document";
import { section } from "../section";
import { everything } from "./records";

/** The incidents still open (open or being investigated), newest detection first, serious ones with their report deadline. */
export const incidentsSection = section({
  title: "reports.dossier.sections.incidents",
  load: ({ db, request, row }) => everything(listBatches(incidentList(db, request, { application_id: [row.id], status: [...INCIDENT_OPEN_STATUSES] }), undefined)),
  render(incidents, { t }): Content[] {
    if (incidents.length === 0) return [muted(t("reports.dossier.incidents.none"))];
    return [
      dataTable(
        [t("incidents.fields.title"), t("incidents.fields.severity"), t("incidents.fields.status"), t("incidents.fields.detectedAt"), t("incidents.fields.serious")],
        incidents.map((i) => [
          { stack: [{ text: i.title, bold: true }, ...(i.description ? [{ text: i.description, fontSize: 8.5 }] : [])] },
          t(`incidents.severities.${i.severity}`),
          t(`incidents.statuses.${i.status}`),
          instant(i.detected_at),
          i.serious && i.serious_type
            ? {
                stack: [
                  t(`incidents.seriousTypes.${i.serious_type}`),
                  ...(i.report_deadline ? [{ text: t("reports.dossier.incidents.reportBy", { when: instant(i.report_deadline) }), color: i.report_overdue ? ALERT : undefined }] : []),
                  ...(i.reported_at ? [{ text: t("reports.dossier.incidents.reportedAt", { when: instant(i.reported_at) }) }] : []),
                ],
              }
            : "—",
        ]),
        ["*", 55, 65, 85, 120],
      ),
    ];
  },
});
