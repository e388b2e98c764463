import { useMemo } from "react";
import { Controller, useWatch } from "react-hook-form";
import { Alert, Box, Button, Card, CardContent, LinearProgress, TextField, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import type { Application } from "../../../../../domain/entities/application";
import { SECTION_IDS, isQuestionApplicable, questionsInSection, sectionLabelKey, type ClassificationContext } from "../../../../../domain/risk";
import type { VendorRef } from "../../../../../domain/entities/vendor";
import { useResourceForm } from "../../../../components/forms/use-resource-form";
import { useCompanyVendors } from "../../../vendors/vendor-api";
import { useApplicationGet, useApplicationPut } from "../application-api";
import { detailsConflictRows } from "./details-conflict";
import { changesOf, detailsFormSchema, toFormValues, type DetailsFormValues } from "./details-form";
import { QuestionField } from "./QuestionField";
import { RiskPreview } from "./RiskPreview";
import { HighRiskVendorNote } from "./HighRiskVendorNote";
import { VendorMultiSelect } from "./VendorSelect";
import { useRefreshShown } from "../../../../providers/refresh";

/** The vendor facts classify() takes, from the vendors chosen in the form (listed, and the foundation-model one). */
export function vendorContextOf(vendorIds: readonly string[], foundationModelVendorId: string | null, vendors: readonly VendorRef[]): ClassificationContext {
  const used = [...new Set(foundationModelVendorId ? [...vendorIds, foundationModelVendorId] : vendorIds)];
  const high = used.filter((id) => vendors.find((v) => v.id === id)?.risk_level === "high").sort();
  return { vendorCount: used.length, highRiskVendorIds: high };
}

/** The questionnaire with name and description, and the live tier preview beside it. */
export function DetailsTab({ application, canEdit, permissionsLoading = false }: { application: Application; canEdit: boolean; permissionsLoading?: boolean }) {
  const { t } = useTranslation();
  const stored = useApplicationGet<{ details: Record<string, unknown> }>(application.id, "details");
  const { put } = useApplicationPut(application.id);
  const refresh = useRefreshShown();
  const company = useCompanyVendors();
  // The company's vendors, plus those the application already lists (with their levels) if the list missed them.
  const vendors = useMemo<VendorRef[]>(
    () => [...company.vendors, ...(application.vendors ?? []).filter((v) => !company.vendors.some((c) => c.id === v.id))],
    [company.vendors, application.vendors],
  );

  const initial = useMemo(
    () => toFormValues(application, stored.result.data?.details),
    [application, stored.result.data],
  );
  // Fresh data from the server (after a save, or a refetch) replaces the form unless the user is editing.
  const form = useResourceForm<typeof detailsFormSchema, Application, DetailsFormValues>({
    resource: "applications",
    id: application.id,
    schema: detailsFormSchema,
    values: initial,
    version: application.version,
    conflictRows: (yours, current) => detailsConflictRows(t, current, yours, vendors),
    refetch: refresh,
    // Only what changed is sent: the server merges partial answers.
    save: async (values, version) => {
      const body = changesOf(initial, values);
      return body ? put(body, version) : application;
    },
    success: "common.messages.applicationSaved",
    failure: "application-detail.errors.updateFailed",
  });
  const { control, register, formState, fieldMessage } = form;
  const { errors, isDirty, isSubmitting } = formState;
  const details = useWatch({ control, name: "details" });
  const vendorIds = useWatch({ control, name: "vendor_ids" });
  const fmVendor = details?.uses_foundation_model === true ? details.foundation_model_vendor_id : null;
  const context = useMemo(() => vendorContextOf(vendorIds ?? [], fmVendor ?? null, vendors), [vendorIds, fmVendor, vendors]);


  if (stored.query.isLoading) return <LinearProgress aria-label={t("application-detail.details.loading")} />;
  if (stored.query.error) {
    return (
      <Alert severity="error" role="alert">
        {t("application-detail.loadFailed", { message: stored.query.error.message })}
      </Alert>
    );
  }

  const answerError = (id: string) => fieldMessage((errors.details as Record<string, { message?: string }> | undefined)?.[id]?.message);

  return (
    <Box
      component="form"
      noValidate
      aria-label={t("application-detail.details.formLabel")}
      onSubmit={form.submit}
      sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", md: "minmax(0, 2fr) minmax(280px, 1fr)" }, alignItems: "start" }}
    >
      <Box sx={{ display: "grid", gap: 2, order: { xs: 2, md: 1 } }}>
        {!canEdit && !permissionsLoading && <Alert severity="info">{t("application-detail.details.readOnly")}</Alert>}
        <Card variant="outlined" component="section" aria-labelledby="section-general">
          <CardContent sx={{ display: "grid", gap: 2 }}>
            <Typography id="section-general" variant="h6" component="h2">
              {t("application-detail.details.general")}
            </Typography>
            <TextField
              label={t("application-detail.fields.name")}
              required
              disabled={!canEdit}
              {...register("name")}
              slotProps={{ inputLabel: { shrink: true } }}
              error={Boolean(errors.name)}
              helperText={fieldMessage(errors.name?.message)}
            />
            <TextField
              label={t("application-detail.fields.description")}
              multiline
              minRows={2}
              disabled={!canEdit}
              {...register("description")}
              slotProps={{ inputLabel: { shrink: true } }}
              error={Boolean(errors.description)}
              helperText={fieldMessage(errors.description?.message)}
            />
          </CardContent>
        </Card>
        <Card variant="outlined" component="section" aria-labelledby="section-vendors">
          <CardContent sx={{ display: "grid", gap: 2 }}>
            <Typography id="section-vendors" variant="h6" component="h2">
              {t("vendors.picker.used")}
            </Typography>
            <Controller
              name="vendor_ids"
              control={control}
              render={({ field }) => (
                <VendorMultiSelect
                  vendors={vendors}
                  value={field.value ?? []}
                  onChange={field.onChange}
                  label={t("vendors.picker.used")}
                  helperText={t("vendors.picker.usedHelp")}
                  error={fieldMessage(errors.vendor_ids?.message)}
                  disabled={!canEdit}
                  loading={company.loading}
                />
              )}
            />
            <HighRiskVendorNote usedIds={fmVendor ? [...(vendorIds ?? []), fmVendor] : (vendorIds ?? [])} vendors={company.vendors} />
          </CardContent>
        </Card>
        {SECTION_IDS.map((section) => (
          <Card key={section} variant="outlined" component="section" aria-labelledby={`section-${section}`}>
            <CardContent sx={{ display: "grid", gap: 2.5 }}>
              <Typography id={`section-${section}`} variant="h6" component="h2">
                {t(sectionLabelKey(section))}
              </Typography>
              {questionsInSection(section)
                .filter((q) => isQuestionApplicable(q, details ?? {}))
                .map((q) => (
                  <QuestionField
                    key={q.id}
                    question={q}
                    control={control}
                    disabled={!canEdit}
                    error={answerError(q.id)}
                    vendors={vendors}
                    vendorsLoading={company.loading}
                  />
                ))}
            </CardContent>
          </Card>
        ))}
        {form.failure && (
          <Alert severity="error" role="alert">
            {form.failure}
          </Alert>
        )}
        {canEdit && (
          <Box sx={{ display: "flex", gap: 1, position: "sticky", bottom: 0, py: 1, bgcolor: "background.default" }}>
            <Button type="submit" variant="contained" disabled={!isDirty || isSubmitting}>
              {t("common.save")}
            </Button>
            <Button type="button" disabled={!isDirty || isSubmitting} onClick={form.discard}>
              {t("common.cancel")}
            </Button>
          </Box>
        )}
      </Box>
      <Box sx={{ position: { md: "sticky" }, top: { md: 16 }, order: { xs: 1, md: 2 } }}>
        <RiskPreview details={details ?? initial.details} context={context} />
      </Box>
      {form.conflictDialog}
    </Box>
  );
}
