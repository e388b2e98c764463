import { useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { updatePassword } from "aws-amplify/auth";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { newPasswordSchema, signInPasswordSchema } from "../../../domain/validation/rules";
import { useFieldMessage } from "../../components/forms/field-errors";
import { notify } from "../../providers/notifications";
import { PasswordField } from "../auth/PasswordField";
import { FormCard } from "../../components/forms/FormCard";

const changePasswordSchema = z.object({ current: signInPasswordSchema, proposed: newPasswordSchema });
type PasswordValues = z.infer<typeof changePasswordSchema>;

/** Current and new password, through the identity service's ChangePassword (Amplify updatePassword). */
export function ChangePasswordForm() {
  const { t } = useTranslation();
  const message = useFieldMessage();
  const [alert, setAlert] = useState<string | null>(null);
  const { register, handleSubmit, reset, setError, formState } = useForm<PasswordValues>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { current: "", proposed: "" },
  });

  const submit = async ({ current, proposed }: PasswordValues) => {
    setAlert(null);
    try {
      await updatePassword({ oldPassword: current, newPassword: proposed });
      reset();
      notify({ message: t("settings.password.changed"), severity: "success" });
    } catch (error) {
      // The identity service's error names (server/identity/errors.ts), as Cognito names them.
      switch ((error as Error).name) {
        case "NotAuthorizedException":
          setError("current", { type: "server", message: t("settings.password.wrongCurrent") });
          break;
        case "InvalidPasswordException":
          setError("proposed", { type: "server", message: "validation.passwordRule" });
          break;
        case "LimitExceededException":
        case "TooManyRequestsException":
          setAlert(t("settings.password.tooManyAttempts"));
          break;
        default:
          setAlert(t("settings.password.failed"));
      }
    }
  };

  return (
    <FormCard
      titleId="settings-password-title"
      title={t("settings.password.title")}
      alert={alert}
      onSubmit={handleSubmit(submit)}
      submitLabel={t("settings.password.submit")}
      submitDisabled={formState.isSubmitting}
    >
      <PasswordField
        label={t("settings.password.current")}
        autoComplete="current-password"
        required
        {...register("current")}
        error={Boolean(formState.errors.current)}
        helperText={message(formState.errors.current?.message)}
      />
      <PasswordField
        label={t("settings.password.new")}
        autoComplete="new-password"
        required
        {...register("proposed")}
        error={Boolean(formState.errors.proposed)}
        helperText={message(formState.errors.proposed?.message) ?? t("validation.passwordRule")}
      />
    </FormCard>
  );
}
