import { useState } from "react";
import { Link as RouterLink } from "react-router";
import {
  Alert,
  Box,
  Chip,
  LinearProgress,
  Link,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableRow,
  Typography,
} from "@mui/material";
import { useCustomMutation, type HttpError } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import type { ApplicationFramework } from "../../../../domain/entities/framework";
import { ReasonDialog } from "../../../components/dialogs/ReasonDialog";
import { notify } from "../../../providers/notifications";
import { useApplicationFrameworks } from "../../frameworks/framework-api";
import { FrameworkStatusChip } from "../../frameworks/FrameworkStatusChip";
import { ProgressBar } from "../../frameworks/ProgressBar";
import { TableHeader } from "../../../components/layout/TableHeader";

/** The application's Frameworks tab: which frameworks apply, by default or by this application's own choice. */
export function FrameworksTab({ applicationId, canEdit }: { applicationId: string; canEdit: boolean }) {
  const { t } = useTranslation();
  const { items, query } = useApplicationFrameworks(applicationId);
  const [asking, setAsking] = useState<ApplicationFramework | null>(null);
  const [saving, setSaving] = useState<string | null>(null);
  const { mutateAsync: put } = useCustomMutation();

  const save = async (framework: ApplicationFramework, enabled: boolean, reason?: string): Promise<string | null> => {
    setSaving(framework.framework_id);
    try {
      await put({
        url: `/applications/${applicationId}/frameworks/${framework.framework_id}/setting`,
        method: "put",
        values: { enabled, reason },
        successNotification: false,
        errorNotification: false,
      });
      notify({ severity: "success", message: t("frameworks.tab.saved") });
      setAsking(null);
      await query.refetch();
      return null;
    } catch (error) {
      const http = error as HttpError;
      const field = http.errors?.reason;
      const message = Array.isArray(field) ? t(String(field[0])) : http.message;
      if (!field) notify({ severity: "error", message });
      return message;
    } finally {
      setSaving(null);
    }
  };

  const toggle = (framework: ApplicationFramework, on: boolean) => {
    if (!on && framework.applies_by_default) setAsking(framework);
    else void save(framework, on);
  };

  if (query.error) {
    return (
      <Alert severity="error" role="alert">
        {t("frameworks.tab.loadFailed", { message: query.error.message })}
      </Alert>
    );
  }
  if (query.isLoading) return <LinearProgress aria-label={t("frameworks.loading")} />;

  return (
    <Box sx={{ display: "grid", gap: 2 }}>
      <Typography color="text.secondary">{t("frameworks.tab.intro")}</Typography>
      <Table size="small" aria-label={t("frameworks.tab.label")}>
        <TableHeader
          cells={[
            t("frameworks.tab.framework"),
            t("frameworks.tab.company"),
            t("frameworks.tab.byDefault"),
            t("frameworks.tab.appliesHere"),
            t("frameworks.tab.progress"),
          ]}
        />
        <TableBody>
          {items.map((f) => {
            const own = f.override ?? f.applies_by_default;
            return (
              <TableRow key={f.framework_id} selected={f.applies}>
                <TableCell>
                  <Stack spacing={0.5}>
                    <Typography variant="body2" sx={{ fontWeight: 500 }}>
                      {f.name}
                    </Typography>
                    <Box>
                      <FrameworkStatusChip status={f.status} />
                    </Box>
                  </Stack>
                </TableCell>
                <TableCell>{f.company_enabled ? t("frameworks.on") : t("frameworks.tab.companyOff")}</TableCell>
                <TableCell>{f.applies_by_default ? t("frameworks.tab.yes") : t("frameworks.tab.no")}</TableCell>
                <TableCell>
                  <Switch
                    checked={own}
                    disabled={!canEdit || saving === f.framework_id}
                    onChange={(_e, checked) => toggle(f, checked)}
                    slotProps={{ input: { role: "switch", "aria-label": t("frameworks.tab.toggle", { name: f.name }) } }}
                  />
                  {f.override !== null && <Chip size="small" variant="outlined" label={t("frameworks.tab.overridden")} />}
                  {f.reason && (
                    <Typography variant="caption" component="p" color="text.secondary">
                      {t("frameworks.tab.reasonShown", { reason: f.reason })}
                    </Typography>
                  )}
                </TableCell>
                <TableCell sx={{ minWidth: 200 }}>
                  {f.applies ? (
                    <Link component={RouterLink} to={`?tab=controls`} underline="none" color="inherit">
                      <ProgressBar progress={f.progress} label={t("frameworks.progress.label", { name: f.name })} />
                    </Link>
                  ) : (
                    <Typography variant="body2" color="text.secondary">
                      {t("frameworks.tab.no")}
                    </Typography>
                  )}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      {/* A framework that applies by default is turned off only with a reason (the server requires it). */}
      {asking && (
        <ReasonDialog
          titleId="framework-reason-title"
          title={t("frameworks.tab.reasonTitle", { name: asking.name })}
          body={t("frameworks.tab.reasonBody", { name: asking.name })}
          label={t("frameworks.tab.reason")}
          requiredMessage={t("controls.errors.reasonRequired")}
          submitLabel={t("frameworks.tab.turnOff")}
          onCancel={() => setAsking(null)}
          onSubmit={(reason) => save(asking, false, reason)}
        />
      )}
    </Box>
  );
}
