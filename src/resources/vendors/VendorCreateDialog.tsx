import { useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useCreate, useNavigation, type HttpError } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import type { Vendor } from "../../../domain/entities/vendor";
import { applyFieldErrors } from "../../components/forms/field-errors";
import { FormDialog } from "../../components/dialogs/FormDialog";
import { notify } from "../../providers/notifications";
import { VENDORS_RESOURCE } from "./vendor-api";
import { EMPTY_PROFILE, PROFILE_FIELDS, profileBody, vendorProfileSchema, type VendorProfileValues } from "./vendor-form";
import { VendorProfileFields } from "./VendorProfileFields";

/** Adds a vendor, then opens its page to answer its risk questions. */
export function VendorCreateDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const { show } = useNavigation();
  const [failure, setFailure] = useState<string | null>(null);
  const { mutateAsync } = useCreate<Vendor, HttpError>();
  const { register, control, handleSubmit, reset, setError, formState } = useForm<VendorProfileValues>({
    resolver: zodResolver(vendorProfileSchema) as never,
    defaultValues: EMPTY_PROFILE,
  });

  const close = () => {
    reset(EMPTY_PROFILE);
    setFailure(null);
    onClose();
  };

  const onSubmit = async (values: VendorProfileValues) => {
    setFailure(null);
    try {
      const { data } = await mutateAsync({ resource: VENDORS_RESOURCE, values: profileBody(values), successNotification: false, errorNotification: false });
      notify({ message: t("vendors.created"), severity: "success" });
      close();
      show("vendors", data.id);
    } catch (error) {
      if (!applyFieldErrors(error as HttpError, PROFILE_FIELDS, setError)) setFailure(t("vendors.saveFailed"));
    }
  };

  return (
    <FormDialog
      open={open}
      titleId="vendor-create-title"
      title={t("vendors.createTitle")}
      error={failure}
      errorPlacement="bottom"
      submitLabel={t("vendors.create")}
      busy={formState.isSubmitting}
      onClose={close}
      onSubmit={handleSubmit(onSubmit)}
      contentSx={{ display: "grid", gap: 2, pt: "8px !important" }}
    >
      <VendorProfileFields register={register} control={control} errors={formState.errors} withStatus={false} />
    </FormDialog>
  );
}
