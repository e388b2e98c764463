import { useMemo, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import type { z } from "zod";
import { MenuItem, TextField } from "@mui/material";
import type { HttpError } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import { companyUpdateSchema, type Company, type CompanyUpdate } from "../../../domain/entities/company";
import { applyFieldErrors, useFieldMessage, useFieldProps } from "../../components/forms/field-errors";
import { api } from "../../providers/api-client";
import { notify } from "../../providers/notifications";
import { COMPANY_PATH } from "./api-path";
import { isSizeBand, sizeOptions } from "./company-sizes";
import { FormCard } from "../../components/forms/FormCard";
import { fieldConflictRows, useEditConflict } from "../../components/forms/conflict/use-edit-conflict";
import { ifMatch } from "../../components/forms/conflict/stale-version";

type FormValues = z.input<typeof companyUpdateSchema>;
const FIELDS = ["name", "size", "industry"] as const;

const valuesOf = ({ name, size, industry }: Pick<Company, "name" | "size" | "industry">) => ({ name, size: size ?? "", industry: industry ?? "" });

export interface CompanyFormProps {
  company: Company;
  /** The company as the server answered the save. */
  onSaved(company: Company): void;
}

/** Name, size and industry (PATCH /company); Save stays disabled until something changed. */
export function CompanyForm({ company, onSaved }: CompanyFormProps) {
  const { t } = useTranslation();
  const fieldMessage = useFieldMessage();
  const [alert, setAlert] = useState<string | null>(null);
  const { register, control, handleSubmit, reset, setError, formState, getValues } = useForm<FormValues, unknown, CompanyUpdate>({
    resolver: zodResolver(companyUpdateSchema),
    defaultValues: valuesOf(company),
  });
  const field = useFieldProps({ register, formState });

  // New details from elsewhere become the clean state unless the user is editing; a logo change alone keeps unsaved edits.
  const { name, size, industry } = company;
  const current = useMemo(() => valuesOf({ name, size, industry }), [name, size, industry]);
  const conflict = useEditConflict<FormValues>({
    version: company.version,
    current,
    isDirty: formState.isDirty,
    reset,
    refetch: async () => onSaved(await api<Company>({ path: COMPANY_PATH })),
    rowsOf: fieldConflictRows<FormValues>(
      [
        { name: "name", label: t("company.fields.name") },
        { name: "size", label: t("company.fields.size") },
        { name: "industry", label: t("company.fields.industry") },
      ],
      t("common.conflict.empty"),
    ),
  });

  const submit = async (values: CompanyUpdate) => {
    setAlert(null);
    try {
      const saved = await api<Company>({ method: "PATCH", path: COMPANY_PATH, body: values, headers: ifMatch(conflict.editedVersion()) });
      notify({ message: t("company.saved"), severity: "success" });
      reset(valuesOf(saved));
      onSaved(saved);
    } catch (error) {
      // The input as typed, before the schema trimmed it.
      if (conflict.handled(error, getValues())) return;
      if (!applyFieldErrors(error as HttpError, FIELDS, setError)) setAlert((error as HttpError).message);
    }
  };

  return (
    <FormCard
      titleId="company-details-title"
      title={t("company.details")}
      alert={alert}
      onSubmit={handleSubmit(submit)}
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
      {conflict.dialog}
    </FormCard>
  );
}
