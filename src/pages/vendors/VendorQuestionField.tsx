import { Checkbox, FormControl, FormControlLabel, FormGroup, FormHelperText, FormLabel, Radio, RadioGroup, TextField } from "@mui/material";
import { useTranslation } from "react-i18next";
import { vendorOptionLabelKey, vendorQuestionHelpKey, vendorQuestionLabelKey, type VendorQuestionDefinition, type VendorQuestionId } from "../../../domain/vendors";

interface Props {
  question: VendorQuestionDefinition;
  value: unknown;
  onChange(value: unknown): void;
  disabled: boolean;
  error?: string;
}

/** The radio value of "no answer": unanswered counts against the vendor, and the user can say so. */
const UNANSWERED = "";

/** One vendor question, its input chosen by its type. */
export function VendorQuestionField({ question, value, onChange, disabled, error }: Props) {
  const { t } = useTranslation();
  const id = question.id as VendorQuestionId;
  const label = t(vendorQuestionLabelKey(id));
  const help = error ?? t(vendorQuestionHelpKey(id));
  const labelId = `vendor-question-${id}-label`;
  const helpId = `vendor-question-${id}-help`;

  if (question.type === "date") {
    return (
      <TextField
        type="date"
        label={label}
        value={typeof value === "string" ? value : ""}
        onChange={(e) => onChange(e.target.value || null)}
        disabled={disabled}
        error={Boolean(error)}
        helperText={help}
        slotProps={{ inputLabel: { shrink: true } }}
        sx={{ maxWidth: 260 }}
      />
    );
  }

  const options = question.options ?? [];
  return (
    <FormControl component="fieldset" disabled={disabled} error={Boolean(error)}>
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
                label={t(vendorOptionLabelKey(id, option))}
                control={
                  <Checkbox
                    checked={chosen.includes(option)}
                    onChange={(event) => onChange(options.filter((o) => (o === option ? event.target.checked : chosen.includes(o))))}
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
            onChange(v === UNANSWERED ? null : question.type === "bool" ? v === "yes" : v);
          }}
        >
          {(question.type === "bool" ? ["yes", "no"] : options).map((option) => (
            <FormControlLabel
              key={option}
              value={option}
              control={<Radio />}
              label={question.type === "bool" ? t(`vendors.answers.${option}`) : t(vendorOptionLabelKey(id, option))}
            />
          ))}
          <FormControlLabel value={UNANSWERED} control={<Radio />} label={t("vendors.answers.unanswered")} />
        </RadioGroup>
      )}
      <FormHelperText id={helpId}>{help}</FormHelperText>
    </FormControl>
  );
}
