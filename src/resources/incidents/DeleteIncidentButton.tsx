import { useState } from "react";
import { Button } from "@mui/material";
import DeleteOutlined from "@mui/icons-material/DeleteOutlined";
import { useDelete, useNavigation, type HttpError } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import type { Incident } from "../../../domain/entities/incident";
import { ConfirmDialog } from "../../components/dialogs/ConfirmDialog";
import { notify } from "../../providers/notifications";
import { INCIDENTS_RESOURCE } from "./incident-api";

/** Deletes the incident after confirmation (Administrators: it is a compliance record), then goes back to the list. */
export function DeleteIncidentButton({ incident }: { incident: Incident }) {
  const { t } = useTranslation();
  const { list } = useNavigation();
  const { mutateAsync } = useDelete<Incident, HttpError>();
  const [open, setOpen] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const confirm = async () => {
    try {
      await mutateAsync({ resource: INCIDENTS_RESOURCE, id: incident.id, successNotification: false, errorNotification: false });
    } catch (error) {
      setFailure(t("incidents.delete.failed", { message: (error as HttpError).message }));
      throw error;
    }
    notify({ severity: "success", message: t("incidents.delete.done", { title: incident.title }) });
    list(INCIDENTS_RESOURCE);
  };

  return (
    <>
      <Button
        color="error"
        startIcon={<DeleteOutlined />}
        onClick={() => {
          setFailure(null);
          setOpen(true);
        }}
      >
        {t("incidents.delete.button")}
      </Button>
      <ConfirmDialog open={open} title={t("incidents.delete.title")} confirmLabel={t("incidents.delete.button")} destructive error={failure} onClose={() => setOpen(false)} onConfirm={confirm}>
        {t("incidents.delete.body", { title: incident.title })}
      </ConfirmDialog>
    </>
  );
}
