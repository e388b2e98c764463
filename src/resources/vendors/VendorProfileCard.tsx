import { Alert, Box, Button, Card, CardContent, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { vendorUpdateSchema, type Vendor } from "../../../domain/entities/vendor";
import { useResourceForm } from "../../components/forms/use-resource-form";
import { VENDORS_RESOURCE } from "./vendor-api";
import { profileValuesOf, type VendorProfileValues } from "./vendor-form";
import { VendorProfileFields } from "./VendorProfileFields";

/** The vendor's profile (name, website, description, services, contact, status), edited in place. */
export function VendorProfileCard({ vendor, canEdit }: { vendor: Vendor; canEdit: boolean }) {
  const { t } = useTranslation();
  const form = useResourceForm<typeof vendorUpdateSchema, Vendor, VendorProfileValues>({
    resource: VENDORS_RESOURCE,
    id: vendor.id,
    method: "PUT",
    schema: vendorUpdateSchema,
    values: profileValuesOf(vendor),
    version: vendor.version,
    conflictFields: [
      { name: "name", label: t("vendors.fields.name") },
      { name: "website", label: t("vendors.fields.website") },
      { name: "description", label: t("vendors.fields.description") },
      { name: "services_provided", label: t("vendors.fields.servicesProvided") },
      { name: "contact", label: t("vendors.fields.contact") },
      { name: "status", label: t("vendors.fields.status"), format: (v) => t(`vendors.statuses.${String(v)}`) },
    ],
    success: "vendors.saved",
    failure: "vendors.saveFailed",
  });
  const { isDirty } = form.formState;

  return (
    <Card variant="outlined" component="section" aria-labelledby="vendor-profile-title">
      <CardContent component="form" noValidate onSubmit={form.submit} sx={{ display: "grid", gap: 2 }}>
        <Typography id="vendor-profile-title" variant="h6" component="h2">
          {t("vendors.detail.profile")}
        </Typography>
        <VendorProfileFields form={form} disabled={!canEdit} />
        {form.failure && (
          <Alert severity="error" role="alert">
            {form.failure}
          </Alert>
        )}
        {canEdit && (
          <Box sx={{ display: "flex", gap: 1 }}>
            <Button type="submit" variant="contained" disabled={!isDirty || form.busy}>
              {t("common.save")}
            </Button>
            <Button type="button" disabled={!isDirty || form.busy} onClick={form.discard}>
              {t("common.cancel")}
            </Button>
          </Box>
        )}
      </CardContent>
      {form.conflictDialog}
    </Card>
  );
}
