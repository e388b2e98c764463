import { Controller } from "react-hook-form";
import { MenuItem, TextField } from "@mui/material";
import { useTranslation } from "react-i18next";
import { companyUpdateSchema, type Company } from "../../../domain/entities/company";
import { useResourceForm } from "../../components/forms/use-resource-form";
import { FormCard } from "../../components/forms/FormCard";
import { SINGLETON_ID } from "../define-resource";
import { COMPANY_RESOURCE } from "./api-path";
import { isSizeBand, sizeOptions } from "./company-sizes";

const valuesOf = ({ name, size, industry }: Pick<Company, "name" | "size" | "industry">) => ({ name, size: size ?? "", industry: industry ?? "" });

/** Name, size and industry (PATCH /company); Save stays disabled until something changed. */
export function CompanyForm({ company }: { company: Company }) {
  const { t } = useTranslation();
  // New details from elsewhere become the clean state unless the user is editing; a logo change alone keeps unsaved edits.
  const { control, formState, field, fieldMessage, submit, failure, conflictDialog } = useResourceForm<typeof companyUpdateSchema, Company>({
    resource: COMPANY_RESOURCE,
    id: SINGLETON_ID,
    schema: companyUpdateSchema,
    values: valuesOf(company),
    version: company.version,
    conflictFields: [
      { name: "name", label: t("company.fields.name") },
      { name: "size", label: t("company.fields.size") },
      { name: "industry", label: t("company.fields.industry") },
    ],
    success: "company.saved",
  });

  return (
    <FormCard
      titleId="company-details-title"
      title={t("company.details")}
      alert={failure}
      onSubmit={submit}
      submitLabel={t("common.save")}
      submitDisabled={!formState.isDirty || formState.isSubmitting}
    >
      <TextField
        label={t("company.fields.name")}
        required
        {...field("name")}
      />
      <Controller
        control={control}
        name="size"
        render={({ field }) => (
          <TextField
            select
            label={t("company.fields.size")}
            {...field}
            value={field.value ?? ""}
            error={Boolean(formState.errors.size)}
            helperText={fieldMessage(formState.errors.size?.message)}
          >
            <MenuItem value="">
              <em>{t("company.sizeNone")}</em>
            </MenuItem>
            {sizeOptions(company.size).map((band) => (
              <MenuItem key={band} value={band}>
                {isSizeBand(band) ? t("company.sizeBand", { band }) : band}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <TextField
        label={t("company.fields.industry")}
        {...field("industry")}
      />
      {conflictDialog}
    </FormCard>
  );
}
