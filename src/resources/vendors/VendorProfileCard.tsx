import { useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Box, Button, Card, CardContent, Typography } from "@mui/material";
import { useInvalidate, useUpdate, type HttpError } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import type { Vendor } from "../../../domain/entities/vendor";
import { applyFieldErrors } from "../../components/forms/field-errors";
import { fieldConflictRows, useEditConflict } from "../../components/forms/conflict/use-edit-conflict";
import { notify } from "../../providers/notifications";
import { VENDORS_RESOURCE } from "./vendor-api";
import { PROFILE_FIELDS, profileBody, profileValuesOf, vendorProfileSchema, type VendorProfileValues } from "./vendor-form";
import { VendorProfileFields } from "./VendorProfileFields";

/** The vendor's profile (name, website, description, services, contact, status), edited in place. */
export function VendorProfileCard({ vendor, canEdit }: { vendor: Vendor; canEdit: boolean }) {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<string | null>(null);
  const initial = useMemo(() => profileValuesOf(vendor), [vendor]);
  const { mutateAsync } = useUpdate<Vendor, HttpError>();
  const { register, control, handleSubmit, reset, setError, formState } = useForm<VendorProfileValues>({
    resolver: zodResolver(vendorProfileSchema) as never,
    defaultValues: initial,
  });

  const invalidate = useInvalidate();
  const rowsOf = useMemo(
    () =>
      fieldConflictRows<VendorProfileValues>(
        [
          { name: "name", label: t("vendors.fields.name") },
          { name: "website", label: t("vendors.fields.website") },
          { name: "description", label: t("vendors.fields.description") },
          { name: "services_provided", label: t("vendors.fields.servicesProvided") },
          { name: "contact", label: t("vendors.fields.contact") },
          { name: "status", label: t("vendors.fields.status"), format: (v) => t(`vendors.statuses.${String(v)}`) },
        ],
        t("common.conflict.empty"),
      ),
    [t],
  );
  const conflict = useEditConflict({
    version: vendor.version,
    current: initial,
    isDirty: formState.isDirty,
    reset,
    refetch: () => invalidate({ resource: VENDORS_RESOURCE, id: vendor.id, invalidates: ["detail"] }),
    rowsOf,
  });

  const onSubmit = async (values: VendorProfileValues) => {
    setFailure(null);
    try {
      await mutateAsync({
        resource: VENDORS_RESOURCE,
        id: vendor.id,
        values: profileBody(values),
        meta: { method: "PUT", version: conflict.editedVersion() },
        successNotification: false,
        errorNotification: false,
      });
      reset(values);
      notify({ message: t("vendors.saved"), severity: "success" });
    } catch (error) {
      if (conflict.handled(error, values)) return;
      if (!applyFieldErrors(error as HttpError, PROFILE_FIELDS, setError)) setFailure(t("vendors.saveFailed"));
    }
  };

  return (
    <Card variant="outlined" component="section" aria-labelledby="vendor-profile-title">
      <CardContent component="form" noValidate onSubmit={handleSubmit(onSubmit)} sx={{ display: "grid", gap: 2 }}>
        <Typography id="vendor-profile-title" variant="h6" component="h2">
          {t("vendors.detail.profile")}
        </Typography>
        <VendorProfileFields register={register} control={control} errors={formState.errors} disabled={!canEdit} />
        {failure && (
          <Alert severity="error" role="alert">
            {failure}
          </Alert>
        )}
        {canEdit && (
          <Box sx={{ display: "flex", gap: 1 }}>
            <Button type="submit" variant="contained" disabled={!formState.isDirty || formState.isSubmitting}>
              {t("common.save")}
            </Button>
            <Button type="button" disabled={!formState.isDirty || formState.isSubmitting} onClick={() => reset(initial)}>
              {t("common.cancel")}
            </Button>
          </Box>
        )}
      </CardContent>
      {conflict.dialog}
    </Card>
  );
}
