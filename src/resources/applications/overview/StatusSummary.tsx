import { Fragment, type ReactNode } from "react";
import { Link as RouterLink } from "react-router";
import { Alert, Box, Link, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import type { Application } from "../../../../domain/entities/application";
import { useFormatDateTime } from "../../../components/data-grid/grid-support";
import { ReviewDue } from "../../../components/risk/ReviewDue";
import { ApprovalStatusChip, DevelopmentStatusChip } from "../../../components/risk/StatusChip";
import { useNavigation } from "@refinedev/core";

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0 }}>
        {children}
      </Typography>
    </>
  );
}

/** Where the application stands: statuses, why an approval was reset, owner, vendors, review and dates. */
export function StatusSummary({ application }: { application: Application }) {
  const { t } = useTranslation();
  const { showUrl } = useNavigation();
  const formatDateTime = useFormatDateTime();
  const reset = application.approval_reset_reason;
  return (
    <Box sx={{ display: "grid", gap: 1.5 }}>
      {reset && (
        <Alert severity="warning">
          {/* The server records a workflow.resetReasons key; anything else is shown as written. */}
          {reset.startsWith("workflow.resetReasons.") ? t(reset) : reset}
        </Alert>
      )}
      <Box component="dl" sx={{ m: 0, display: "grid", gridTemplateColumns: "max-content 1fr", columnGap: 2, rowGap: 1, alignItems: "center" }}>
        <Fact label={t("applications.fields.approvalStatus")}>
          <ApprovalStatusChip status={application.approval_status} />
        </Fact>
        <Fact label={t("applications.fields.developmentStatus")}>
          <DevelopmentStatusChip status={application.development_status} />
        </Fact>
        <Fact label={t("applications.fields.owner")}>{application.owner?.name ?? t("applications.noOwner")}</Fact>
        <Fact label={t("applications.fields.vendors")}>
          {application.vendors?.length
            ? application.vendors.map((v, i) => (
                <Fragment key={v.id}>
                  {i > 0 && ", "}
                  <Link component={RouterLink} to={showUrl("vendors", v.id)}>
                    {v.name}
                  </Link>
                </Fragment>
              ))
            : t("applications.noVendors")}
        </Fact>
        <Fact label={t("applications.fields.nextReviewDue")}>
          <ReviewDue due={application.next_review_due} />
        </Fact>
        <Fact label={t("applications.fields.created")}>{formatDateTime(application.created_at)}</Fact>
        <Fact label={t("applications.fields.updated")}>{formatDateTime(application.updated_at)}</Fact>
      </Box>
    </Box>
  );
}
