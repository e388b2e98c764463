import { Controller, type Control } from "react-hook-form";
import {
  Checkbox,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  Radio,
  RadioGroup,
  TextField,
} from "@mui/material";
import { useTranslation } from "react-i18next";
import { optionLabelKey, questionHelpKey, questionLabelKey, type QuestionDefinition, type QuestionId } from "../../../../../domain/risk";
import type { VendorRef } from "../../../../../domain/entities/vendor";
import type { DetailsFormValues } from "./details-form";
import { VendorSelect } from "./VendorSelect";

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

/** The radio value of "no answer": unanswered is a choice the user can come back to. */
const UNANSWERED = "";

/** One question of the questionnaire, its input chosen by its type (risk-model §1). */
export function QuestionField({ question, control, disabled, error, vendors = [], vendorsLoading }: QuestionFieldProps) {
  const { t } = useTranslation();
  const id = question.id as QuestionId;
  const label = t(questionLabelKey(id));
  const help = t(questionHelpKey(id));
  const labelId = `question-${id}-label`;
  const helpId = `question-${id}-help`;
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

  const options = question.options ?? [];
  return (
    <Controller
      name={name}
      control={control}
      render={({ field }) => {
        const value = field.value as unknown;
        return (
          <FormControl component="fieldset" disabled={disabled} error={Boolean(error)} required={question.required}>
            <FormLabel component="legend" id={labelId}>
              {label}
            </FormLabel>
            {question.type === "multi" ? (
              <FormGroup role="group" aria-labelledby={labelId} aria-describedby={helpId} row>
                {options.map((option) => {
                  const chosen = Array.isArray(value) ? (value as string[]) : [];
                  return (
                    <FormControlLabel
                      key={option}
                      label={t(optionLabelKey(id, option))}
                      control={
                        <Checkbox
                          checked={chosen.includes(option)}
                          onChange={(event) => {
                            // Kept in the question's option order, so an unchanged set compares equal.
                            const next = options.filter((o) => (o === option ? event.target.checked : chosen.includes(o)));
                            field.onChange(next);
                          }}
                        />
                      }
                    />
                  );
                })}
              </FormGroup>
            ) : (
              <RadioGroup
                row
                aria-labelledby={labelId}
                aria-describedby={helpId}
                value={question.type === "bool" ? (value === true ? "yes" : value === false ? "no" : UNANSWERED) : ((value as string | null) ?? UNANSWERED)}
                onChange={(event) => {
                  const v = event.target.value;
                  if (v === UNANSWERED) field.onChange(null);
                  else if (question.type === "bool") field.onChange(v === "yes");
                  else field.onChange(v);
                }}
              >
                {(question.type === "bool" ? ["yes", "no"] : options).map((option) => (
                  <FormControlLabel
                    key={option}
                    value={option}
                    control={<Radio />}
                    label={question.type === "bool" ? t(`risk.answers.${option}`) : t(optionLabelKey(id, option))}
                  />
                ))}
                <FormControlLabel value={UNANSWERED} control={<Radio />} label={t("risk.answers.unanswered")} />
              </RadioGroup>
            )}
            <FormHelperText id={helpId}>{error ?? help}</FormHelperText>
          </FormControl>
        );
      }}
    />
  );
}
