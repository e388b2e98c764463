import { Controller, type Control } from "react-hook-form";
import { FormControl, FormLabel, TextField } from "@mui/material";
import { useTranslation } from "react-i18next";
import { optionLabelKey, questionHelpKey, questionLabelKey, type QuestionDefinition, type QuestionId } from "../../../../../domain/risk";
import type { VendorRef } from "../../../../../domain/entities/vendor";
import type { DetailsFormValues } from "./details-form";
import { VendorSelect } from "./VendorSelect";
import { ChoiceQuestionInput } from "../../../../components/questionnaire/ChoiceQuestionInput";

interface QuestionFieldProps {
  question: QuestionDefinition;
  control: Control<DetailsFormValues>;
  disabled: boolean;
  /** A translated error from the server for this answer. */
  error?: string;
  /** The company's vendors, for the foundation-model vendor question. */
  vendors?: readonly VendorRef[];
  vendorsLoading?: boolean;
}

/** One question of the questionnaire, its input chosen by its type. */
export function QuestionField({ question, control, disabled, error, vendors = [], vendorsLoading }: QuestionFieldProps) {
  const { t } = useTranslation();
  const id = question.id as QuestionId;
  const label = t(questionLabelKey(id));
  const help = t(questionHelpKey(id));
  const labelId = `question-${id}-label`;
  const name = `details.${id}` as const;

  if (question.type === "text") {
    return (
      <Controller
        name={name as `details.purpose`}
        control={control}
        render={({ field }) => (
          <TextField
            label={label}
            value={(field.value as string | null) ?? ""}
            onChange={(event) => field.onChange(event.target.value)}
            onBlur={field.onBlur}
            inputRef={field.ref}
            disabled={disabled}
            required={question.required}
            multiline
            minRows={2}
            error={Boolean(error)}
            helperText={error ?? help}
            slotProps={{ htmlInput: { maxLength: question.maxLength } }}
          />
        )}
      />
    );
  }

  if (question.type === "vendor") {
    return (
      <FormControl component="fieldset" disabled={disabled} error={Boolean(error)}>
        <FormLabel component="legend" id={labelId}>
          {label}
        </FormLabel>
        <Controller
          name={name as `details.foundation_model_vendor_id`}
          control={control}
          render={({ field }) => (
            <VendorSelect
              vendors={vendors}
              value={(field.value as string | null) ?? null}
              onChange={field.onChange}
              label={t("vendors.picker.foundationModel")}
              helperText={help}
              error={error}
              disabled={disabled}
              loading={vendorsLoading}
            />
          )}
        />
      </FormControl>
    );
  }

  const type = question.type;
  return (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <ChoiceQuestionInput
          idPrefix={`question-${id}`}
          type={type}
          options={question.options ?? []}
          label={label}
          helperText={error ?? help}
          error={Boolean(error)}
          required={question.required}
          disabled={disabled}
          value={field.value}
          onChange={field.onChange}
          optionLabel={(option) => t(optionLabelKey(id, option))}
          answerLabels={{ yes: t("risk.answers.yes"), no: t("risk.answers.no"), unanswered: t("risk.answers.unanswered") }}
        />
      )}
    />
  );
}
