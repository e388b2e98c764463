import type { Control, FieldValues, Path } from "react-hook-form";
import { TextField } from "@mui/material";
import { useTranslation } from "react-i18next";
import { INCIDENT_SEVERITIES } from "../../../domain/entities/incident";
import { SelectField } from "../../components/forms/SelectField";
import type { Person } from "../applications/controls/control-api";
import { NOBODY, type IncidentFieldValues } from "./incident-form";
import { WIDE } from "./form-layout";
import { SeriousFields } from "./SeriousFields";

type TextName = "title" | "occurred_at" | "detected_at" | "description" | "affected_people";

interface Props<V extends FieldValues> {
  form: { field(name: Path<V>): object; control: Control<V> };
  /** Who may own the incident: the people who reach its application. */
  owners: Person[];
  /** What an empty owner means: the recorder on a new incident, nobody on a stored one. */
  noOwnerLabel: string;
  disabled?: boolean;
}

/** The incident's own fields: one set for recording it (dialog) and editing it (its page). */
export function IncidentFields<V extends FieldValues>({ form: { field, control }, owners, noOwnerLabel, disabled }: Props<V>) {
  const { t } = useTranslation();
  const name = (n: keyof IncidentFieldValues) => n as Path<V>;
  const text = (n: TextName, label: string, extra: object = {}) => (
    <TextField label={t(label)} disabled={disabled} {...field(name(n))} slotProps={{ inputLabel: { shrink: true } }} {...extra} />
  );
  return (
    <>
      {text("title", "incidents.fields.title", { required: true, autoComplete: "off", sx: WIDE })}
      <SelectField
        control={control}
        name={name("severity")}
        label={t("incidents.fields.severity")}
        required
        disabled={disabled}
        options={INCIDENT_SEVERITIES.map((s) => ({ value: s, label: t(`incidents.severities.${s}`) }))}
      />
      <SelectField
        control={control}
        name={name("owner_id")}
        label={t("incidents.fields.owner")}
        disabled={disabled}
        options={[{ value: NOBODY, label: noOwnerLabel }, ...owners.map((p) => ({ value: p.id, label: p.name }))]}
      />
      {text("occurred_at", "incidents.fields.occurredAt", { type: "datetime-local" })}
      {text("detected_at", "incidents.fields.detectedAt", { type: "datetime-local", required: true })}
      {text("description", "incidents.fields.description", { multiline: true, minRows: 3, sx: WIDE })}
      {text("affected_people", "incidents.fields.affectedPeople", { type: "number", slotProps: { inputLabel: { shrink: true }, htmlInput: { min: 0, step: 1 } } })}
      <SeriousFields control={control} disabled={disabled} />
    </>
  );
}
