import { useEffect, useState } from "react";
import { Link as RouterLink } from "react-router";
import { useCan, useNavigation } from "@refinedev/core";
import {
  Alert,
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  FormControl,
  FormControlLabel,
  InputLabel,
  LinearProgress,
  MenuItem,
  Select,
  Stack,
  Switch,
  TextField,
  Typography,
} from "@mui/material";
import { useTranslation } from "react-i18next";
import { FRAMEWORK_STATUSES } from "../../../domain/frameworks/types";
import type { FrameworkSummary } from "../../../domain/entities/framework";
import { useFrameworkSetting, useFrameworks, type FrameworkFilters } from "./framework-api";
import { FrameworkStatusChip, frameworkStatusKey } from "./FrameworkStatusChip";
import { ProgressBar } from "./ProgressBar";

const SEARCH_DEBOUNCE_MS = 300;

function FrameworkCard({ framework, canToggle }: { framework: FrameworkSummary; canToggle: boolean }) {
  const { t } = useTranslation();
  const { showUrl } = useNavigation();
  const { set, saving } = useFrameworkSetting();
  // A refused change was told in the snackbar; the switch shows the stored setting again.
  const toggle = (enabled: boolean) => set(framework, enabled).catch(() => {});
  return (
    <Card variant="outlined" component="article" aria-labelledby={`framework-${framework.id}-name`} sx={{ display: "flex", flexDirection: "column" }}>
      <CardContent sx={{ display: "grid", gap: 1, flexGrow: 1 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap" }}>
          <FrameworkStatusChip status={framework.status} />
          <Typography variant="caption" color="text.secondary">
            {t(`frameworks.jurisdictions.${framework.jurisdiction}`, { defaultValue: framework.jurisdiction })}
          </Typography>
        </Stack>
        <Typography variant="h6" component="h2" id={`framework-${framework.id}-name`}>
          {framework.name}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {framework.summary}
        </Typography>
        <Typography variant="body2">
          {t("frameworks.counts", { requirements: framework.requirement_count, controls: framework.control_count, applications: framework.application_count })}
        </Typography>
        {framework.enabled ? (
          <ProgressBar progress={framework.progress} label={t("frameworks.progress.label", { name: framework.name })} />
        ) : (
          <Typography variant="body2" color="text.secondary">
            {t("frameworks.notEnabled")}
          </Typography>
        )}
      </CardContent>
      <CardActions sx={{ justifyContent: "space-between" }}>
        <FormControlLabel
          control={
            <Switch
              checked={framework.enabled}
              disabled={!canToggle || saving}
              onChange={(_e, checked) => void toggle(checked)}
              slotProps={{ input: { role: "switch", "aria-label": t("frameworks.enableFor", { name: framework.name }) } }}
            />
          }
          label={framework.enabled ? t("frameworks.on") : t("frameworks.off")}
        />
        <Button component={RouterLink} to={showUrl("frameworks", framework.id)} aria-label={t("frameworks.openFor", { name: framework.name })}>
          {t("common.actions.view")}
        </Button>
      </CardActions>
    </Card>
  );
}

/** /frameworks: the regulation library, its status labels, the company's choice and progress. */
export default function FrameworkListPage() {
  const { t } = useTranslation();
  const [text, setText] = useState("");
  const [filters, setFilters] = useState<FrameworkFilters>({});
  const { data: canEdit } = useCan({ resource: "frameworks", action: "edit" });
  const { items, query } = useFrameworks(filters);

  useEffect(() => {
    const timer = setTimeout(() => setFilters((f) => ({ ...f, q: text.trim() || undefined })), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  return (
    <Box sx={{ display: "grid", gap: 2 }}>
      <Typography variant="h5" component="h1">
        {t("frameworks.title")}
      </Typography>
      <Typography color="text.secondary">{t("frameworks.intro")}</Typography>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
        <TextField size="small" label={t("frameworks.search")} value={text} onChange={(e) => setText(e.target.value)} type="search" />
        <FormControl size="small" sx={{ minWidth: 180 }}>
          <InputLabel id="framework-status-filter">{t("frameworks.filters.status")}</InputLabel>
          <Select
            labelId="framework-status-filter"
            label={t("frameworks.filters.status")}
            value={filters.status ?? ""}
            onChange={(e) => setFilters((f) => ({ ...f, status: e.target.value || undefined }))}
          >
            <MenuItem value="">{t("frameworks.filters.any")}</MenuItem>
            {FRAMEWORK_STATUSES.map((s) => (
              <MenuItem key={s} value={s}>
                {t(`frameworks.status.${frameworkStatusKey(s)}`)}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <FormControl size="small" sx={{ minWidth: 180 }}>
          <InputLabel id="framework-enabled-filter">{t("frameworks.filters.enabled")}</InputLabel>
          <Select
            labelId="framework-enabled-filter"
            label={t("frameworks.filters.enabled")}
            value={filters.enabled ?? ""}
            onChange={(e) => setFilters((f) => ({ ...f, enabled: (e.target.value || undefined) as FrameworkFilters["enabled"] }))}
          >
            <MenuItem value="">{t("frameworks.filters.any")}</MenuItem>
            <MenuItem value="true">{t("frameworks.on")}</MenuItem>
            <MenuItem value="false">{t("frameworks.off")}</MenuItem>
          </Select>
        </FormControl>
      </Stack>
      {query.isLoading && <LinearProgress aria-label={t("frameworks.loading")} />}
      {query.error && (
        <Alert severity="error" role="alert">
          {t("frameworks.loadFailed", { message: query.error.message })}
        </Alert>
      )}
      {!query.isLoading && !query.error && items.length === 0 && <Typography>{t("frameworks.empty")}</Typography>}
      <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", md: "1fr 1fr", xl: "1fr 1fr 1fr" } }}>
        {items.map((f) => (
          <FrameworkCard key={f.id} framework={f} canToggle={Boolean(canEdit?.can)} />
        ))}
      </Box>
    </Box>
  );
}
