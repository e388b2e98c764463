import { Controller, useWatch, type Control, type FieldValues, type Path } from "react-hook-form";
import { Alert, Checkbox, FormControlLabel } from "@mui/material";
import { useTranslation } from "react-i18next";
import { REPORT_PERIOD_DAYS, reportDeadline, SERIOUS_INCIDENT_TYPES, type SeriousIncidentType } from "../../../domain/entities/incident";
import { SelectField } from "../../components/forms/SelectField";
import { useFormatDateTime } from "../../components/data-grid/grid-support";
import { WIDE } from "./form-layout";
import { fromLocalInput } from "./local-time";

interface Props<V extends FieldValues> {
  control: Control<V>;
  disabled?: boolean;
}

/**
 * Whether the incident is serious (EU AI Act) and what makes it so; the kind is asked only of a serious one.
 * As the user chooses, it says by when the report to the authority is due: the kind's period from detection.
 */
export function SeriousFields<V extends FieldValues>({ control, disabled }: Props<V>) {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  const name = (n: "serious" | "serious_type" | "detected_at") => n as Path<V>;
  const [serious, kind, detected] = useWatch({ control, name: [name("serious"), name("serious_type"), name("detected_at")] }) as [boolean, SeriousIncidentType | "", string];
  const detectedAt = detected ? fromLocalInput(detected) : "";
  const deadline = serious && kind && !Number.isNaN(new Date(detectedAt).getTime()) ? reportDeadline(detectedAt, kind) : null;
  return (
    <>
      <Controller
        control={control}
        name={name("serious")}
        render={({ field }) => (
          <FormControlLabel
            sx={WIDE}
            control={<Checkbox checked={Boolean(field.value)} onChange={(e) => field.onChange(e.target.checked)} onBlur={field.onBlur} disabled={disabled} />}
            label={t("incidents.fields.serious")}
          />
        )}
      />
      {serious && (
        <SelectField
          control={control}
          name={name("serious_type")}
          label={t("incidents.fields.seriousType")}
          required
          disabled={disabled}
          help={t("incidents.seriousHelp")}
          options={SERIOUS_INCIDENT_TYPES.map((type) => ({ value: type, label: t(`incidents.seriousTypes.${type}`) }))}
        />
      )}
      {deadline && kind && (
        <Alert severity="warning" role="status" sx={WIDE}>
          {t("incidents.deadline.preview", { date: formatDateTime(deadline), count: REPORT_PERIOD_DAYS[kind] })}
        </Alert>
      )}
    </>
  );
}
