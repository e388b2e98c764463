import { Controller, useFieldArray, useWatch } from "react-hook-form";
import { Box, Button, Checkbox, FormControlLabel, IconButton, TextField, Typography } from "@mui/material";
import AddOutlined from "@mui/icons-material/AddOutlined";
import DeleteOutlined from "@mui/icons-material/DeleteOutlined";
import { useTranslation } from "react-i18next";
import { SelectField } from "../../../components/forms/SelectField";
import { aFeature } from "./new-test-form";
import { useGroupError, type NewTestForm } from "./new-test-fields";

/** The model's input features: each a number in a range or one of a list of values, drawn for every base profile. */
export function FeatureRows({ form }: { form: NewTestForm }) {
  const { t } = useTranslation();
  const { fields, append, remove } = useFieldArray({ control: form.control, name: "population.features" });
  const groupError = useGroupError(form.control);
  const listError = groupError("population.features");
  return (
    <Box sx={{ display: "grid", gap: 1.5 }}>
      <Typography variant="subtitle2" component="h3">
        {t("testing.create.featuresTitle")}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t("testing.create.featuresHelp")}
      </Typography>
      {fields.map((row, i) => (
        <FeatureRow key={row.id} form={form} index={i} onRemove={fields.length > 1 ? () => remove(i) : undefined} />
      ))}
      {listError && (
        <Typography variant="body2" color="error" role="alert">
          {listError}
        </Typography>
      )}
      <Box>
        <Button size="small" startIcon={<AddOutlined />} onClick={() => append(aFeature())}>
          {t("testing.create.addFeature")}
        </Button>
      </Box>
    </Box>
  );
}

function FeatureRow({ form, index, onRemove }: { form: NewTestForm; index: number; onRemove?: () => void }) {
  const { t } = useTranslation();
  const { control, field } = form;
  const kind = useWatch({ control, name: `population.features.${index}.kind` });
  const number = index + 1;
  return (
    <Box
      role="group"
      aria-label={t("testing.create.featureLabel", { number })}
      sx={{ display: "grid", gap: 1, gridTemplateColumns: { xs: "1fr", sm: "1.2fr 0.9fr 2fr auto" }, alignItems: "start" }}
    >
      <TextField label={t("testing.create.featureName")} required {...field(`population.features.${index}.name`)} />
      <SelectField
        control={control}
        name={`population.features.${index}.kind`}
        label={t("testing.create.featureKind")}
        options={(["number", "category"] as const).map((k) => ({ value: k, label: t(`testing.create.featureKinds.${k}`) }))}
      />
      {kind === "number" ? (
        <Box sx={{ display: "grid", gap: 1, gridTemplateColumns: "1fr 1fr auto", alignItems: "start" }}>
          <TextField label={t("testing.create.min")} inputMode="decimal" {...field(`population.features.${index}.min`)} />
          <TextField label={t("testing.create.max")} inputMode="decimal" {...field(`population.features.${index}.max`)} />
          <Controller
            control={control}
            name={`population.features.${index}.integer`}
            render={({ field: integer }) => (
              <FormControlLabel
                control={<Checkbox checked={integer.value} onChange={(e) => integer.onChange(e.target.checked)} />}
                label={t("testing.create.integer")}
                sx={{ mt: 1 }}
              />
            )}
          />
        </Box>
      ) : (
        <TextField label={t("testing.create.values")} placeholder="none, bachelor, master" {...field(`population.features.${index}.values`)} />
      )}
      {onRemove ? (
        <IconButton aria-label={t("testing.create.removeFeature", { number })} onClick={onRemove} sx={{ mt: 1 }}>
          <DeleteOutlined />
        </IconButton>
      ) : (
        <Box />
      )}
    </Box>
  );
}
