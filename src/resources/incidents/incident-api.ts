import { useMemo } from "react";
import { useList, type HttpError } from "@refinedev/core";
import type { Application } from "../../../domain/entities/application";
import { useCanOnRecord } from "../../providers/ability";
import { useOwnerOptions, type Person } from "../applications/controls/control-api";

export const INCIDENTS_RESOURCE = "incidents";

/**
 * An incident is checked against its application: the rules scope incidents by `applicationId` or by the groups
 * the application belongs to (`resource_group_ids`, which the API returns with applications and incidents).
 */
export const incidentRecord = (application: { id: string; resource_group_ids: string[] }, id = application.id) => ({
  id,
  applicationId: application.id,
  resource_group_ids: application.resource_group_ids,
});

/**
 * The applications the user can see, by name (the list filter's choices). Loaded whole: a company's AI
 * applications are counted in dozens; a list too long to load is an error the caller shows.
 */
export function useVisibleApplications() {
  const { result, query } = useList<Application, HttpError>({
    resource: "applications",
    pagination: { mode: "off" },
    sorters: [{ field: "name", order: "asc" }],
    errorNotification: false,
  });
  return { applications: result.data, loading: query.isLoading, error: query.error };
}

/** The applications the user may record an incident on, by the same rule the API applies to the new incident. */
export function useRecordableApplications() {
  const { applications, loading, error } = useVisibleApplications();
  const canOnRecord = useCanOnRecord();
  const recordable = useMemo(() => applications.filter((a) => canOnRecord("create", "Incident", incidentRecord(a))), [applications, canOnRecord]);
  return { applications: recordable, loading, error };
}

/**
 * Who may own the incident or an action: the people who reach its application, and whoever owns one already
 * (kept as a choice even if their access ended since).
 */
export function useIncidentPeople(applicationId: string, current: Person | null = null): Person[] {
  const reaching = useOwnerOptions(applicationId);
  return useMemo(() => (current && !reaching.some((p) => p.id === current.id) ? [...reaching, current] : reaching), [reaching, current]);
}
