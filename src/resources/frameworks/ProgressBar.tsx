import { Box, LinearProgress, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import type { Progress } from "../../../domain/entities/framework";

/** Done (implemented + not applicable) of applicable controls, as a bar with its numbers. */
export function ProgressBar({ progress, label }: { progress: Progress; label: string }) {
  const { t } = useTranslation();
  const percent = Math.round(progress.progress * 100);
  const done = progress.implemented + progress.not_applicable;
  return (
    <Box sx={{ display: "grid", gap: 0.5, minWidth: 160 }}>
      <LinearProgress variant="determinate" value={percent} aria-label={label} aria-valuetext={t("frameworks.progress.valueText", { percent })} />
      <Typography variant="caption" color="text.secondary">
        {progress.applicable === 0 ? t("frameworks.progress.none") : t("frameworks.progress.counts", { percent, done, total: progress.applicable })}
      </Typography>
    </Box>
  );
}
