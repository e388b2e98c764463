import { useEffect, useState } from "react";
import { Box, Skeleton, TextField, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { oneTimeCodeSchema } from "../../../../domain/auth/mfa";
import type { NextStep } from "../../../auth/next-step";
import { AnswerForm, codeNormalize, fromSchema } from "./AnswerForm";

/** The issuer an authenticator app shows next to the account. */
export const TOTP_ISSUER = "Steward";
const checkCode = fromSchema(oneTimeCodeSchema, codeNormalize);

/** The QR code of an otpauth:// URI as an image; the library loads only here. */
function QrCode({ uri, alt }: { uri: string; alt: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let active = true;
    void import("qrcode").then(({ toDataURL }) => toDataURL(uri, { margin: 1, width: 200 })).then((url) => active && setSrc(url), () => {});
    return () => {
      active = false;
    };
  }, [uri]);
  return src ? <Box component="img" src={src} alt={alt} sx={{ width: 200, height: 200, justifySelf: "center" }} /> : <Skeleton variant="rectangular" width={200} height={200} sx={{ justifySelf: "center" }} />;
}

/** Authenticator-app setup: scan (or type) the secret, then prove it with a code. */
export function TotpSetupStep({ nextStep, username, onAnswer }: { nextStep: Extract<NextStep, { signInStep: "CONTINUE_SIGN_IN_WITH_TOTP_SETUP" }>; username: string; onAnswer: (value: string) => Promise<void> }) {
  const { t } = useTranslation();
  const details = nextStep.totpSetupDetails;
  const uri = details.getSetupUri(TOTP_ISSUER, username).toString();
  return (
    <AnswerForm label={t("sign-in-steps.code.label")} submitLabel={t("sign-in-steps.totpSetup.submit")} check={checkCode} onAnswer={onAnswer} inputProps={{ autoComplete: "one-time-code", slotProps: { htmlInput: { inputMode: "numeric" } } }}>
      <Typography>{t("sign-in-steps.totpSetup.intro")}</Typography>
      <QrCode uri={uri} alt={t("sign-in-steps.totpSetup.qrAlt")} />
      <TextField label={t("sign-in-steps.totpSetup.secret")} value={details.sharedSecret} slotProps={{ htmlInput: { readOnly: true, style: { fontFamily: "monospace" } } }} />
    </AnswerForm>
  );
}
