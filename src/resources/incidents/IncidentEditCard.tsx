import { useMemo } from "react";
import { Box, TextField } from "@mui/material";
import { useTranslation } from "react-i18next";
import type { Incident } from "../../../domain/entities/incident";
import { SectionCard } from "../../components/layout/SectionCard";
import { useResourceForm } from "../../components/forms/use-resource-form";
import { FormFooter } from "./FormFooter";
import { INCIDENTS_RESOURCE, useIncidentPeople } from "./incident-api";
import { editValuesOf, incidentEditFormSchema, NOBODY, type IncidentEditValues } from "./incident-form";
import { WIDE } from "./form-layout";
import { IncidentFields } from "./IncidentFields";
import { useReportUnsaved, type UnsavedSections } from "./unsaved-sections";

interface Props {
  incident: Incident;
  canEdit: boolean;
  sections: UnsavedSections;
}

/** The incident's facts, follow-up and owner, edited in place (PATCH of the changed fields, on the version shown). */
export function IncidentEditCard({ incident, canEdit, sections }: Props) {
  const { t } = useTranslation();
  const owners = useIncidentPeople(incident.application.id, incident.owner);
  const schema = useMemo(() => incidentEditFormSchema(incident), [incident]);
  const word = (group: string) => (v: unknown) => (v ? t(`incidents.${group}.${String(v)}`) : "");
  const form = useResourceForm<typeof schema, Incident, IncidentEditValues>({
    resource: INCIDENTS_RESOURCE,
    id: incident.id,
    schema,
    values: editValuesOf(incident),
    version: incident.version,
    conflictFields: [
      { name: "title", label: t("incidents.fields.title") },
      { name: "severity", label: t("incidents.fields.severity"), format: word("severities") },
      { name: "occurred_at", label: t("incidents.fields.occurredAt") },
      { name: "detected_at", label: t("incidents.fields.detectedAt") },
      { name: "description", label: t("incidents.fields.description") },
      { name: "affected_people", label: t("incidents.fields.affectedPeople") },
      { name: "serious", label: t("incidents.fields.serious"), format: (v) => t(v ? "common.actions.yes" : "common.actions.no") },
      { name: "serious_type", label: t("incidents.fields.seriousType"), format: word("seriousTypes") },
      { name: "root_cause", label: t("incidents.fields.rootCause") },
      { name: "owner_id", label: t("incidents.fields.owner"), format: (v) => (v === NOBODY ? "" : (owners.find((p) => p.id === v)?.name ?? String(v))) },
    ],
    success: "incidents.saved",
    failure: "incidents.saveFailed",
  });
  useReportUnsaved(sections, "details", form.formState.isDirty);

  return (
    <SectionCard titleId="incident-details-title" title={t("incidents.detail.details")}>
      <Box component="form" noValidate onSubmit={form.submit} aria-labelledby="incident-details-title" sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", md: "1fr 1fr" } }}>
        <IncidentFields form={form} owners={owners} noOwnerLabel={t("incidents.noOwner")} disabled={!canEdit} />
        <TextField label={t("incidents.fields.rootCause")} multiline minRows={2} disabled={!canEdit} {...form.field("root_cause")} slotProps={{ inputLabel: { shrink: true } }} sx={WIDE} />
        {canEdit && (
          <Box sx={{ ...WIDE, display: "grid", gap: 2 }}>
            <FormFooter form={form} blocked={sections.elsewhere("details")} />
          </Box>
        )}
      </Box>
      {form.conflictDialog}
    </SectionCard>
  );
}
