import { Controller, useWatch } from "react-hook-form";
import { Alert, Box, Button, Typography } from "@mui/material";
import { useUpdate, type HttpError } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import { vendorUpdateSchema, type Vendor } from "../../../domain/entities/vendor";
import { VENDOR_QUESTIONS, vendorOptionLabelKey, vendorQuestionLabelKey, type VendorDetails, type VendorQuestionId } from "../../../domain/vendors";
import type { ConflictRow } from "../../components/forms/conflict/ConflictDialog";
import { useResourceForm } from "../../components/forms/use-resource-form";
import { VENDORS_RESOURCE } from "./vendor-api";
import { changedAnswers } from "./vendor-form";
import { VendorQuestionField } from "./VendorQuestionField";
import { VendorRiskPreview } from "./VendorRiskPreview";
import { SectionCard } from "../../components/layout/SectionCard";

interface Props {
  vendorId: string;
  stored: VendorDetails;
  /** The vendor's version as loaded: a save made on it never overwrites a newer one. */
  version: number;
  canEdit: boolean;
  /** After a save: the risk may have changed, and with it the linked applications. */
  onSaved(): void;
}

const answersSchema = vendorUpdateSchema.pick({ details: true });
type AnswersValues = { details: VendorDetails };

/** The vendor's risk questions with the live risk preview beside them; saves only the changed answers. */
export function VendorQuestionnaire({ vendorId, stored, version, canEdit, onSaved }: Props) {
  const { t } = useTranslation();
  const { mutateAsync } = useUpdate<Vendor, HttpError>();

  const answerText = (id: string, value: unknown): string => {
    if (value === null || value === undefined || value === "") return t("vendors.answers.unanswered");
    if (typeof value === "boolean") return t(value ? "vendors.answers.yes" : "vendors.answers.no");
    if (Array.isArray(value)) return value.length ? value.map((v) => answerText(id, v)).join(", ") : t("vendors.answers.unanswered");
    return t(vendorOptionLabelKey(id as VendorQuestionId, String(value)), { defaultValue: String(value) });
  };
  const conflictRows = (yours: AnswersValues, current: AnswersValues): ConflictRow[] =>
    Object.keys(changedAnswers(current.details, yours.details) ?? {}).map((id) => ({
      field: id,
      label: t(vendorQuestionLabelKey(id as VendorQuestionId)),
      yours: answerText(id, yours.details[id as keyof VendorDetails]),
      current: answerText(id, current.details[id as keyof VendorDetails]),
    }));

  // Fresh answers from the server replace the form unless the user is editing.
  const form = useResourceForm<typeof answersSchema, Vendor, AnswersValues>({
    resource: VENDORS_RESOURCE,
    id: vendorId,
    schema: answersSchema,
    values: { details: stored },
    version,
    conflictRows,
    refetch: onSaved,
    // Only the changed answers are sent: the server merges them over the stored ones.
    save: async (_values, editedVersion) => {
      const { data } = await mutateAsync({
        resource: VENDORS_RESOURCE,
        id: vendorId,
        values: { details: changedAnswers(stored, form.getValues().details) },
        meta: { method: "PUT", version: editedVersion },
        successNotification: false,
        errorNotification: false,
      });
      return data;
    },
    success: "vendors.saved",
    failure: "vendors.saveFailed",
    onSaved,
  });
  const answers = useWatch({ control: form.control, name: "details" }) ?? stored;
  const changes = changedAnswers(stored, answers);
  const errorOf = (id: string) => form.fieldMessage((form.formState.errors.details as Record<string, { message?: string }> | undefined)?.[id]?.message);

  return (
    <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", md: "minmax(0, 2fr) minmax(260px, 1fr)" }, alignItems: "start" }}>
      <SectionCard titleId="vendor-questionnaire-title" title={t("vendors.detail.questionnaire")} gap={2.5} sx={{ order: { xs: 2, md: 1 } }}>
        <Typography variant="body2" color="text.secondary">
          {t("vendors.detail.questionnaireHelp")}
        </Typography>
        {VENDOR_QUESTIONS.map((q) => (
          <Controller
            key={q.id}
            name={`details.${q.id}`}
            control={form.control}
            render={({ field }) => <VendorQuestionField question={q} value={field.value} disabled={!canEdit} error={errorOf(q.id)} onChange={field.onChange} />}
          />
        ))}
        {form.failure && (
          <Alert severity="error" role="alert">
            {form.failure}
          </Alert>
        )}
        {canEdit && (
          <Box sx={{ display: "flex", gap: 1 }}>
            <Button variant="contained" onClick={form.submit} disabled={!changes || form.busy}>
              {t("common.save")}
            </Button>
            <Button onClick={form.discard} disabled={!changes || form.busy}>
              {t("common.cancel")}
            </Button>
          </Box>
        )}
      </SectionCard>
      <Box sx={{ position: { md: "sticky" }, top: { md: 16 }, order: { xs: 1, md: 2 } }}>
        <VendorRiskPreview details={answers} />
      </Box>
      {form.conflictDialog}
    </Box>
  );
}
