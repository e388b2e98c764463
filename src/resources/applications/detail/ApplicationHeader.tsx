import { Link as RouterLink } from "react-router";
import { Alert, Box, Button, Typography } from "@mui/material";
import ArrowBackOutlined from "@mui/icons-material/ArrowBackOutlined";
import { useTranslation } from "react-i18next";
import type { Application } from "../../../../domain/entities/application";
import { TierChip } from "../../../components/risk/TierChip";
import { ApprovalActions } from "./ApprovalActions";
import { DossierButton } from "./DossierButton";
import { DevelopmentStatusSelect } from "./DevelopmentStatusSelect";
import { ApprovalStatusChip, DevelopmentStatusChip } from "../../../components/risk/StatusChip";
import type { ApplicationPermissions } from "./use-application-permissions";
import { useNavigation } from "@refinedev/core";
import { useResourceUrl } from "../../links";

/** Name, tier, statuses and owner, with the moves the caller may make. */
export function ApplicationHeader({ application, permissions }: { application: Application; permissions: ApplicationPermissions }) {
  const { t } = useTranslation();
  const { listUrl } = useNavigation();
  const resourceUrl = useResourceUrl();
  return (
    <Box component="header" sx={{ display: "grid", gap: 2 }}>
      <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap" }}>
        <Button component={RouterLink} to={listUrl("applications")} startIcon={<ArrowBackOutlined />} size="small">
          {t("application-detail.back")}
        </Button>
        <Button component={RouterLink} to={resourceUrl("applications", "overview", { id: application.id })} size="small">
          {t("application-detail.overviewLink")}
        </Button>
        <DossierButton application={application} />
      </Box>
      <Box sx={{ display: "flex", alignItems: "flex-start", justifyContent: "space-between", gap: 2, flexWrap: "wrap" }}>
        <Box sx={{ display: "grid", gap: 1 }}>
          <Typography variant="h5" component="h1">
            {application.name}
          </Typography>
          <Box sx={{ display: "flex", gap: 1, alignItems: "center", flexWrap: "wrap" }}>
            <TierChip tier={application.risk_tier} />
            <ApprovalStatusChip status={application.approval_status} ariaLabelKey="application-detail.header.approvalStatus" />
            <DevelopmentStatusChip status={application.development_status} ariaLabelKey="application-detail.header.developmentStatus" />
            <Typography variant="body2" color="text.secondary">
              {t("application-detail.header.owner", { name: application.owner?.name ?? t("application-detail.header.noOwner") })}
            </Typography>
          </Box>
        </Box>
        <Box sx={{ display: "flex", gap: 2, alignItems: "flex-start", flexWrap: "wrap" }}>
          <ApprovalActions application={application} moves={permissions.approvalMoves} />
          {permissions.canEdit && <DevelopmentStatusSelect application={application} />}
        </Box>
      </Box>
      {application.approval_reset_reason && (
        <Alert severity="warning">
          {t("application-detail.header.resetReason", { reason: t(application.approval_reset_reason) })}
        </Alert>
      )}
    </Box>
  );
}
