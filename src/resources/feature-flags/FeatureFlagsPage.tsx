import { lazy, Suspense, useMemo, useState } from "react";
import { Alert, Box } from "@mui/material";
import { useDelete, useList, useUpdate, type HttpError } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import type { FeatureFlag } from "../../../domain/flags/schemas";
import { ConfirmDialog } from "../../components/dialogs/ConfirmDialog";
import { ListDataGrid, ListPageHeader } from "../../components/data-grid/ListPage";
import { notify } from "../../providers/notifications";
import { featureFlagColumns } from "./feature-flag-columns";

// Loaded when first opened: the list itself needs none of the form code.
const FeatureFlagDialog = lazy(() => import("./FeatureFlagDialog").then((m) => ({ default: m.FeatureFlagDialog })));

const RESOURCE = "feature-flags";

/** /feature-flags (Admin): the product's features and the company's own flags; on/off, by role, by share of users. */
export default function FeatureFlagsPage() {
  const { t } = useTranslation();
  const { result, query } = useList<FeatureFlag, HttpError>({ resource: RESOURCE, pagination: { mode: "off" } });
  const [editing, setEditing] = useState<FeatureFlag | "new" | null>(null);
  const [removing, setRemoving] = useState<FeatureFlag | null>(null);
  const [removeError, setRemoveError] = useState<string | null>(null);
  const [saving, setSaving] = useState<string | null>(null);
  const { mutateAsync: update } = useUpdate<FeatureFlag, HttpError>();
  const { mutateAsync: remove } = useDelete<FeatureFlag, HttpError>();

  const columns = useMemo(
    () =>
      featureFlagColumns({
        t,
        saving,
        onToggle: (flag, enabled) => {
          setSaving(flag.key);
          update({ resource: RESOURCE, id: flag.key, values: { enabled }, meta: { version: flag.version }, mutationMode: "pessimistic", successNotification: false, errorNotification: false })
            .then(
              () => notify({ severity: "success", message: t(enabled ? "feature-flags.turnedOn" : "feature-flags.turnedOff", { key: flag.key }) }),
              (error: HttpError) => notify({ severity: "error", message: t("feature-flags.saveFailed", { message: error.message }) }),
            )
            .finally(() => {
              setSaving(null);
              void query.refetch();
            });
        },
        onEdit: setEditing,
        onRemove: (flag) => {
          setRemoveError(null);
          setRemoving(flag);
        },
      }),
    [t, saving, update, query],
  );

  const confirmRemove = async () => {
    if (!removing) return;
    try {
      await remove({ resource: RESOURCE, id: removing.key, successNotification: false, errorNotification: false });
      notify({ severity: "success", message: t(removing.product ? "feature-flags.wasReset" : "feature-flags.deleted", { key: removing.key }) });
    } catch (error) {
      setRemoveError(t("feature-flags.saveFailed", { message: (error as HttpError).message }));
      throw error;
    }
  };

  return (
    <Box sx={{ display: "grid", gap: 2 }}>
      <ListPageHeader title={t("feature-flags.title")} help={t("feature-flags.help")} createLabel={t("feature-flags.create")} onCreate={() => setEditing("new")} />
      {query.error && <Alert severity="error">{query.error.message}</Alert>}
      <ListDataGrid
        rows={result.data}
        rowCount={result.total}
        loading={query.isLoading}
        columns={columns}
        getRowId={(row) => row.key}
        getRowHeight={() => "auto"}
        aria-label={t("feature-flags.title")}
        hideFooterPagination
        disableRowSelectionOnClick
      />
      {editing && (
        <Suspense fallback={null}>
          <FeatureFlagDialog flag={editing === "new" ? null : editing} onClose={() => setEditing(null)} />
        </Suspense>
      )}
      <ConfirmDialog
        open={removing !== null}
        title={t(removing?.product ? "feature-flags.resetTitle" : "feature-flags.deleteTitle")}
        confirmLabel={t(removing?.product ? "feature-flags.resetConfirm" : "feature-flags.deleteConfirm")}
        destructive
        error={removeError}
        onClose={() => setRemoving(null)}
        onConfirm={confirmRemove}
      >
        {removing && t(removing.product ? "feature-flags.resetBody" : "feature-flags.deleteBody", { key: removing.key })}
      </ConfirmDialog>
    </Box>
  );
}
