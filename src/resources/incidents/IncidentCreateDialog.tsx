import { useWatch } from "react-hook-form";
import { LinearProgress } from "@mui/material";
import { useNavigation } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import type { Incident } from "../../../domain/entities/incident";
import { FormDialog } from "../../components/dialogs/FormDialog";
import { SelectField } from "../../components/forms/SelectField";
import { useResourceForm } from "../../components/forms/use-resource-form";
import { INCIDENTS_RESOURCE, useIncidentPeople, useRecordableApplications } from "./incident-api";
import { incidentCreateFormSchema, newIncidentValues, type IncidentCreateValues } from "./incident-form";
import { IncidentFields } from "./IncidentFields";

interface Props {
  /** Recorded from an application's page: that application, chosen already. */
  applicationId?: string;
  onClose(): void;
}

/** Records an incident (POST /incidents), then opens its page; it starts open. */
export function IncidentCreateDialog({ applicationId, onClose }: Props) {
  const { t } = useTranslation();
  const { show } = useNavigation();
  const { applications, loading, error } = useRecordableApplications();
  const form = useResourceForm<typeof incidentCreateFormSchema, Incident, IncidentCreateValues>({
    resource: INCIDENTS_RESOURCE,
    schema: incidentCreateFormSchema,
    values: newIncidentValues(applicationId),
    success: "incidents.created",
    failure: "incidents.saveFailed",
    onSaved: (incident) => {
      onClose();
      show(INCIDENTS_RESOURCE, incident.id);
    },
  });
  const chosen = useWatch({ control: form.control, name: "application_id" });
  const owners = useIncidentPeople(chosen);

  return (
    <FormDialog
      titleId="incident-create-title"
      title={t("incidents.createTitle")}
      help={t("incidents.createHelp")}
      form={form}
      error={error ? t("incidents.applicationsFailed", { message: error.message }) : null}
      errorPlacement="bottom"
      submitLabel={t("incidents.create")}
      onClose={onClose}
      contentSx={{ display: "grid", gap: 2, pt: "8px !important" }}
    >
      {/* Chosen once the choices are known, so a preselected application is one of them. */}
      {loading ? (
        <LinearProgress aria-label={t("incidents.loadingApplications")} />
      ) : (
        <SelectField
          control={form.control}
          name="application_id"
          label={t("incidents.fields.application")}
          required
          help={applications.length === 0 ? t("incidents.noRecordableApplications") : undefined}
          options={applications.map((a) => ({ value: a.id, label: a.name }))}
        />
      )}
      <IncidentFields form={form} owners={owners} noOwnerLabel={t("incidents.ownerDefault")} />
    </FormDialog>
  );
}
