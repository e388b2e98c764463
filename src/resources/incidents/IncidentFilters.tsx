import { Box, Button, Checkbox, FormControlLabel, ListItemText, MenuItem, Switch, TextField } from "@mui/material";
import { useTranslation } from "react-i18next";
import { INCIDENT_SEVERITIES, INCIDENT_STATUSES } from "../../../domain/entities/incident";
import { narrowsIncidents, NO_INCIDENT_FILTERS, type IncidentFilterValues } from "./incident-filters";
import { useVisibleApplications } from "./incident-api";

interface ChoicesProps {
  label: string;
  values: string[];
  options: readonly string[];
  labelOf(value: string): string;
  onChange(values: string[]): void;
}

/** A select of any number of values, named in words in the field. */
function Choices({ label, values, options, labelOf, onChange }: ChoicesProps) {
  const { t } = useTranslation();
  return (
    <TextField
      select
      size="small"
      label={label}
      value={values}
      onChange={(e) => onChange(e.target.value as unknown as string[])}
      sx={{ minWidth: 170, maxWidth: 320 }}
      slotProps={{ select: { multiple: true, displayEmpty: true, renderValue: (v) => ((v as string[]).length ? (v as string[]).map(labelOf).join(", ") : t("incidents.filters.all")) }, inputLabel: { shrink: true } }}
    >
      {options.map((o) => (
        <MenuItem key={o} value={o}>
          <Checkbox size="small" checked={values.includes(o)} sx={{ py: 0 }} />
          <ListItemText primary={labelOf(o)} />
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The incident list's filters: application, severities, statuses, and overdue reports only. */
export function IncidentFilters({ values, onChange }: { values: IncidentFilterValues; onChange(values: IncidentFilterValues): void }) {
  const { t } = useTranslation();
  const { applications } = useVisibleApplications();
  const set = (change: Partial<IncidentFilterValues>) => onChange({ ...values, ...change });
  return (
    <Box sx={{ display: "flex", gap: 2, flexWrap: "wrap", alignItems: "center" }}>
      <TextField
        select
        size="small"
        label={t("incidents.fields.application")}
        value={values.application_id}
        onChange={(e) => set({ application_id: e.target.value })}
        sx={{ minWidth: 200 }}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        <MenuItem value="">{t("incidents.filters.all")}</MenuItem>
        {applications.map((a) => (
          <MenuItem key={a.id} value={a.id}>
            {a.name}
          </MenuItem>
        ))}
      </TextField>
      <Choices label={t("incidents.fields.severity")} values={values.severity} options={INCIDENT_SEVERITIES} labelOf={(s) => t(`incidents.severities.${s}`)} onChange={(severity) => set({ severity })} />
      <Choices label={t("incidents.fields.status")} values={values.status} options={INCIDENT_STATUSES} labelOf={(s) => t(`incidents.statuses.${s}`)} onChange={(status) => set({ status })} />
      <FormControlLabel control={<Switch checked={values.overdue_report} onChange={(e) => set({ overdue_report: e.target.checked })} />} label={t("incidents.filters.overdue")} />
      {narrowsIncidents(values) && (
        <Button size="small" onClick={() => onChange(NO_INCIDENT_FILTERS)}>
          {t("incidents.filters.clear")}
        </Button>
      )}
    </Box>
  );
}
