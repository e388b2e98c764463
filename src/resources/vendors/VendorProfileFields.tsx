import { Controller, type UseFormReturn } from "react-hook-form";
import { MenuItem, TextField } from "@mui/material";
import { useTranslation } from "react-i18next";
import { VENDOR_STATUSES } from "../../../domain/entities/vendor";
import type { VendorProfileValues } from "./vendor-form";

interface Props {
  form: { field: (name: "name" | "website" | "description" | "services_provided" | "contact") => object; control: UseFormReturn<VendorProfileValues>["control"] };
  disabled?: boolean;
  /** The create dialog starts every vendor active; the status is changed on the vendor's page. */
  withStatus?: boolean;
}

/** The vendor's profile fields: one form for creating (dialog) and editing (detail page). */
export function VendorProfileFields({ form: { field, control }, disabled, withStatus = true }: Props) {
  const { t } = useTranslation();
  const text = (name: "name" | "website" | "description" | "services_provided" | "contact", label: string, extra: object = {}) => (
    <TextField
      label={t(label)}
      disabled={disabled}
      {...field(name)}
      slotProps={{ inputLabel: { shrink: true } }}
      {...extra}
    />
  );
  return (
    <>
      {text("name", "vendors.fields.name", { required: true, autoFocus: !withStatus })}
      {text("website", "vendors.fields.website", { type: "url", placeholder: "https://" })}
      {text("description", "vendors.fields.description", { multiline: true, minRows: 2 })}
      {text("services_provided", "vendors.fields.servicesProvided", { multiline: true, minRows: 2 })}
      {text("contact", "vendors.fields.contact")}
      {withStatus && (
        <Controller
          name="status"
          control={control}
          render={({ field }) => (
            <TextField
              select
              label={t("vendors.fields.status")}
              disabled={disabled}
              value={field.value}
              onChange={(e) => field.onChange(e.target.value)}
              helperText={t("vendors.statusHelp")}
            >
              {VENDOR_STATUSES.map((s) => (
                <MenuItem key={s} value={s}>
                  {t(`vendors.statuses.${s}`)}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
      )}
    </>
  );
}
