import { Alert, LinearProgress, Table, TableBody, TableCell, TableRow, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import type { activitySchema } from "../../../../domain/entities/application";
import { useFormatDateTime } from "../../../components/data-grid/grid-support";
import { useApplicationGet } from "./application-api";
import { useActivityText } from "./activity-text";
import { TableHeader } from "../../../components/layout/TableHeader";

type Activity = z.infer<typeof activitySchema>;

/** The audit trail of the application's governance changes, newest first: who, when, what, before → after. */
export function ActivityTab({ applicationId }: { applicationId: string }) {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  const { what, summary } = useActivityText();
  const { query, result } = useApplicationGet<{ items: Activity[]; total: number }>(applicationId, "activity", { page_size: 200 });
  const items = result.data?.items ?? [];

  if (query.isLoading) return <LinearProgress aria-label={t("application-detail.tabs.activity")} />;
  if (query.error) {
    return (
      <Alert severity="error" role="alert">
        {t("application-detail.loadFailed", { message: query.error.message })}
      </Alert>
    );
  }
  if (items.length === 0) return <Typography color="text.secondary">{t("application-detail.activity.empty")}</Typography>;
  return (
    <Table size="small" aria-label={t("application-detail.tabs.activity")}>
      <TableHeader
        cells={[
          t("application-detail.activity.when"),
          t("application-detail.activity.who"),
          t("application-detail.activity.what"),
          t("application-detail.activity.details"),
        ]}
      />
      <TableBody>
        {items.map((e) => (
          <TableRow key={e.id}>
            <TableCell sx={{ whiteSpace: "nowrap" }}>
              <time dateTime={e.created_at}>{formatDateTime(e.created_at)}</time>
            </TableCell>
            <TableCell>{e.actor.type === "system" ? t("application-detail.activity.system") : e.actor.name}</TableCell>
            <TableCell>{what(e)}</TableCell>
            <TableCell sx={{ overflowWrap: "anywhere" }}>{summary(e)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
