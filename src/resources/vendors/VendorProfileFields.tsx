import { Controller, type Control, type FieldErrors, type UseFormRegister } from "react-hook-form";
import { MenuItem, TextField } from "@mui/material";
import { useTranslation } from "react-i18next";
import { VENDOR_STATUSES } from "../../../domain/entities/vendor";
import { useFieldMessage } from "../../components/forms/field-errors";
import type { VendorProfileValues } from "./vendor-form";

/** Field messages: shared `validation.*` keys, or this area's `vendors.validation.*`. */
function useVendorMessage() {
  const { t } = useTranslation();
  const fieldMessage = useFieldMessage();
  return (message: string | undefined) => (message?.startsWith("vendors.") ? t(message) : fieldMessage(message));
}

interface Props {
  register: UseFormRegister<VendorProfileValues>;
  control: Control<VendorProfileValues>;
  errors: FieldErrors<VendorProfileValues>;
  disabled?: boolean;
  /** The create dialog starts every vendor active; the status is changed on the vendor's page. */
  withStatus?: boolean;
}

/** The vendor's profile fields: one form for creating (dialog) and editing (detail page). */
export function VendorProfileFields({ register, control, errors, disabled, withStatus = true }: Props) {
  const { t } = useTranslation();
  const message = useVendorMessage();
  const text = (name: "name" | "website" | "description" | "services_provided" | "contact", label: string, extra: object = {}) => (
    <TextField
      label={t(label)}
      disabled={disabled}
      {...register(name)}
      error={Boolean(errors[name])}
      helperText={message(errors[name]?.message)}
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
