import { useMemo } from "react";
import { useParams } from "react-router";
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Alert,
  Box,
  Chip,
  LinearProgress,
  Paper,
  Stack,
  Tooltip,
  Typography,
} from "@mui/material";
import ExpandMore from "@mui/icons-material/ExpandMore";
import { useTranslation } from "react-i18next";
import type { CatalogueControl, FrameworkRequirement } from "../../../domain/entities/framework";
import { useEntityTitle } from "../../components/layout/entity-titles";
import { useFormatDate } from "../../components/risk/dates";
import { EntityNotFound } from "../../pages/errors/EntityNotFound";
import { FRAMEWORKS_RESOURCE, useFramework } from "./framework-api";
import { ExportMenu } from "../../components/data-grid/ExportMenu";
import { DownloadMenu } from "../../components/downloads/DownloadMenu";
import AssessmentOutlined from "@mui/icons-material/AssessmentOutlined";
import FileDownloadOutlined from "@mui/icons-material/FileDownloadOutlined";
import { FrameworkStatusChip } from "./FrameworkStatusChip";
import { ProgressBar } from "./ProgressBar";
import { FrameworkApplicationsGrid } from "./FrameworkApplicationsGrid";
import { useNavigation } from "@refinedev/core";
import { useFeatureFlag } from "../../providers/feature-flags";

interface Group {
  name: string;
  subgroups: { key: string; title: string | null; requirements: FrameworkRequirement[] }[];
}

/** Requirements by article / clause / function, then by subgroup, in library order. */
function groupRequirements(requirements: FrameworkRequirement[]): Group[] {
  const groups: Group[] = [];
  for (const r of requirements) {
    let group = groups.find((g) => g.name === r.group);
    if (!group) groups.push((group = { name: r.group, subgroups: [] }));
    const key = r.subgroup ?? "";
    let sub = group.subgroups.find((s) => s.key === key);
    if (!sub) group.subgroups.push((sub = { key, title: r.subgroup_title, requirements: [] }));
    sub.requirements.push(r);
  }
  return groups;
}

function RequirementItem({ requirement, controls }: { requirement: FrameworkRequirement; controls: Map<string, CatalogueControl> }) {
  const { t } = useTranslation();
  return (
    <Box component="li" sx={{ py: 1, borderBottom: 1, borderColor: "divider", listStyle: "none" }}>
      <Typography variant="subtitle2" component="h5">
        {requirement.ref} — {requirement.title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
        {requirement.summary}
      </Typography>
      <Stack direction="row" spacing={0.5} sx={{ flexWrap: "wrap", gap: 0.5 }} aria-label={t("frameworks.detail.controlsFor", { ref: requirement.ref })}>
        {requirement.control_ids.map((id) => (
          <Tooltip key={id} title={controls.get(id)?.description ?? ""}>
            <Chip size="small" variant="outlined" label={`${id} ${controls.get(id)?.name ?? ""}`} />
          </Tooltip>
        ))}
      </Stack>
    </Box>
  );
}

/** /frameworks/{frameworkId}: requirements with their mapped controls, and progress per application. */
export default function FrameworkDetailPage() {
  const { t } = useTranslation();
  const exportOn = useFeatureFlag("data-export");
  const { listUrl } = useNavigation();
  const formatDate = useFormatDate();
  const { id: frameworkId = "" } = useParams<{ id: string }>();
  const { framework, query } = useFramework(frameworkId);
  // The breadcrumb shows the framework's own name (EU AI Act, ISO/IEC 42001, NIST AI RMF 1.0).
  useEntityTitle(frameworkId, framework?.name);
  const groups = useMemo(() => groupRequirements(framework?.requirements ?? []), [framework]);
  const controls = useMemo(() => new Map((framework?.controls ?? []).map((c) => [c.id, c])), [framework]);

  if (query.error?.statusCode === 404) {
    return (
      <EntityNotFound title={t("frameworks.detail.notFound")} backTo={listUrl("frameworks")} backLabel={t("frameworks.detail.back")}>
        {t("frameworks.detail.notFoundBody")}
      </EntityNotFound>
    );
  }
  if (query.error) {
    return (
      <Alert severity="error" role="alert">
        {t("frameworks.loadFailed", { message: query.error.message })}
      </Alert>
    );
  }
  if (!framework) return <LinearProgress aria-label={t("frameworks.loading")} />;

  return (
    <Box sx={{ display: "grid", gap: 3 }}>
      <Paper variant="outlined" sx={{ p: 2, display: "grid", gap: 1 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap" }}>
          <Typography variant="h5" component="h1">
            {framework.name}
          </Typography>
          <FrameworkStatusChip status={framework.status} />
          <Chip size="small" label={framework.enabled ? t("frameworks.on") : t("frameworks.off")} color={framework.enabled ? "primary" : "default"} />
        </Stack>
        <Typography variant="body2" color="text.secondary">
          {t(`frameworks.jurisdictions.${framework.jurisdiction}`, { defaultValue: framework.jurisdiction })}
        </Typography>
        <Typography>{framework.summary}</Typography>
        {framework.key_dates.length > 0 && (
          <Box component="ul" sx={{ m: 0, pl: 3 }} aria-label={t("frameworks.detail.keyDates")}>
            {framework.key_dates.map((d) => (
              <li key={`${d.date}-${d.label}`}>
                <Typography variant="body2">
                  {formatDate(d.date)}: {d.label}
                </Typography>
              </li>
            ))}
          </Box>
        )}
        <Typography variant="body2" color="text.secondary">
          {t("frameworks.detail.scope", { note: framework.scope_note })}
        </Typography>
        {framework.enabled && <ProgressBar progress={framework.progress} label={t("frameworks.progress.label", { name: framework.name })} />}
        {exportOn && (
          <Stack direction="row" spacing={1} sx={{ flexWrap: "wrap", gap: 1 }}>
            <DownloadMenu
              label={t("frameworks.report.button")}
              menuLabel={t("frameworks.report.menu")}
              busyLabel={t("frameworks.report.preparing")}
              failedKey="frameworks.report.failed"
              icon={<AssessmentOutlined fontSize="small" />}
              choices={(["pdf", "xlsx"] as const).map((format) => ({
                label: t(`frameworks.report.${format}`),
                path: `/${FRAMEWORKS_RESOURCE}/${framework.id}/compliance-report`,
                query: () => ({ format }),
                fallbackName: `${framework.short_name}-compliance.${format}`,
              }))}
            />
            {/* The framework itself, for other GRC tools (OSCAL) or a spreadsheet. */}
            <DownloadMenu
              label={t("frameworks.export.button")}
              menuLabel={t("frameworks.export.menu")}
              busyLabel={t("frameworks.export.preparing")}
              failedKey="frameworks.export.failed"
              icon={<FileDownloadOutlined fontSize="small" />}
              choices={(["oscal", "xlsx"] as const).map((format) => ({
                label: t(`frameworks.export.${format}`),
                path: `/${FRAMEWORKS_RESOURCE}/${framework.id}/export`,
                query: () => ({ format }),
                fallbackName: `${framework.short_name}-${format === "oscal" ? "oscal-catalog.json" : "framework.xlsx"}`,
              }))}
            />
          </Stack>
        )}
      </Paper>

      <Box component="section" aria-labelledby="framework-applications" sx={{ minWidth: 0 }}>
        <Typography variant="h6" component="h2" id="framework-applications" sx={{ mb: 1 }}>
          {t("frameworks.detail.applications")}
        </Typography>
        {!framework.enabled ? (
          <Typography color="text.secondary">{t("frameworks.notEnabled")}</Typography>
        ) : (
          <FrameworkApplicationsGrid frameworkId={framework.id} labelledBy="framework-applications" />
        )}
      </Box>

      <Box component="section" aria-labelledby="framework-requirements">
        <Box sx={{ display: "flex", justifyContent: "space-between", alignItems: "center", gap: 2, flexWrap: "wrap", mb: 1 }}>
          <Typography variant="h6" component="h2" id="framework-requirements">
            {t("frameworks.detail.requirements", { count: framework.requirement_count })}
          </Typography>
          <ExportMenu target={{ path: `/${FRAMEWORKS_RESOURCE}/${framework.id}/requirements` }} fallbackName="requirements" />
        </Box>
        {groups.map((g, i) => (
          <Accordion key={g.name} defaultExpanded={i === 0} disableGutters slotProps={{ transition: { unmountOnExit: true } }}>
            <AccordionSummary expandIcon={<ExpandMore />}>
              {/* The accordion's summary is already a heading (h3). */}
              <Typography component="span" sx={{ fontWeight: 500 }}>
                {g.name}{" "}
                <Typography component="span" variant="body2" color="text.secondary">
                  ({t("frameworks.detail.requirementCount", { count: g.subgroups.reduce((n, s) => n + s.requirements.length, 0) })})
                </Typography>
              </Typography>
            </AccordionSummary>
            <AccordionDetails sx={{ display: "grid", gap: 1 }}>
              {g.subgroups.map((s) => (
                <Box key={s.key}>
                  {s.key && (
                    <Typography variant="subtitle1" component="h4">
                      {s.key}
                      {s.title ? ` — ${s.title}` : ""}
                    </Typography>
                  )}
                  <Box component="ul" sx={{ m: 0, p: 0 }}>
                    {s.requirements.map((r) => (
                      <RequirementItem key={r.id} requirement={r} controls={controls} />
                    ))}
                  </Box>
                </Box>
              ))}
            </AccordionDetails>
          </Accordion>
        ))}
      </Box>
    </Box>
  );
}
