import { useMemo } from "react";
import { Link as RouterLink, useParams } from "react-router";
import { Alert, Box, Button, LinearProgress, Typography } from "@mui/material";
import ArrowBackOutlined from "@mui/icons-material/ArrowBackOutlined";
import { useCan, useNavigation, useOne, type HttpError } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import type { Vendor } from "../../../domain/entities/vendor";
import { useEntityTitle } from "../../components/layout/entity-titles";
import { EntityNotFound } from "../../pages/errors/EntityNotFound";
import { LinkedApplications } from "./LinkedApplications";
import { VENDORS_RESOURCE, useVendorDetails } from "./vendor-api";
import { vendorDetailsOf } from "./vendor-form";
import { VendorRiskChip, VendorStatusChip } from "./VendorRiskChip";
import { VendorProfileCard } from "./VendorProfileCard";
import { useRefreshShown } from "../../providers/refresh";
import { VendorQuestionnaire } from "./VendorQuestionnaire";

/** /vendors/detail/{vendorId}: profile, risk questions with a live preview, and the applications that use the vendor. */
export default function VendorDetailPage() {
  const { t } = useTranslation();
  const { listUrl } = useNavigation();
  const { id: vendorId = "" } = useParams<{ id: string }>();
  const refresh = useRefreshShown();
  const { result: vendor, query } = useOne<Vendor, HttpError>({
    resource: VENDORS_RESOURCE,
    id: vendorId,
    queryOptions: { enabled: Boolean(vendorId), retry: false },
    errorNotification: false,
  });
  const details = useVendorDetails(vendorId);
  const { data: canEdit } = useCan({ resource: VENDORS_RESOURCE, action: "edit" });
  const stored = useMemo(() => vendorDetailsOf(details.result.data?.details), [details.result.data]);
  useEntityTitle(vendorId, vendor?.name);


  if (query.isLoading || details.query.isLoading) return <LinearProgress aria-label={t("vendors.detail.loading")} />;
  if (query.error?.statusCode === 404 || (!query.error && !vendor)) {
    return <EntityNotFound title={t("vendors.notFound")} backTo={listUrl("vendors")} backLabel={t("vendors.back")} />;
  }
  if (query.error || !vendor) {
    return (
      <Box sx={{ display: "grid", gap: 2, justifyItems: "start" }}>
        <Alert severity="error">{t("vendors.loadFailed", { message: query.error?.message })}</Alert>
        <Button component={RouterLink} to={listUrl("vendors")} startIcon={<ArrowBackOutlined />}>
          {t("vendors.back")}
        </Button>
      </Box>
    );
  }

  const editable = Boolean(canEdit?.can);
  return (
    <Box sx={{ display: "grid", gap: 2 }}>
      <Box sx={{ display: "flex", gap: 1.5, alignItems: "center", flexWrap: "wrap" }}>
        <Typography variant="h5" component="h1">
          {vendor.name}
        </Typography>
        <VendorRiskChip level={vendor.risk_level} />
        <VendorStatusChip status={vendor.status} />
      </Box>
      {!editable && <Alert severity="info">{t("vendors.readOnly")}</Alert>}
      {details.query.error && <Alert severity="error">{t("vendors.loadFailed", { message: details.query.error.message })}</Alert>}
      <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", lg: "minmax(0, 1fr) minmax(0, 1fr)" }, alignItems: "start" }}>
        <VendorProfileCard vendor={vendor} canEdit={editable} />
        <LinkedApplications vendorId={vendor.id} />
      </Box>
      <VendorQuestionnaire vendorId={vendor.id} stored={stored} version={vendor.version} canEdit={editable} onSaved={() => void refresh()} />
    </Box>
  );
}
