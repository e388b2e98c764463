import { Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { mfaSetupAnswerSchema } from "../../../../domain/auth/mfa";
import { signInPasswordSchema } from "../../../../domain/validation/rules";
import { AnswerForm, fromSchema, type Check } from "./AnswerForm";

type Props = { onAnswer: (value: string) => Promise<void> };

/** An address for e-mail codes: the setup rule's address form (an at-sign, no spaces). */
const checkAddress: Check = (raw) => {
  const value = raw.trim();
  return value.includes("@") && mfaSetupAnswerSchema.safeParse(value).success ? { value } : { error: "sign-in-steps.emailSetup.invalid" };
};

/** E-mail codes as the second factor: where to send them. */
export function EmailSetupStep({ onAnswer }: Props) {
  const { t } = useTranslation();
  return (
    <AnswerForm label={t("sign-in-steps.emailSetup.label")} submitLabel={t("sign-in-steps.emailSetup.submit")} check={checkAddress} onAnswer={onAnswer} inputProps={{ type: "email", autoComplete: "email" }}>
      <Typography>{t("sign-in-steps.emailSetup.intro")}</Typography>
    </AnswerForm>
  );
}

/** The password, after choosing it as the first factor. */
export function PasswordStep({ onAnswer }: Props) {
  const { t } = useTranslation();
  return <AnswerForm label={t("auth.fields.password")} submitLabel={t("sign-in-steps.password.submit")} check={fromSchema(signInPasswordSchema, (v) => v)} onAnswer={onAnswer} secret />;
}

const checkRequired: Check = (raw) => (raw.trim() ? { value: raw.trim() } : { error: "sign-in-steps.custom.required" });

/** A challenge the pool's own functions define: a free answer. */
export function CustomChallengeStep({ onAnswer }: Props) {
  const { t } = useTranslation();
  return (
    <AnswerForm label={t("sign-in-steps.custom.label")} submitLabel={t("sign-in-steps.custom.submit")} check={checkRequired} onAnswer={onAnswer}>
      <Typography>{t("sign-in-steps.custom.intro")}</Typography>
    </AnswerForm>
  );
}
