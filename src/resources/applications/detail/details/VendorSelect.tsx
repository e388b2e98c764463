import type { HTMLAttributes } from "react";
import { Autocomplete, Box, Chip, TextField } from "@mui/material";
import { useTranslation } from "react-i18next";
import type { VendorRef } from "../../../../../domain/entities/vendor";
import { VendorRiskChip } from "../../../vendors/VendorRiskChip";

interface Common {
  /** The company's vendors (useCompanyVendors), plus any the application already names. */
  vendors: readonly VendorRef[];
  label: string;
  helperText?: string;
  disabled?: boolean;
  loading?: boolean;
  error?: string;
}

/** A chosen vendor that is not among the options (a list cut at its page size) still shows, by a short id and no level. */
type VendorOption = Omit<VendorRef, "risk_level"> & { risk_level?: VendorRef["risk_level"] };
const refOf = (vendors: readonly VendorRef[], id: string): VendorOption => vendors.find((v) => v.id === id) ?? { id, name: id.slice(0, 8) };

function Option({ vendor, ...props }: { vendor: VendorOption } & HTMLAttributes<HTMLLIElement>) {
  return (
    <Box component="li" {...props} sx={{ display: "flex", gap: 1, justifyContent: "space-between" }}>
      <span>{vendor.name}</span>
      {vendor.risk_level && <VendorRiskChip level={vendor.risk_level} />}
    </Box>
  );
}

/** One of the company's vendors, searched by name as the user types (the foundation-model vendor). */
export function VendorSelect({ vendors, value, onChange, label, helperText, disabled, loading, error }: Common & { value: string | null; onChange(id: string | null): void }) {
  const { t } = useTranslation();
  return (
    <Autocomplete<VendorOption, false>
      options={vendors}
      value={value ? refOf(vendors, value) : null}
      onChange={(_, selected) => onChange(selected?.id ?? null)}
      getOptionLabel={(o) => o.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      disabled={disabled}
      loading={loading}
      loadingText={t("vendors.picker.loading")}
      noOptionsText={t("vendors.picker.noOptions")}
      renderOption={({ key, ...props }, option) => <Option key={key} vendor={option} {...props} />}
      renderInput={(params) => (
        <TextField {...params} label={label} placeholder={t("vendors.picker.placeholder")} error={Boolean(error)} helperText={error ?? helperText} />
      )}
    />
  );
}

/** Several of the company's vendors (the application's `vendor_ids`), each chip with its risk level. */
export function VendorMultiSelect({ vendors, value, onChange, label, helperText, disabled, loading, error }: Common & { value: string[]; onChange(ids: string[]): void }) {
  const { t } = useTranslation();
  return (
    <Autocomplete<VendorOption, true>
      multiple
      options={vendors}
      value={value.map((id) => refOf(vendors, id))}
      onChange={(_, selected) => onChange(selected.map((v) => v.id))}
      getOptionLabel={(o) => o.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      disabled={disabled}
      loading={loading}
      loadingText={t("vendors.picker.loading")}
      noOptionsText={t("vendors.picker.noOptions")}
      renderOption={({ key, ...props }, option) => <Option key={key} vendor={option} {...props} />}
      renderTags={(selected, getTagProps) =>
        selected.map((vendor, index) => {
          const { key, ...tagProps } = getTagProps({ index });
          return (
            <Chip
              key={key}
              {...tagProps}
              size="small"
              color={vendor.risk_level === "high" ? "error" : "default"}
              label={vendor.risk_level ? `${vendor.name} · ${t(`vendors.riskLevels.${vendor.risk_level}`)}` : vendor.name}
            />
          );
        })
      }
      renderInput={(params) => (
        <TextField {...params} label={label} placeholder={t("vendors.picker.placeholder")} error={Boolean(error)} helperText={error ?? helperText} />
      )}
    />
  );
}
