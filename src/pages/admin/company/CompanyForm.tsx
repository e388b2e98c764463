import { useEffect, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import type { z } from "zod";
import { Alert, Box, Button, Card, CardContent, MenuItem, TextField, Typography } from "@mui/material";
import type { HttpError } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import { companyUpdateSchema, type Company, type CompanyUpdate } from "../../../../domain/entities/company";
import { api } from "../../../providers/api-client";
import { notify } from "../../../providers/notifications";
import { isSizeBand, sizeOptions } from "./company-sizes";

type FormValues = z.input<typeof companyUpdateSchema>;
const FIELDS = ["name", "size", "industry"] as const;
type Field = (typeof FIELDS)[number];

const valuesOf = ({ name, size, industry }: Pick<Company, "name" | "size" | "industry">) => ({ name, size: size ?? "", industry: industry ?? "" });

export interface CompanyFormProps {
  company: Company;
  /** The company as the server answered the save. */
  onSaved(company: Company): void;
}

/** Name, size and industry (PATCH /company); Save stays disabled until something changed. */
export function CompanyForm({ company, onSaved }: CompanyFormProps) {
  const { t } = useTranslation();
  const [alert, setAlert] = useState<string | null>(null);
  const { register, control, handleSubmit, reset, setError, formState } = useForm<FormValues, unknown, CompanyUpdate>({
    resolver: zodResolver(companyUpdateSchema),
    defaultValues: valuesOf(company),
  });

  // New details from elsewhere become the clean state; a logo change alone keeps unsaved edits.
  const { name, size, industry } = company;
  useEffect(() => reset(valuesOf({ name, size, industry })), [name, size, industry, reset]);

  const submit = async (values: CompanyUpdate) => {
    setAlert(null);
    try {
      const saved = await api<Company>({ method: "PATCH", path: "/company", body: values });
      notify({ message: t("company.saved"), severity: "success" });
      reset(valuesOf(saved));
      onSaved(saved);
    } catch (error) {
      const { errors, message } = error as HttpError;
      let placed = false;
      for (const [path, messages] of Object.entries(errors ?? {})) {
        if (!(FIELDS as readonly string[]).includes(path)) continue;
        setError(path as Field, { message: String(Array.isArray(messages) ? messages[0] : messages) });
        placed = true;
      }
      if (!placed) setAlert(message);
    }
  };

  const fieldError = (name: Field) => {
    const message = formState.errors[name]?.message;
    return message ? t(message) : undefined;
  };

  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" id="company-details-title" gutterBottom>
          {t("company.details")}
        </Typography>
        <Box
          component="form"
          noValidate
          aria-labelledby="company-details-title"
          onSubmit={handleSubmit(submit)}
          sx={{ display: "grid", gap: 2, maxWidth: 520 }}
        >
          {alert && <Alert severity="error">{alert}</Alert>}
          <TextField
            label={t("company.fields.name")}
            required
            {...register("name")}
            error={Boolean(formState.errors.name)}
            helperText={fieldError("name")}
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
                helperText={fieldError("size")}
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
            {...register("industry")}
            error={Boolean(formState.errors.industry)}
            helperText={fieldError("industry")}
          />
          <Box>
            <Button type="submit" variant="contained" disabled={!formState.isDirty || formState.isSubmitting}>
              {t("common.save")}
            </Button>
          </Box>
        </Box>
      </CardContent>
    </Card>
  );
}
