import { Suspense } from "react";
import { useParams, useSearchParams } from "react-router";
import { Alert, Box, LinearProgress, Tab, Tabs } from "@mui/material";
import { useTranslation } from "react-i18next";
import { useEntityTitle } from "../../../components/layout/entity-titles";
import { EntityNotFound } from "../../../pages/errors/EntityNotFound";
import { ApprovalsTab } from "../approvals/ApprovalsTab";
import { ControlsTab } from "../controls/ControlsTab";
import { DocumentsTab } from "../documents/DocumentsTab";
import { FrameworksTab } from "../frameworks-tab/FrameworksTab";
import { AccessTab } from "./access/AccessTab";
import { ActivityTab } from "./ActivityTab";
import { ApplicationHeader } from "./ApplicationHeader";
import { useApplication } from "./application-api";
import { AssessmentsTab } from "./AssessmentsTab";
import { CommentsTab } from "./CommentsTab";
import { DetailsTab } from "./details/DetailsTab";
import { useApplicationPermissions } from "./use-application-permissions";
import { useApplicationTabs } from "../../application-tabs";
import { useNavigation } from "@refinedev/core";
import { useLocaleAreas } from "../../../i18n/use-all-areas";

const DETAIL_TABS = ["details", "documents", "comments", "access", "assessments", "approvals", "frameworks", "controls", "activity"] as const;
type DetailTab = (typeof DETAIL_TABS)[number] | string;
/** Tabs whose labels live in their own area's locale file. */
const TAB_LABELS: Partial<Record<DetailTab, string>> = { frameworks: "frameworks.tab.label", controls: "controls.tab.label" };

/** The controls' texts (their tab, the activity of controls and evidence) load with this page only. */
const DETAIL_AREAS = ["controls"] as const;

/** /applications/detail/{applicationId}: the application, its questionnaire and its records, by tab. */
export default function ApplicationDetailPage() {
  useLocaleAreas(DETAIL_AREAS);
  const { t } = useTranslation();
  const { listUrl } = useNavigation();
  const { id: applicationId = "" } = useParams<{ id: string }>();
  const [params, setParams] = useSearchParams();
  const { query, result: application } = useApplication(applicationId);
  const permissions = useApplicationPermissions(application);
  // Other resources' records of the application (its incidents) add their tabs through their definitions.
  const extraTabs = useApplicationTabs();
  const tabs: string[] = [...DETAIL_TABS.slice(0, -1), ...extraTabs.map((x) => x.key), "activity"];
  // The breadcrumb of an application is its name.
  useEntityTitle(applicationId, application?.name);

  // The tab is in the URL (?tab=), so a link or a reload opens the same one.
  const requested = params.get("tab");
  const tab: DetailTab = requested && tabs.includes(requested) ? requested : "details";
  const selectTab = (next: DetailTab) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === "details") updated.delete("tab");
        else updated.set("tab", next);
        return updated;
      },
      { replace: true },
    );

  const status = query.error?.statusCode;
  // 400 is an id that is no UUID: as missing as an unknown one.
  if (status === 404 || status === 400) {
    return (
      <EntityNotFound title={t("application-detail.notFound.title")} backTo={listUrl("applications")} backLabel={t("application-detail.notFound.back")}>
        {t("application-detail.notFound.body")}
      </EntityNotFound>
    );
  }
  if (query.error) {
    return (
      <Alert severity="error" role="alert">
        {t("application-detail.loadFailed", { message: query.error.message })}
      </Alert>
    );
  }
  if (!application) return <LinearProgress aria-label={t("application-detail.loading")} />;

  return (
    // One column that may be narrower than its content: the tabs scroll and the header wraps inside the window.
    <Box sx={{ display: "grid", gridTemplateColumns: "minmax(0, 1fr)", gap: 2 }}>
      <ApplicationHeader application={application} permissions={permissions} />
      <Box sx={{ borderBottom: 1, borderColor: "divider" }}>
        <Tabs value={tab} onChange={(_event, next: DetailTab) => selectTab(next)} variant="scrollable" aria-label={t("application-detail.tabs.label")}>
          {tabs.map((key) => (
            <Tab key={key} value={key} label={t(TAB_LABELS[key] ?? extraTabs.find((x) => x.key === key)?.label ?? `application-detail.tabs.${key}`)} id={`application-tab-${key}`} aria-controls={`application-tabpanel-${key}`} />
          ))}
        </Tabs>
      </Box>
      {/* Only the open tab is mounted, so each loads its records when first shown. */}
      <Box role="tabpanel" id={`application-tabpanel-${tab}`} aria-labelledby={`application-tab-${tab}`}>
        {tab === "details" && <DetailsTab application={application} canEdit={permissions.canEdit} permissionsLoading={permissions.loading} />}
        {tab === "documents" && <DocumentsTab applicationId={application.id} />}
        {tab === "comments" && <CommentsTab applicationId={application.id} />}
        {tab === "access" && <AccessTab applicationId={application.id} canManage={permissions.canManageAccess} />}
        {tab === "assessments" && <AssessmentsTab applicationId={application.id} />}
        {tab === "approvals" && (
          <Suspense fallback={<LinearProgress />}>
            <ApprovalsTab applicationId={application.id} />
          </Suspense>
        )}
        {tab === "frameworks" && <FrameworksTab applicationId={application.id} canEdit={permissions.canEdit} />}
        {tab === "controls" && <ControlsTab applicationId={application.id} canEdit={permissions.canEdit} />}
        {tab === "activity" && <ActivityTab applicationId={application.id} />}
        {extraTabs.map(({ key, page: Page }) => tab === key && (
          <Suspense key={key} fallback={<LinearProgress />}>
            <Page applicationId={application.id} canEdit={permissions.canEdit} />
          </Suspense>
        ))}
      </Box>
    </Box>
  );
}
