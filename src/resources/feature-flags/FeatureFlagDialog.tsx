import { Checkbox, FormControl, FormControlLabel, FormGroup, FormHelperText, FormLabel, Switch, TextField } from "@mui/material";
import { Controller } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { ROLE_NAMES, type RoleName } from "../../../domain/access/current-user";
import { featureFlagCreateSchema, featureFlagSettingsSchema, type FeatureFlag } from "../../../domain/flags/schemas";
import { roleLabel } from "../../components/access/role-label";
import { FormDialog } from "../../components/dialogs/FormDialog";
import { useResourceForm } from "../../components/forms/use-resource-form";

const NEW_FLAG = { key: "", description: "", enabled: false, roles: [] as RoleName[], percentage: null as number | null };

/** Create a flag of the company's own, or change one (a product flag's key is fixed): on/off, roles, share of users. */
export function FeatureFlagDialog({ flag, onClose }: { flag: FeatureFlag | null; onClose(): void }) {
  const { t } = useTranslation();
  const editing = flag !== null;
  const form = useResourceForm({
    resource: "feature-flags",
    id: flag?.key,
    version: flag?.version,
    schema: editing ? featureFlagSettingsSchema : featureFlagCreateSchema,
    values: flag ? { description: flag.description, enabled: flag.enabled, roles: flag.roles, percentage: flag.percentage } : NEW_FLAG,
    success: editing ? "feature-flags.saved" : "feature-flags.created",
    onSaved: onClose,
  });
  const { control, field, busy, fieldMessage, conflictDialog } = form;
  const titleId = "feature-flag-dialog-title";

  return (
    <FormDialog
      titleId={titleId}
      title={editing ? t("feature-flags.editTitle", { key: flag.key }) : t("feature-flags.create")}
      form={form}
      submitLabel={editing ? t("common.actions.save") : t("common.actions.create")}
      onClose={onClose}
      contentSx={{ display: "grid", gap: 2.5, pt: "8px !important" }}
    >
      {!editing && <TextField label={t("feature-flags.fields.key")} autoFocus required disabled={busy} {...field("key" as never)} helperText={field("key" as never).helperText ?? t("feature-flags.keyHelp")} />}
      <TextField label={t("feature-flags.fields.description")} multiline minRows={2} disabled={busy} {...field("description")} />
      <Controller
        control={control}
        name="enabled"
        render={({ field: f }) => (
          <FormControlLabel control={<Switch checked={Boolean(f.value)} onChange={(e) => f.onChange(e.target.checked)} disabled={busy} />} label={t("feature-flags.fields.enabled")} />
        )}
      />
      <Controller
        control={control}
        name="roles"
        render={({ field: f, fieldState }) => {
          const chosen = (f.value ?? []) as RoleName[];
          const toggle = (role: RoleName, on: boolean) => f.onChange(on ? [...chosen, role] : chosen.filter((r) => r !== role));
          return (
            <FormControl component="fieldset" error={Boolean(fieldState.error)}>
              <FormLabel component="legend">{t("feature-flags.fields.roles")}</FormLabel>
              <FormGroup row>
                {ROLE_NAMES.map((role) => (
                  <FormControlLabel key={role} control={<Checkbox checked={chosen.includes(role)} onChange={(e) => toggle(role, e.target.checked)} disabled={busy} />} label={roleLabel(t, role)} />
                ))}
              </FormGroup>
              <FormHelperText>{fieldState.error ? fieldMessage(fieldState.error.message) : t("feature-flags.rolesHelp")}</FormHelperText>
            </FormControl>
          );
        }}
      />
      <Controller
        control={control}
        name="percentage"
        render={({ field: f, fieldState }) => (
          <TextField
            label={t("feature-flags.fields.percentage")}
            type="number"
            disabled={busy}
            value={f.value ?? ""}
            onChange={(e) => f.onChange(e.target.value === "" ? null : Number(e.target.value))}
            onBlur={f.onBlur}
            error={Boolean(fieldState.error)}
            helperText={fieldState.error ? fieldMessage(fieldState.error.message) : t("feature-flags.percentageHelp")}
            slotProps={{ htmlInput: { min: 0, max: 100, step: 1 } }}
          />
        )}
      />
      {conflictDialog}
    </FormDialog>
  );
}
