import { useNavigation } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import { vendorCreateSchema, type Vendor } from "../../../domain/entities/vendor";
import { FormDialog } from "../../components/dialogs/FormDialog";
import { useResourceForm } from "../../components/forms/use-resource-form";
import { VENDORS_RESOURCE } from "./vendor-api";
import { EMPTY_PROFILE, type VendorProfileValues } from "./vendor-form";
import { VendorProfileFields } from "./VendorProfileFields";

/** Adds a vendor, then opens its page to answer its risk questions. */
export function VendorCreateDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const { show } = useNavigation();
  const form = useResourceForm<typeof vendorCreateSchema, Vendor, VendorProfileValues>({
    resource: VENDORS_RESOURCE,
    schema: vendorCreateSchema,
    values: EMPTY_PROFILE,
    success: "vendors.created",
    failure: "vendors.saveFailed",
    onSaved: (vendor) => {
      onClose();
      show(VENDORS_RESOURCE, vendor.id);
    },
  });

  return (
    <FormDialog
      open={open}
      titleId="vendor-create-title"
      title={t("vendors.createTitle")}
      form={form}
      errorPlacement="bottom"
      submitLabel={t("vendors.create")}
      onClose={onClose}
      contentSx={{ display: "grid", gap: 2, pt: "8px !important" }}
    >
      <VendorProfileFields form={form} withStatus={false} />
    </FormDialog>
  );
}
