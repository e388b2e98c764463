import { useState } from "react";
import { Alert, Box, ListItemText, MenuItem, TextField } from "@mui/material";
import { useTranslation } from "react-i18next";
import type { Application } from "../../../../domain/entities/application";
import {
  DEVELOPMENT_STATUSES,
  checkDevelopmentMove,
  developmentStatusLabelKey,
  isDevelopmentStatus,
} from "../../../../domain/workflow";
import { notify } from "../../../providers/notifications";
import { useApplicationPut, useRefusalText } from "./application-api";

/**
 * The development status as a select. A status the workflow refuses (e.g. deployed
 * before approval) is offered disabled, with the reason under it.
 */
export function DevelopmentStatusSelect({ application }: { application: Application }) {
  const { t } = useTranslation();
  const refusal = useRefusalText();
  const { put, busy } = useApplicationPut(application.id);
  const [failure, setFailure] = useState<string | null>(null);
  const from = application.development_status;

  const change = async (value: string) => {
    if (!isDevelopmentStatus(value) || value === from) return;
    setFailure(null);
    try {
      await put({ development_status: value });
      notify({ message: t("application-detail.moves.developmentDone", { status: t(developmentStatusLabelKey(value)) }), severity: "success" });
    } catch (error) {
      setFailure(refusal(error));
    }
  };

  return (
    <Box sx={{ display: "grid", gap: 1, minWidth: 220 }}>
      <TextField
        select
        size="small"
        label={t("application-detail.fields.developmentStatus")}
        value={from}
        disabled={busy}
        onChange={(event) => void change(event.target.value)}
        slotProps={{ select: { renderValue: (value) => t(developmentStatusLabelKey(value as typeof from)) } }}
      >
        {DEVELOPMENT_STATUSES.map((to) => {
          const check = to === from ? { ok: true as const } : checkDevelopmentMove({ from, to, tier: application.risk_tier, approvalStatus: application.approval_status });
          return (
            <MenuItem key={to} value={to} disabled={!check.ok}>
              <ListItemText
                primary={t(developmentStatusLabelKey(to))}
                secondary={check.ok ? undefined : t(check.reason)}
                slotProps={{ secondary: { sx: { whiteSpace: "normal", maxWidth: 320 } } }}
              />
            </MenuItem>
          );
        })}
      </TextField>
      {failure && (
        <Alert severity="error" role="alert" onClose={() => setFailure(null)}>
          {failure}
        </Alert>
      )}
    </Box>
  );
}
