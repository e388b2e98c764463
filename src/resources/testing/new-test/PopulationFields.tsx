import { Controller, useWatch } from "react-hook-form";
import { Box, Button, FormControl, FormControlLabel, FormHelperText, FormLabel, Radio, RadioGroup, TextField } from "@mui/material";
import CasinoOutlined from "@mui/icons-material/CasinoOutlined";
import { useTranslation } from "react-i18next";
import { POPULATION_MAX_ROWS } from "../../../../domain/entities/testing-task";
import { useFieldMessage } from "../../../components/forms/field-errors";
import { SelectField } from "../../../components/forms/SelectField";
import { AttributeRows } from "./AttributeRows";
import { FeatureRows } from "./FeatureRows";
import { randomSeed } from "./new-test-form";
import type { NewTestForm } from "./new-test-fields";

interface Props {
  form: NewTestForm;
  /** Whether the application has a model endpoint registered: without one, only offline scoring is possible. */
  hasEndpoint: boolean;
}

/**
 * `fairness_ml_synthetic`: the population of counterfactual twins (its features, protected attributes, size
 * and seed) and how it is scored: by the registered model endpoint, or offline by the user.
 */
export function PopulationFields({ form, hasEndpoint }: Props) {
  const { t, i18n } = useTranslation();
  const { control, field, setValue } = form;
  const fieldMessage = useFieldMessage();
  const scoring = useWatch({ control, name: "population.scoring" });
  const size = field("population.size");
  const seed = field("population.seed");
  return (
    <>
      <FeatureRows form={form} />
      <AttributeRows form={form} />
      <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" }, alignItems: "start" }}>
        <TextField
          label={t("testing.create.size")}
          required
          inputMode="numeric"
          {...size}
          helperText={size.helperText ?? t("testing.create.sizeHelp", { max: POPULATION_MAX_ROWS.toLocaleString(i18n.resolvedLanguage) })}
        />
        <Box sx={{ display: "flex", gap: 1, alignItems: "flex-start" }}>
          <TextField label={t("testing.create.seed")} required inputMode="numeric" {...seed} helperText={seed.helperText ?? t("testing.create.seedHelp")} sx={{ flex: 1 }} />
          <Button
            aria-label={t("testing.create.newSeed")}
            title={t("testing.create.newSeed")}
            onClick={() => setValue("population.seed", String(randomSeed()), { shouldDirty: true, shouldValidate: true })}
            sx={{ mt: 1, minWidth: 0 }}
          >
            <CasinoOutlined />
          </Button>
        </Box>
      </Box>
      <Controller
        control={control}
        name="population.scoring"
        render={({ field: choice, fieldState }) => (
          <FormControl error={Boolean(fieldState.error)}>
            <FormLabel id="new-test-scoring">{t("testing.create.scoring")}</FormLabel>
            <RadioGroup aria-labelledby="new-test-scoring" value={choice.value} onChange={(e) => choice.onChange(e.target.value)}>
              <FormControlLabel value="endpoint" disabled={!hasEndpoint} control={<Radio />} label={t("testing.create.scoringEndpoint")} />
              {!hasEndpoint && <FormHelperText sx={{ mt: -0.5, ml: 4 }}>{t("testing.create.noEndpoint")}</FormHelperText>}
              <FormControlLabel value="offline" control={<Radio />} label={t("testing.create.scoringOffline")} />
            </RadioGroup>
            <FormHelperText>{fieldMessage(fieldState.error?.message) ?? t(`testing.create.scoringHelp.${scoring}`)}</FormHelperText>
          </FormControl>
        )}
      />
      <SelectField
        control={control}
        name="population.outcome_type"
        label={t("testing.create.modelOutcome")}
        options={(["binary", "score"] as const).map((v) => ({ value: v, label: t(`testing.outcomeTypes.${v}`) }))}
      />
    </>
  );
}
