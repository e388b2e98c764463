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

/** What both pickers share: the vendors as options, matched by id, searched by name, with their risk chips. */
function usePickerProps({ vendors, disabled, loading }: Common) {
  const { t } = useTranslation();
  return {
    options: vendors as VendorOption[],
    getOptionLabel: (o: VendorOption) => o.name,
    isOptionEqualToValue: (a: VendorOption, b: VendorOption) => a.id === b.id,
    disabled,
    loading,
    loadingText: t("vendors.picker.loading"),
    noOptionsText: t("vendors.picker.noOptions"),
    renderOption: ({ key, ...props }: HTMLAttributes<HTMLLIElement> & { key: string }, option: VendorOption) => <Option key={key} vendor={option} {...props} />,
  };
}

function Option({ vendor, ...props }: { vendor: VendorOption } & HTMLAttributes<HTMLLIElement>) {
  return (
    <Box component="li" {...props} sx={{ display: "flex", gap: 1, justifyContent: "space-between" }}>
      <span>{vendor.name}</span>
      {vendor.risk_level && <VendorRiskChip level={vendor.risk_level} />}
    </Box>
  );
}

/** One of the company's vendors, searched by name as the user types (the foundation-model vendor). */
export function VendorSelect({ value, onChange, ...common }: Common & { value: string | null; onChange(id: string | null): void }) {
  const { t } = useTranslation();
  const picker = usePickerProps(common);
  const { vendors, label, helperText, error } = common;
  return (
    <Autocomplete<VendorOption, false>
      {...picker}
      value={value ? refOf(vendors, value) : null}
      onChange={(_, selected) => onChange(selected?.id ?? null)}
      renderInput={(params) => (
        <TextField {...params} label={label} placeholder={t("vendors.picker.placeholder")} error={Boolean(error)} helperText={error ?? helperText} />
      )}
    />
  );
}

/** Several of the company's vendors (the application's `vendor_ids`), each chip with its risk level. */
export function VendorMultiSelect({ value, onChange, ...common }: Common & { value: string[]; onChange(ids: string[]): void }) {
  const { t } = useTranslation();
  const picker = usePickerProps(common);
  const { vendors, label, helperText, error } = common;
  return (
    <Autocomplete<VendorOption, true>
      multiple
      {...picker}
      value={value.map((id) => refOf(vendors, id))}
      onChange={(_, selected) => onChange(selected.map((v) => v.id))}
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
