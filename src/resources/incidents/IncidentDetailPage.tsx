import { useParams } from "react-router";
import { Alert, Box, LinearProgress } from "@mui/material";
import { useCan, useNavigation, useOne, type HttpError } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import type { Incident } from "../../../domain/entities/incident";
import { useEntityTitle } from "../../components/layout/entity-titles";
import { EntityNotFound } from "../../pages/errors/EntityNotFound";
import { CorrectiveActionsCard } from "./CorrectiveActionsCard";
import { incidentRecord, INCIDENTS_RESOURCE } from "./incident-api";
import { IncidentEditCard } from "./IncidentEditCard";
import { IncidentHeader } from "./IncidentHeader";
import { SeriousIncidentPanel } from "./SeriousIncidentPanel";
import { useUnsavedSections } from "./unsaved-sections";

/** Whether the user may change and delete this incident, by the rules the API applies to its application's incidents. */
function useIncidentRights(incident: Incident | undefined) {
  const params = incident && { id: incident.id, record: incidentRecord({ id: incident.application.id, resource_group_ids: incident.resource_group_ids }, incident.id) };
  const options = { queryOptions: { enabled: Boolean(incident) } };
  const { data: edit } = useCan({ resource: INCIDENTS_RESOURCE, action: "edit", params, ...options });
  const { data: remove } = useCan({ resource: INCIDENTS_RESOURCE, action: "delete", params, ...options });
  // Until the answer is known, nothing is offered and nothing is said to be read-only.
  return { known: edit !== undefined, canEdit: Boolean(edit?.can), canDelete: Boolean(remove?.can) };
}

/** /incidents/detail/{id}: the incident, its status moves, its report to the authority, its facts and its corrective actions. */
export default function IncidentDetailPage() {
  const { t } = useTranslation();
  const { listUrl } = useNavigation();
  const { id = "" } = useParams<{ id: string }>();
  const { result: incident, query } = useOne<Incident, HttpError>({
    resource: INCIDENTS_RESOURCE,
    id,
    queryOptions: { enabled: Boolean(id), retry: false },
    errorNotification: false,
  });
  const { known, canEdit, canDelete } = useIncidentRights(incident);
  const sections = useUnsavedSections();
  // The breadcrumb of an incident is its title.
  useEntityTitle(id, incident?.title);

  const status = query.error?.statusCode;
  // 400 is an id that is no UUID: as missing as an unknown one.
  if (status === 404 || status === 400) {
    return (
      <EntityNotFound title={t("incidents.notFound")} backTo={listUrl(INCIDENTS_RESOURCE)} backLabel={t("incidents.back")}>
        {t("incidents.notFoundBody")}
      </EntityNotFound>
    );
  }
  if (query.error) {
    return (
      <Alert severity="error" role="alert">
        {t("incidents.loadOneFailed", { message: query.error.message })}
      </Alert>
    );
  }
  if (!incident) return <LinearProgress aria-label={t("incidents.detail.loading")} />;

  return (
    <Box sx={{ display: "grid", gap: 2 }}>
      <IncidentHeader incident={incident} canEdit={canEdit} canDelete={canDelete} blocked={sections.elsewhere()} />
      {known && !canEdit && <Alert severity="info">{t("incidents.readOnly")}</Alert>}
      <SeriousIncidentPanel incident={incident} canEdit={canEdit} sections={sections} />
      <IncidentEditCard incident={incident} canEdit={canEdit} sections={sections} />
      <CorrectiveActionsCard incident={incident} canEdit={canEdit} sections={sections} />
    </Box>
  );
}
