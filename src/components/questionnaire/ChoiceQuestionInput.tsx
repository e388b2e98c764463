import { Checkbox, FormControl, FormControlLabel, FormGroup, FormHelperText, FormLabel, Radio, RadioGroup } from "@mui/material";

/** The radio value of "no answer": unanswered is a choice the user can come back to. */
const UNANSWERED = "";

export interface ChoiceQuestionInputProps {
  /** Prefix of the label and help ids, e.g. "question-uses_pii". */
  idPrefix: string;
  type: "bool" | "single" | "multi";
  options: readonly string[];
  label: string;
  /** The help text, or the error in its place. */
  helperText: string;
  error: boolean;
  required?: boolean;
  disabled: boolean;
  value: unknown;
  /** Gets the answer: true/false, an option, the chosen options in question order, or null when unanswered. */
  onChange(value: unknown): void;
  optionLabel(option: string): string;
  /** "Yes", "No" and "Unanswered" in the questionnaire's area. */
  answerLabels: { yes: string; no: string; unanswered: string };
}

/** A yes/no, single- or multi-choice question of a questionnaire (applications and vendors alike). */
export function ChoiceQuestionInput({
  idPrefix,
  type,
  options,
  label,
  helperText,
  error,
  required,
  disabled,
  value,
  onChange,
  optionLabel,
  answerLabels,
}: ChoiceQuestionInputProps) {
  const labelId = `${idPrefix}-label`;
  const helpId = `${idPrefix}-help`;
  return (
    <FormControl component="fieldset" disabled={disabled} error={error} required={required}>
      <FormLabel component="legend" id={labelId}>
        {label}
      </FormLabel>
      {type === "multi" ? (
        <FormGroup role="group" aria-labelledby={labelId} aria-describedby={helpId} row>
          {options.map((option) => {
            const chosen = Array.isArray(value) ? (value as string[]) : [];
            return (
              <FormControlLabel
                key={option}
                label={optionLabel(option)}
                control={
                  <Checkbox
                    checked={chosen.includes(option)}
                    // Kept in the question's option order, so an unchanged set compares equal.
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
          value={type === "bool" ? (value === true ? "yes" : value === false ? "no" : UNANSWERED) : ((value as string | null) ?? UNANSWERED)}
          onChange={(event) => {
            const v = event.target.value;
            onChange(v === UNANSWERED ? null : type === "bool" ? v === "yes" : v);
          }}
        >
          {(type === "bool" ? (["yes", "no"] as const) : options).map((option) => (
            <FormControlLabel
              key={option}
              value={option}
              control={<Radio />}
              label={type === "bool" ? answerLabels[option as "yes" | "no"] : optionLabel(option)}
            />
          ))}
          <FormControlLabel value={UNANSWERED} control={<Radio />} label={answerLabels.unanswered} />
        </RadioGroup>
      )}
      <FormHelperText id={helpId}>{helperText}</FormHelperText>
    </FormControl>
  );
}
