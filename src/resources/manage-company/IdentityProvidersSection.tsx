import { lazy, Suspense, useState } from "react";
import { Alert, Box, Button, Card, CardContent, Chip, IconButton, Table, TableBody, TableCell, TableHead, TableRow, Tooltip, Typography } from "@mui/material";
import DeleteOutline from "@mui/icons-material/DeleteOutline";
import EditOutlined from "@mui/icons-material/EditOutlined";
import { useDelete, useList, type HttpError } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import type { IdentityProvider } from "../../../domain/entities/identity-provider";
import { ConfirmDialog } from "../../components/dialogs/ConfirmDialog";
import { notify } from "../../providers/notifications";
import { DomainVerificationSection } from "./DomainVerificationSection";
import { IDENTITY_PROVIDERS_RESOURCE } from "./identity-providers-resource";

// The form, its test panel and their icons load when a dialog first opens.
const IdentityProviderDialog = lazy(() => import("./IdentityProviderDialog").then((m) => ({ default: m.IdentityProviderDialog })));

/** "Corporate sign-in (SSO)": the company's identity providers, added, edited and deleted by an Administrator, and the proof of their e-mail domains. */
export function IdentityProvidersSection() {
  const { t } = useTranslation();
  const { result, query } = useList<IdentityProvider, HttpError>({ resource: IDENTITY_PROVIDERS_RESOURCE, pagination: { mode: "off" }, errorNotification: false });
  const [editing, setEditing] = useState<IdentityProvider | "new" | null>(null);
  const [deleting, setDeleting] = useState<IdentityProvider | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const { mutateAsync: remove } = useDelete<IdentityProvider, HttpError>();

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove({ resource: IDENTITY_PROVIDERS_RESOURCE, id: deleting.id, successNotification: false, errorNotification: false });
      notify({ message: t("security.providers.deleted"), severity: "success" });
    } catch (error) {
      setDeleteError(t("security.providers.deleteFailed", { message: (error as HttpError).message }));
      throw error;
    }
  };

  return (
    <Card variant="outlined" component="section" aria-labelledby="identity-providers-title">
      <CardContent sx={{ display: "grid", gap: 2 }}>
        <Box sx={{ display: "flex", alignItems: "center", justifyContent: "space-between", gap: 2, flexWrap: "wrap" }}>
          <Typography variant="h6" component="h2" id="identity-providers-title">
            {t("security.providers.title")}
          </Typography>
          <Button variant="contained" onClick={() => setEditing("new")}>
            {t("security.providers.add")}
          </Button>
        </Box>
        <Typography color="text.secondary">{t("security.providers.help")}</Typography>
        {query.isError && <Alert severity="error">{query.error?.message || t("security.providers.loadFailed")}</Alert>}
        {query.isSuccess && result.data.length === 0 && <Typography>{t("security.providers.none")}</Typography>}
        {result.data.length > 0 && (
          <Box sx={{ overflowX: "auto" }}>
            <Table size="small" aria-label={t("security.providers.title")}>
              <TableHead>
                <TableRow>
                  <TableCell>{t("security.providers.fields.name")}</TableCell>
                  <TableCell>{t("security.providers.fields.type")}</TableCell>
                  <TableCell>{t("security.providers.fields.domains")}</TableCell>
                  <TableCell>{t("security.providers.fields.enabled")}</TableCell>
                  <TableCell>{t("security.providers.fields.jitMode")}</TableCell>
                  <TableCell align="right">{t("security.providers.actions")}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {result.data.map((provider) => (
                  <TableRow key={provider.id}>
                    <TableCell>{provider.name}</TableCell>
                    <TableCell>{t(`security.providers.types.${provider.type}`)}</TableCell>
                    <TableCell>
                      <Box sx={{ display: "flex", gap: 0.5, flexWrap: "wrap" }}>
                        {provider.domains.map((domain) => (
                          <Chip key={domain} size="small" label={domain} />
                        ))}
                      </Box>
                    </TableCell>
                    <TableCell>{t(provider.enabled ? "security.providers.enabledYes" : "security.providers.enabledNo")}</TableCell>
                    <TableCell>{t(`security.providers.jitShort.${provider.jit_mode}`)}</TableCell>
                    <TableCell align="right" sx={{ whiteSpace: "nowrap" }}>
                      <Tooltip title={t("common.actions.edit")}>
                        <IconButton aria-label={t("security.providers.editNamed", { name: provider.name })} onClick={() => setEditing(provider)}>
                          <EditOutlined />
                        </IconButton>
                      </Tooltip>
                      <Tooltip title={t("common.actions.delete")}>
                        <IconButton
                          aria-label={t("security.providers.deleteNamed", { name: provider.name })}
                          onClick={() => {
                            setDeleteError(null);
                            setDeleting(provider);
                          }}
                        >
                          <DeleteOutline />
                        </IconButton>
                      </Tooltip>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
        <DomainVerificationSection providers={result.data} />
      </CardContent>
      {editing && (
        <Suspense fallback={null}>
          <IdentityProviderDialog provider={editing === "new" ? undefined : editing} onClose={() => setEditing(null)} />
        </Suspense>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t("security.providers.deleteTitle")}
        confirmLabel={t("common.actions.delete")}
        destructive
        error={deleteError}
        onClose={() => setDeleting(null)}
        onConfirm={confirmDelete}
      >
        {deleting && t("security.providers.deleteBody", { name: deleting.name, domains: deleting.domains.join(", ") })}
      </ConfirmDialog>
    </Card>
  );
}
