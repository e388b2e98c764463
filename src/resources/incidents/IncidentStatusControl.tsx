import { useState } from "react";
import { Box, MenuItem, TextField } from "@mui/material";
import { useInvalidate, useUpdate, type HttpError } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import { INCIDENT_STATUS_MOVES, type Incident, type IncidentStatus } from "../../../domain/entities/incident";
import { isStaleVersion } from "../../components/forms/conflict/stale-version";
import { useFieldMessage } from "../../components/forms/field-errors";
import { notify } from "../../providers/notifications";
import { FormAlert } from "./FormFooter";
import { INCIDENTS_RESOURCE } from "./incident-api";

interface Props {
  incident: Incident;
  /** Another part of the page holds unsaved input: the move waits for it. */
  blocked: boolean;
}

/** The incident's status as a select offering only the moves from where it stands (INCIDENT_STATUS_MOVES); a choice moves it at once. */
export function IncidentStatusControl({ incident, blocked }: Props) {
  const { t } = useTranslation();
  const fieldMessage = useFieldMessage();
  const invalidate = useInvalidate();
  const { mutateAsync, mutation } = useUpdate<Incident, HttpError>();
  const [failure, setFailure] = useState<string | null>(null);
  const label = (s: IncidentStatus) => t(`incidents.statuses.${s}`);

  const move = async (status: IncidentStatus) => {
    if (status === incident.status) return;
    setFailure(null);
    try {
      await mutateAsync({
        resource: INCIDENTS_RESOURCE,
        id: incident.id,
        values: { status },
        // Made on the version shown: a move someone else's change overtook is refused, not applied to it.
        meta: { method: "PATCH", version: incident.version },
        successNotification: false,
        errorNotification: false,
      });
      notify({ severity: "success", message: t("incidents.statusMoved", { status: label(status) }) });
    } catch (error) {
      if (isStaleVersion(error)) void invalidate({ resource: INCIDENTS_RESOURCE, id: incident.id, invalidates: ["detail"] });
      const problem = error as HttpError;
      const first = problem.errors?.status;
      setFailure(isStaleVersion(error) ? t("common.conflict.notSaved") : (fieldMessage(Array.isArray(first) ? first[0] : undefined) ?? problem.message));
    }
  };

  return (
    <Box sx={{ display: "grid", gap: 1, minWidth: 220 }}>
      <TextField
        select
        size="small"
        label={t("incidents.fields.status")}
        value={incident.status}
        disabled={mutation.isPending || blocked}
        onChange={(e) => void move(e.target.value as IncidentStatus)}
      >
        {[incident.status, ...INCIDENT_STATUS_MOVES[incident.status]].map((s) => (
          <MenuItem key={s} value={s}>
            {s === incident.status ? label(s) : t("incidents.moveTo", { status: label(s) })}
          </MenuItem>
        ))}
      </TextField>
      <FormAlert failure={failure} blocked={blocked} />
    </Box>
  );
}
