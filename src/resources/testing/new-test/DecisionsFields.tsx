import { useCallback, useMemo } from "react";
import { useWatch } from "react-hook-form";
import { TextField } from "@mui/material";
import { useTranslation } from "react-i18next";
import { SelectField } from "../../../components/forms/SelectField";
import { MappedFileFields, MappingSection } from "./MappedFileFields";
import type { NewTestForm } from "./new-test-fields";
import { OtherAttributes } from "./OtherAttributes";

/** How many distinct outcome values the hint under "positive value" lists. */
const HINT_VALUES = 6;

/**
 * `fairness_ml_user`: the decisions file (a document of the application, or one uploaded here) and which of
 * its columns hold the outcome, the actual outcome (optional) and the protected attributes.
 */
export function DecisionsFields({ applicationId, form }: { applicationId: string; form: NewTestForm }) {
  const { t } = useTranslation();
  const { control, field, setValue } = form;
  const [outcome, outcomeType] = useWatch({ control, name: ["columns.outcome", "columns.outcome_type"] });

  // Another file has other columns: the mapping starts over.
  const clearMapping = useCallback(() => {
    const options = { shouldDirty: true };
    setValue("columns.outcome", "", options);
    setValue("columns.label", "", options);
    setValue("columns.protected.sex", "", options);
    setValue("columns.protected.race_ethnicity", "", options);
    setValue("others", [], options);
  }, [setValue]);

  const positive = field("columns.positive_value");
  return (
    <MappedFileFields applicationId={applicationId} form={form} documentLabel={t("testing.create.document")} onFileChange={clearMapping} protectedErrorPath="columns.protected">
      {({ columns, sample, columnOptions, optionalOptions }) => (
        <>
          <MappingSection
            title={t("testing.create.outcomeTitle")}
            fields={
              <>
                <SelectField control={control} name="columns.outcome" label={t("testing.create.outcome")} required options={columnOptions} />
                <SelectField
                  control={control}
                  name="columns.outcome_type"
                  label={t("testing.create.outcomeType")}
                  options={(["binary", "score"] as const).map((v) => ({ value: v, label: t(`testing.outcomeTypes.${v}`) }))}
                  help={t(`testing.create.outcomeTypeHelp.${outcomeType}`)}
                />
                {outcomeType === "binary" && (
                  <TextField label={t("testing.create.positiveValue")} {...positive} helperText={positive.helperText ?? <OutcomeValues columns={columns} sample={sample} outcome={outcome} />} />
                )}
                <SelectField control={control} name="columns.label" label={t("testing.create.label")} options={optionalOptions} help={t("testing.create.labelHelp")} />
              </>
            }
          />
          <MappingSection
            title={t("testing.create.protectedTitle")}
            help={t("testing.create.protectedHelp")}
            fields={
              <>
                <SelectField control={control} name="columns.protected.sex" label={t("testing.categories.sex")} options={optionalOptions} />
                <SelectField control={control} name="columns.protected.race_ethnicity" label={t("testing.categories.race_ethnicity")} options={optionalOptions} />
              </>
            }
          >
            <OtherAttributes form={form} columns={columnOptions} placeholder="age_band" addLabel={t("testing.create.addOther")} />
          </MappingSection>
        </>
      )}
    </MappedFileFields>
  );
}

/** The values the outcome column takes in the first rows: what "positive" can be. */
function OutcomeValues({ columns, sample, outcome }: { columns: string[]; sample: string[][]; outcome: string }) {
  const { t } = useTranslation();
  const values = useMemo(() => {
    const index = columns.indexOf(outcome);
    return index === -1 ? [] : [...new Set(sample.map((row) => row[index]).filter(Boolean))].slice(0, HINT_VALUES);
  }, [columns, sample, outcome]);
  return <>{values.length ? t("testing.create.positiveValueSeen", { values: values.join(", ") }) : t("testing.create.positiveValueHelp")}</>;
}
