import { Box, Button, Checkbox, Chip, ListItemText, MenuItem, TextField } from "@mui/material";
import { useTranslation } from "react-i18next";
import { NOT_ASSESSED } from "../../../../domain/entities/application";
import { RISK_TIERS, tierLabelKey } from "../../../../domain/risk";
import { APPROVAL_STATUSES, approvalStatusLabelKey, DEVELOPMENT_STATUSES, developmentStatusLabelKey } from "../../../../domain/workflow";
import { FILTER_FIELDS, hasFilters, NO_FILTERS, type FilterField, type FilterValues } from "./list-filters";


interface Option {
  value: string;
  labelKey: string;
}

const OPTIONS: Record<FilterField, Option[]> = {
  // "Not assessed" (no tier yet) is a tier to filter by like the others.
  risk_tier: [...RISK_TIERS, NOT_ASSESSED].map((v) => ({ value: v, labelKey: tierLabelKey(v === NOT_ASSESSED ? null : (v as (typeof RISK_TIERS)[number])) })),
  approval_status: APPROVAL_STATUSES.map((v) => ({ value: v, labelKey: approvalStatusLabelKey(v) })),
  development_status: DEVELOPMENT_STATUSES.map((v) => ({ value: v, labelKey: developmentStatusLabelKey(v) })),
};

const LABEL_KEYS: Record<FilterField, string> = {
  risk_tier: "applications.fields.riskTier",
  approval_status: "applications.fields.approvalStatus",
  development_status: "applications.fields.developmentStatus",
};

/** Filter controls above the grid: pick any number of tiers and statuses. */
export function ApplicationFilters({ values, onChange }: { values: FilterValues; onChange(values: FilterValues): void }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: "flex", gap: 2, flexWrap: "wrap", alignItems: "center" }}>
      {FILTER_FIELDS.map((field) => {
        const labelOf = (value: string) => t(OPTIONS[field].find((o) => o.value === value)?.labelKey ?? value);
        return (
          <TextField
            key={field}
            select
            size="small"
            label={t(LABEL_KEYS[field])}
            value={values[field]}
            onChange={(e) => {
              const value = e.target.value as unknown as string[] | string;
              onChange({ ...values, [field]: typeof value === "string" ? value.split(",") : value });
            }}
            sx={{ minWidth: 220, maxWidth: 360 }}
            slotProps={{
              select: {
                multiple: true,
                renderValue: (selected) => (
                  <Box sx={{ display: "flex", flexWrap: "wrap", gap: 0.5 }}>
                    {(selected as string[]).map((v) => (
                      <Chip key={v} size="small" label={labelOf(v)} />
                    ))}
                  </Box>
                ),
              },
            }}
          >
            {OPTIONS[field].map((o) => (
              <MenuItem key={o.value} value={o.value}>
                <Checkbox size="small" checked={values[field].includes(o.value)} sx={{ py: 0 }} />
                <ListItemText primary={t(o.labelKey)} />
              </MenuItem>
            ))}
          </TextField>
        );
      })}
      {hasFilters(values) && (
        <Button size="small" onClick={() => onChange(NO_FILTERS)}>
          {t("applications.filters.clear")}
        </Button>
      )}
    </Box>
  );
}
