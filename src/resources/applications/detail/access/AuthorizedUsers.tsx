import { Alert, LinearProgress, Table, TableBody, TableCell, TableRow, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import type { authorizedUserSchema } from "../../../../../domain/entities/application-access";
import { useRoleLabel } from "../../../../components/access/role-label";
import { useApplicationGet } from "../application-api";
import { TableHeader } from "../../../../components/layout/TableHeader";
import { SectionCard } from "../../../../components/layout/SectionCard";

type AuthorizedUser = z.infer<typeof authorizedUserSchema>;

/** Everyone whose roles reach the application, and through what: a group, or a grant on it alone. */
export function AuthorizedUsers({ applicationId }: { applicationId: string }) {
  const { t } = useTranslation();
  const roleLabel = useRoleLabel();
  const { query, result } = useApplicationGet<{ items: AuthorizedUser[]; total: number }>(applicationId, "authorized-users", { page_size: 200 });
  const people = result.data?.items ?? [];

  return (
    <SectionCard titleId="authorized-users-title" title={t("application-detail.access.authorizedTitle")}>
      <Typography variant="body2" color="text.secondary">
        {t("application-detail.access.authorizedHelp")}
      </Typography>
      {query.isLoading && <LinearProgress aria-label={t("application-detail.access.authorizedTitle")} />}
      {query.error && (
        <Alert severity="error" role="alert">
          {t("application-detail.loadFailed", { message: query.error.message })}
        </Alert>
      )}
      {!query.isLoading && !query.error && (
        <Table size="small" aria-label={t("application-detail.access.authorizedTitle")}>
          <TableHeader
            cells={[
              t("application-detail.access.user"),
              t("application-detail.access.email"),
              t("application-detail.access.rolesThrough"),
            ]}
          />
          <TableBody>
            {people.map((p) => (
              <TableRow key={p.user_id}>
                <TableCell>{`${p.first_name} ${p.last_name}`}</TableCell>
                <TableCell>{p.email}</TableCell>
                <TableCell>
                  {p.roles
                    .map((r) =>
                      t("application-detail.access.roleVia", {
                        role: roleLabel(r.name),
                        via: r.resource_group ? r.resource_group.name : t("application-detail.access.thisApplication"),
                      }),
                    )
                    .join("; ")}
                </TableCell>
              </TableRow>
            ))}
            {people.length === 0 && (
              <TableRow>
                <TableCell colSpan={3}>{t("common.actions.noRows")}</TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      )}
    </SectionCard>
  );
}
