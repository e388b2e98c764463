import { Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { oneTimeCodeSchema } from "../../../../domain/auth/mfa";
import type { NextStep } from "../../../auth/next-step";
import { AnswerForm, codeNormalize, fromSchema } from "./AnswerForm";

const checkCode = fromSchema(oneTimeCodeSchema, codeNormalize);
const codeInput = { autoComplete: "one-time-code", slotProps: { htmlInput: { inputMode: "numeric" as const, maxLength: 12 } } };

type CodeSignInStep = "CONFIRM_SIGN_IN_WITH_TOTP_CODE" | "CONFIRM_SIGN_IN_WITH_EMAIL_CODE" | "CONFIRM_SIGN_IN_WITH_SMS_CODE";

/** A one-time code from the authenticator app, an e-mail or a text message: six digits. */
export function CodeStep({ nextStep, onAnswer }: { nextStep: Extract<NextStep, { signInStep: CodeSignInStep }>; onAnswer: (value: string) => Promise<void> }) {
  const { t } = useTranslation();
  const step = nextStep.signInStep;
  const delivered = "codeDeliveryDetails" in nextStep ? nextStep.codeDeliveryDetails?.destination : undefined;
  const destination = delivered ?? t(step === "CONFIRM_SIGN_IN_WITH_SMS_CODE" ? "sign-in-steps.code.yourPhone" : "sign-in-steps.code.yourAddress");
  return (
    <AnswerForm label={t("sign-in-steps.code.label")} submitLabel={t("sign-in-steps.code.submit")} check={checkCode} onAnswer={onAnswer} inputProps={codeInput}>
      <Typography>{t(`sign-in-steps.code.${step}.intro`, { destination })}</Typography>
    </AnswerForm>
  );
}

/** An unconfirmed account: the code e-mailed at sign-up. */
export function ConfirmSignUpStep({ onAnswer }: { onAnswer: (value: string) => Promise<void> }) {
  const { t } = useTranslation();
  return (
    <AnswerForm label={t("sign-in-steps.confirmSignUp.label")} submitLabel={t("sign-in-steps.confirmSignUp.submit")} check={checkCode} onAnswer={onAnswer} inputProps={codeInput}>
      <Typography>{t("sign-in-steps.confirmSignUp.intro")}</Typography>
    </AnswerForm>
  );
}
