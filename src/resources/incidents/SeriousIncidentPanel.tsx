import { useMemo, useState } from "react";
import { Box, Button, TextField, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { REPORT_PERIOD_DAYS, type Incident } from "../../../domain/entities/incident";
import { FormAlert } from "./FormFooter";
import { SectionCard } from "../../components/layout/SectionCard";
import { useResourceForm } from "../../components/forms/use-resource-form";
import { INCIDENTS_RESOURCE } from "./incident-api";
import { reportFormSchema } from "./incident-form";
import { nowLocalInput } from "./local-time";
import { ReportDeadline } from "./ReportDeadline";
import { useReportUnsaved, type UnsavedSections } from "./unsaved-sections";

interface Props {
  incident: Incident;
  canEdit: boolean;
  sections: UnsavedSections;
}

/** A serious incident's report to the authority: its kind, the deadline and the days left, and "mark reported". */
export function SeriousIncidentPanel({ incident, canEdit, sections }: Props) {
  const { t } = useTranslation();
  const schema = useMemo(() => reportFormSchema(incident), [incident]);
  // The report time offered is when the panel opened: the form must not follow the clock while the user reads it.
  const [now] = useState(nowLocalInput);
  const form = useResourceForm<typeof schema, Incident, { reported_at: string }>({
    resource: INCIDENTS_RESOURCE,
    id: incident.id,
    schema,
    values: { reported_at: now },
    version: incident.version,
    conflictFields: [{ name: "reported_at", label: t("incidents.fields.reportedAt") }],
    success: "incidents.reported",
    failure: "incidents.saveFailed",
  });
  useReportUnsaved(sections, "report", form.formState.isDirty);
  if (!incident.serious || !incident.serious_type) return null;
  const blocked = sections.elsewhere("report");

  return (
    <SectionCard titleId="incident-serious-title" title={t("incidents.detail.seriousTitle")} gap={1.5}>
      <Typography variant="body2">
        {t(`incidents.seriousTypes.${incident.serious_type}`)} — {t("incidents.detail.period", { count: REPORT_PERIOD_DAYS[incident.serious_type] })}
      </Typography>
      <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap", alignItems: "baseline" }}>
        <Typography variant="subtitle2" component="span">
          {t("incidents.fields.reportDeadline")}:
        </Typography>
        <ReportDeadline incident={incident} withDaysLeft />
      </Box>
      {!incident.reported_at && canEdit && (
        <Box component="form" noValidate onSubmit={form.submit} aria-label={t("incidents.detail.markReported")} sx={{ display: "flex", gap: 1.5, flexWrap: "wrap", alignItems: "flex-start" }}>
          <TextField type="datetime-local" size="small" label={t("incidents.fields.reportedAt")} {...form.field("reported_at")} slotProps={{ inputLabel: { shrink: true } }} />
          <Button type="submit" variant="contained" disabled={form.busy || blocked}>
            {t("incidents.detail.markReported")}
          </Button>
          <FormAlert failure={form.failure} blocked={blocked} />
        </Box>
      )}
      {form.conflictDialog}
    </SectionCard>
  );
}
