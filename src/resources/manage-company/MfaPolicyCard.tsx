import { Controller } from "react-hook-form";
import { ListItemText, MenuItem, TextField } from "@mui/material";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { MFA_POLICIES } from "../../../domain/auth/mfa";
import type { Company } from "../../../domain/entities/company";
import { FormCard } from "../../components/forms/FormCard";
import { useResourceForm } from "../../components/forms/use-resource-form";
import { SINGLETON_ID } from "../define-resource";
import { COMPANY_RESOURCE } from "./api-path";

// Only the policy is sent: the details form saves the rest, each with the company's version.
const policySchema = z.object({ mfa_policy: z.enum(MFA_POLICIES) }).strict();

/** Who must have a second sign-in factor (PATCH /company with If-Match, like the details form). */
export function MfaPolicyCard({ company }: { company: Company }) {
  const { t } = useTranslation();
  const { control, formState, submit, failure, conflictDialog } = useResourceForm<typeof policySchema, Company>({
    resource: COMPANY_RESOURCE,
    id: SINGLETON_ID,
    schema: policySchema,
    values: { mfa_policy: company.mfa_policy },
    version: company.version,
    conflictFields: [{ name: "mfa_policy", label: t("security.policies.label") }],
    success: "company.mfaSaved",
  });

  return (
    <FormCard
      titleId="company-mfa-title"
      title={t("security.policies.label")}
      alert={failure}
      onSubmit={submit}
      submitLabel={t("common.save")}
      submitDisabled={!formState.isDirty || formState.isSubmitting}
    >
      <Controller
        control={control}
        name="mfa_policy"
        render={({ field }) => (
          <TextField
            select
            label={t("company.mfaPolicy")}
            {...field}
            helperText={t(`security.policies.${field.value}.description`)}
            slotProps={{ select: { renderValue: (value) => t(`security.policies.${value as string}.label`) } }}
          >
            {MFA_POLICIES.map((policy) => (
              <MenuItem key={policy} value={policy}>
                <ListItemText primary={t(`security.policies.${policy}.label`)} secondary={t(`security.policies.${policy}.description`)} slotProps={{ secondary: { sx: { whiteSpace: "normal" } } }} />
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      {conflictDialog}
    </FormCard>
  );
}
