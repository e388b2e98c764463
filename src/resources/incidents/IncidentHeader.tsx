import { Link as RouterLink } from "react-router";
import { Box, Button, Link, Typography } from "@mui/material";
import ArrowBackOutlined from "@mui/icons-material/ArrowBackOutlined";
import { useNavigation } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import type { Incident } from "../../../domain/entities/incident";
import { DeleteIncidentButton } from "./DeleteIncidentButton";
import { INCIDENTS_RESOURCE } from "./incident-api";
import { IncidentStatusChip, SeverityChip } from "./IncidentChips";
import { IncidentStatusControl } from "./IncidentStatusControl";

interface Props {
  incident: Incident;
  canEdit: boolean;
  canDelete: boolean;
  /** Another part of the page holds unsaved input: a status move waits for it. */
  blocked: boolean;
}

/** Title, severity, status and application, with the status moves and the delete the user may make. */
export function IncidentHeader({ incident, canEdit, canDelete, blocked }: Props) {
  const { t } = useTranslation();
  const { listUrl, showUrl } = useNavigation();
  return (
    <Box component="header" sx={{ display: "grid", gap: 2 }}>
      <Box>
        <Button component={RouterLink} to={listUrl(INCIDENTS_RESOURCE)} startIcon={<ArrowBackOutlined />} size="small">
          {t("incidents.back")}
        </Button>
      </Box>
      <Box sx={{ display: "flex", alignItems: "flex-start", justifyContent: "space-between", gap: 2, flexWrap: "wrap" }}>
        <Box sx={{ display: "grid", gap: 1 }}>
          <Typography variant="h5" component="h1">
            {incident.title}
          </Typography>
          <Box sx={{ display: "flex", gap: 1, alignItems: "center", flexWrap: "wrap" }}>
            <SeverityChip severity={incident.severity} />
            <IncidentStatusChip status={incident.status} />
            <Typography variant="body2" color="text.secondary">
              {t("incidents.detail.ofApplication")}{" "}
              <Link component={RouterLink} to={showUrl("applications", incident.application.id)}>
                {incident.application.name}
              </Link>
            </Typography>
          </Box>
        </Box>
        <Box sx={{ display: "flex", gap: 2, alignItems: "flex-start", flexWrap: "wrap" }}>
          {canEdit && <IncidentStatusControl incident={incident} blocked={blocked} />}
          {canDelete && <DeleteIncidentButton incident={incident} />}
        </Box>
      </Box>
    </Box>
  );
}
