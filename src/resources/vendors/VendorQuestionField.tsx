import { TextField } from "@mui/material";
import { useTranslation } from "react-i18next";
import { ChoiceQuestionInput } from "../../components/questionnaire/ChoiceQuestionInput";
import { vendorOptionLabelKey, vendorQuestionHelpKey, vendorQuestionLabelKey, type VendorQuestionDefinition, type VendorQuestionId } from "../../../domain/vendors";

interface Props {
  question: VendorQuestionDefinition;
  value: unknown;
  onChange(value: unknown): void;
  disabled: boolean;
  error?: string;
}

/** One vendor question, its input chosen by its type. */
export function VendorQuestionField({ question, value, onChange, disabled, error }: Props) {
  const { t } = useTranslation();
  const id = question.id as VendorQuestionId;
  const label = t(vendorQuestionLabelKey(id));
  const help = error ?? t(vendorQuestionHelpKey(id));

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

  return (
    <ChoiceQuestionInput
      idPrefix={`vendor-question-${id}`}
      type={question.type}
      options={question.options ?? []}
      label={label}
      helperText={help}
      error={Boolean(error)}
      disabled={disabled}
      value={value}
      onChange={onChange}
      optionLabel={(option) => t(vendorOptionLabelKey(id, option))}
      answerLabels={{ yes: t("vendors.answers.yes"), no: t("vendors.answers.no"), unanswered: t("vendors.answers.unanswered") }}
    />
  );
}
