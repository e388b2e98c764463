import { Chip, Tooltip } from "@mui/material";
import { useTranslation } from "react-i18next";
import { useClientConfig } from "../providers/client-config";

const COLOURS = { loc: "default", dev: "info", stg: "warning" } as const;

/** Outside production, the top bar says which environment this is, so test data is never mistaken for real. */
export function EnvironmentBadge() {
  const { t } = useTranslation();
  const { environment } = useClientConfig();
  if (environment === "prd") return null;
  const name = t(`layout.environment.names.${environment}`);
  return (
    <Tooltip title={name}>
      <Chip
        size="small"
        color={COLOURS[environment]}
        label={environment.toUpperCase()}
        aria-label={t("layout.environment.label", { name })}
        data-testid="environment-badge"
        sx={{ fontWeight: 600, letterSpacing: 0.5 }}
      />
    </Tooltip>
  );
}
