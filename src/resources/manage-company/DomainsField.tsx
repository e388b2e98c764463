import { Autocomplete, Chip, TextField } from "@mui/material";
import { useTranslation } from "react-i18next";
import { splitDomains } from "./provider-form";

export interface DomainsFieldProps {
  value: string[];
  onChange(domains: string[]): void;
  onBlur?(): void;
  error?: string;
  disabled?: boolean;
}

/** E-mail domains as chips: typed or pasted (one or a comma list), added on Enter or when leaving the field. */
export function DomainsField({ value, onChange, onBlur, error, disabled }: DomainsFieldProps) {
  const { t } = useTranslation();
  return (
    <Autocomplete<string, true, false, true>
      multiple
      freeSolo
      autoSelect
      options={[]}
      value={value}
      disabled={disabled}
      onChange={(_, entries) => onChange(splitDomains(entries))}
      onBlur={onBlur}
      renderTags={(domains, getTagProps) =>
        domains.map((domain, index) => {
          const { key, ...itemProps } = getTagProps({ index });
          return <Chip key={key} size="small" label={domain} {...itemProps} />;
        })
      }
      renderInput={(params) => (
        <TextField {...params} label={t("security.providers.fields.domains")} required error={Boolean(error)} helperText={error ?? t("security.providers.fields.domainsHelp")} />
      )}
    />
  );
}
