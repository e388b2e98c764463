import { useState } from "react";
import { Alert, IconButton, LinearProgress, Table, TableBody, TableCell, TableRow, Tooltip, Typography } from "@mui/material";
import RemoveCircleOutline from "@mui/icons-material/RemoveCircleOutline";
import { useCustomMutation, type HttpError } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import type { applicationGrantSchema } from "../../../../../domain/entities/application-access";
import { useRoleLabel } from "../../../../components/access/role-label";
import { useFormatDateTime } from "../../../../components/data-grid/grid-support";
import { ConfirmDialog } from "../../../../components/dialogs/ConfirmDialog";
import { notify } from "../../../../providers/notifications";
import { useApplicationGet, useRefusalText } from "../application-api";
import { AddGrantForm } from "./AddGrantForm";
import { TableHeader } from "../../../../components/layout/TableHeader";
import { SectionCard } from "../../../../components/layout/SectionCard";
import { useRefreshShown } from "../../../../providers/refresh";

type Grant = z.infer<typeof applicationGrantSchema>;

/** Roles granted on this application alone; Administrators add and take them back. */
export function ApplicationGrants({ applicationId, canManage }: { applicationId: string; canManage: boolean }) {
  const { t } = useTranslation();
  const roleLabel = useRoleLabel();
  const formatDateTime = useFormatDateTime();
  const refusal = useRefusalText();
  const refresh = useRefreshShown();
  const { query, result } = useApplicationGet<{ items: Grant[] }>(applicationId, "role-assignments");
  const { mutateAsync: remove } = useCustomMutation<Record<string, unknown>, HttpError, undefined>();
  const [revoking, setRevoking] = useState<Grant | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const grants = result.data?.items ?? [];

  const confirmRevoke = async () => {
    if (!revoking) return;
    setFailure(null);
    try {
      const query = new URLSearchParams({ user_id: revoking.user.id, role_id: revoking.role.id });
      await remove({
        url: `/applications/${applicationId}/role-assignments?${query}`,
        method: "delete",
        values: undefined,
        successNotification: false,
        errorNotification: false,
      });
      notify({ message: t("application-detail.access.revoked", { name: revoking.user.name, role: roleLabel(revoking.role.name) }), severity: "success" });
      void refresh();
    } catch (error) {
      setFailure(t("application-detail.access.revokeFailed", { message: refusal(error) }));
      throw error;
    }
  };

  return (
    <SectionCard titleId="grants-title" title={t("application-detail.access.grantsTitle")}>
      <Typography variant="body2" color="text.secondary">
        {t(canManage ? "application-detail.access.grantsHelp" : "application-detail.access.grantsReadOnly")}
      </Typography>
      {query.isLoading && <LinearProgress aria-label={t("application-detail.access.grantsTitle")} />}
      {query.error && (
        <Alert severity="error" role="alert">
          {t("application-detail.loadFailed", { message: query.error.message })}
        </Alert>
      )}
      {!query.isLoading && !query.error && (
        <Table size="small" aria-label={t("application-detail.access.grantsTitle")}>
          <TableHeader
            cells={[
              t("application-detail.access.user"),
              t("application-detail.access.role"),
              t("application-detail.access.grantedAt"),
              canManage && { label: t("application-detail.access.actions"), align: "right" },
            ]}
          />
          <TableBody>
            {grants.map((g) => {
              const label = t("application-detail.access.revokeNamed", { name: g.user.name, role: roleLabel(g.role.name) });
              return (
                <TableRow key={`${g.user.id}-${g.role.id}`}>
                  <TableCell>{`${g.user.name} (${g.user.email})`}</TableCell>
                  <TableCell>{roleLabel(g.role.name)}</TableCell>
                  <TableCell>{formatDateTime(g.created_at)}</TableCell>
                  {canManage && (
                    <TableCell align="right">
                      <Tooltip title={label}>
                        <IconButton aria-label={label} onClick={() => setRevoking(g)}>
                          <RemoveCircleOutline />
                        </IconButton>
                      </Tooltip>
                    </TableCell>
                  )}
                </TableRow>
              );
            })}
            {grants.length === 0 && (
              <TableRow>
                <TableCell colSpan={canManage ? 4 : 3}>{t("application-detail.access.noGrants")}</TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      )}
      {canManage && <AddGrantForm applicationId={applicationId} />}
      <ConfirmDialog
        open={revoking !== null}
        title={t("application-detail.access.revokeTitle")}
        confirmLabel={t("application-detail.access.revoke")}
        destructive
        error={failure}
        onClose={() => {
          setRevoking(null);
          setFailure(null);
        }}
        onConfirm={confirmRevoke}
      >
        {revoking && t("application-detail.access.revokeBody", { name: revoking.user.name, role: roleLabel(revoking.role.name) })}
      </ConfirmDialog>
    </SectionCard>
  );
}
