import { Controller, type Control, type Path } from "react-hook-form";
import { Box, Checkbox, FormControlLabel, IconButton, TextField, Tooltip } from "@mui/material";
import DeleteOutlined from "@mui/icons-material/DeleteOutlined";
import { useTranslation } from "react-i18next";
import { SelectField } from "../../components/forms/SelectField";
import type { ActionsValues } from "./corrective-actions-form";
import { WIDE } from "./form-layout";

type Option = { value: string; label: string };

interface Props {
  index: number;
  form: { field(name: Path<ActionsValues>): object; control: Control<ActionsValues> };
  /** The owner and control choices, each starting with "none". */
  owners: Option[];
  controls: Option[];
  disabled: boolean;
  onRemove(): void;
}

/** One corrective action: what is done, by whom, by when, which control of the application it strengthens, and whether it is done. */
export function CorrectiveActionRow({ index, form: { field, control }, owners, controls, disabled, onRemove }: Props) {
  const { t } = useTranslation();
  const name = (key: "description" | "owner_id" | "due_date" | "control_id" | "done") => `corrective_actions.${index}.${key}` as const;
  return (
    <Box
      role="group"
      aria-label={t("incidents.actions.item", { number: index + 1 })}
      sx={{ display: "grid", gap: 1.5, gridTemplateColumns: { xs: "1fr", md: "minmax(0, 2fr) 170px minmax(0, 3fr) auto auto" }, alignItems: "start", py: 1.5, borderTop: 1, borderColor: "divider" }}
    >
      <TextField label={t("incidents.correctiveAction.description")} required multiline disabled={disabled} {...field(name("description"))} slotProps={{ inputLabel: { shrink: true } }} sx={WIDE} />
      <SelectField control={control} name={name("owner_id")} label={t("incidents.correctiveAction.owner")} disabled={disabled} options={owners} />
      <TextField type="date" label={t("incidents.correctiveAction.dueDate")} disabled={disabled} {...field(name("due_date"))} slotProps={{ inputLabel: { shrink: true } }} />
      <SelectField control={control} name={name("control_id")} label={t("incidents.correctiveAction.control")} disabled={disabled} options={controls} />
      <Controller
        control={control}
        name={name("done")}
        render={({ field: done }) => (
          <FormControlLabel
            control={<Checkbox checked={Boolean(done.value)} onChange={(e) => done.onChange(e.target.checked)} onBlur={done.onBlur} disabled={disabled} />}
            label={t("incidents.correctiveAction.done")}
          />
        )}
      />
      {!disabled && (
        <Tooltip title={t("incidents.actions.remove")}>
          <IconButton aria-label={t("incidents.actions.removeNumbered", { number: index + 1 })} onClick={onRemove}>
            <DeleteOutlined />
          </IconButton>
        </Tooltip>
      )}
    </Box>
  );
}
