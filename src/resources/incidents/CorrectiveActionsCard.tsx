import { useMemo } from "react";
import { useFieldArray } from "react-hook-form";
import { Box, Button, Typography } from "@mui/material";
import AddOutlined from "@mui/icons-material/AddOutlined";
import { useTranslation } from "react-i18next";
import type { Incident } from "../../../domain/entities/incident";
import { SectionCard } from "../../components/layout/SectionCard";
import { useResourceForm } from "../../components/forms/use-resource-form";
import { useApplicationControls } from "../applications/controls/control-api";
import { actionsFormSchema, actionsValuesOf, NEW_ACTION, NO_CONTROL, type ActionsValues, type ActionValues } from "./corrective-actions-form";
import { CorrectiveActionRow } from "./CorrectiveActionRow";
import { FormFooter } from "./FormFooter";
import { INCIDENTS_RESOURCE, useIncidentPeople } from "./incident-api";
import { NOBODY } from "./incident-form";
import { useReportUnsaved, type UnsavedSections } from "./unsaved-sections";

interface Props {
  incident: Incident;
  canEdit: boolean;
  sections: UnsavedSections;
}

/** The incident's corrective actions, edited as one list and saved whole (PATCH replaces the stored list). */
export function CorrectiveActionsCard({ incident, canEdit, sections }: Props) {
  const { t } = useTranslation();
  const people = useIncidentPeople(incident.application.id);
  const { items: applicable } = useApplicationControls(incident.application.id);
  const summary = (v: unknown) => (v as ActionValues[]).map((a) => `${a.done ? "✓ " : ""}${a.description}`).join("; ");
  const form = useResourceForm<typeof actionsFormSchema, Incident, ActionsValues>({
    resource: INCIDENTS_RESOURCE,
    id: incident.id,
    schema: actionsFormSchema,
    values: actionsValuesOf(incident.corrective_actions),
    version: incident.version,
    conflictFields: [{ name: "corrective_actions", label: t("incidents.fields.correctiveActions"), format: summary }],
    success: "incidents.actions.saved",
    failure: "incidents.saveFailed",
  });
  const { fields, append, remove } = useFieldArray({ control: form.control, name: "corrective_actions", keyName: "key" });
  useReportUnsaved(sections, "actions", form.formState.isDirty);

  const owners = useMemo(() => {
    const known = new Set(people.map((p) => p.id));
    // An action's owner who no longer reaches the application stays chosen, though unnamed here.
    const others = incident.corrective_actions.flatMap((a) => (a.owner_id && !known.has(a.owner_id) ? [{ value: a.owner_id, label: t("incidents.actions.otherOwner") }] : []));
    return [{ value: NOBODY, label: t("incidents.noOwner") }, ...people.map((p) => ({ value: p.id, label: p.name })), ...others];
  }, [people, incident.corrective_actions, t]);
  const controls = useMemo(() => {
    const known = new Set(applicable.map((c) => c.id));
    // A control that no longer applies to the application is kept by id, for the server to judge.
    const others = incident.corrective_actions.flatMap((a) => (a.control_id && !known.has(a.control_id) ? [{ value: a.control_id, label: a.control_id }] : []));
    return [{ value: NO_CONTROL, label: t("incidents.actions.noControl") }, ...applicable.map((c) => ({ value: c.id, label: `${c.id} — ${c.name}` })), ...others];
  }, [applicable, incident.corrective_actions, t]);

  return (
    <SectionCard titleId="incident-actions-title" title={t("incidents.fields.correctiveActions")} gap={1}>
      <Box component="form" noValidate onSubmit={form.submit} aria-labelledby="incident-actions-title" sx={{ display: "grid", gap: 1.5 }}>
        {fields.length === 0 && (
          <Typography variant="body2" color="text.secondary">
            {canEdit ? t("incidents.actions.emptyEditable") : t("incidents.actions.empty")}
          </Typography>
        )}
        {fields.map((f, index) => (
          <CorrectiveActionRow key={f.key} index={index} form={form} owners={owners} controls={controls} disabled={!canEdit} onRemove={() => remove(index)} />
        ))}
        {canEdit && (
          <>
            <Box>
              <Button startIcon={<AddOutlined />} onClick={() => append({ ...NEW_ACTION })}>
                {t("incidents.actions.add")}
              </Button>
            </Box>
            <FormFooter form={form} blocked={sections.elsewhere("actions")} />
          </>
        )}
      </Box>
      {form.conflictDialog}
    </SectionCard>
  );
}
