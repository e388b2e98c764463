import { useState, type FormEvent } from "react";
import { Box, Button, FormControlLabel, FormHelperText, Radio, RadioGroup, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { mfaSetupAnswerSchema, mfaTypeAnswerSchema, MFA_TYPES } from "../../../../domain/auth/mfa";
import type { NextStep } from "../../../auth/next-step";
import { fromSchema, type Check } from "./AnswerForm";

type Props = { onAnswer: (value: string) => Promise<void> };

/** One choice among a few, checked before it is sent. */
function Choice({ intro, options, labelOf, check, submitLabel, onAnswer }: Props & { intro: string; options: readonly string[]; labelOf: (o: string) => string; check: Check; submitLabel: string }) {
  const { t } = useTranslation();
  const [value, setValue] = useState(options.length === 1 ? options[0] : "");
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = check(value);
    setError("error" in checked ? checked.error : null);
    if ("error" in checked) return;
    setSubmitting(true);
    await onAnswer(checked.value).finally(() => setSubmitting(false));
  };
  return (
    <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: "grid", gap: 2 }}>
      <Typography>{intro}</Typography>
      <RadioGroup name="choice" value={value} onChange={(event) => setValue(event.target.value)}>
        {options.map((option) => (
          <FormControlLabel key={option} value={option} control={<Radio />} label={labelOf(option)} />
        ))}
      </RadioGroup>
      {error && <FormHelperText error>{t(error)}</FormHelperText>}
      <Button type="submit" variant="contained" size="large" disabled={submitting}>
        {submitLabel}
      </Button>
    </Box>
  );
}

/** Which second factor to use now (TOTP, SMS or EMAIL). */
export function MfaSelectionStep({ nextStep, onAnswer }: Props & { nextStep: Extract<NextStep, { signInStep: "CONTINUE_SIGN_IN_WITH_MFA_SELECTION" }> }) {
  const { t } = useTranslation();
  const options = (nextStep.allowedMFATypes ?? MFA_TYPES).filter((type) => (MFA_TYPES as readonly string[]).includes(type));
  return (
    <Choice
      intro={t("sign-in-steps.mfaSelection.intro")}
      options={options}
      labelOf={(o) => t(`sign-in-steps.types.${o}`)}
      check={fromSchema(mfaTypeAnswerSchema)}
      submitLabel={t("sign-in-steps.mfaSelection.submit")}
      onAnswer={onAnswer}
    />
  );
}

/** Which second factor to set up: only those the identity service can set up here (authenticator app, e-mail). */
export function MfaSetupSelectionStep({ nextStep, onAnswer }: Props & { nextStep: Extract<NextStep, { signInStep: "CONTINUE_SIGN_IN_WITH_MFA_SETUP_SELECTION" }> }) {
  const { t } = useTranslation();
  const options = (nextStep.allowedMFATypes ?? ["TOTP", "EMAIL"]).filter((type) => type === "TOTP" || type === "EMAIL");
  return (
    <Choice
      intro={t("sign-in-steps.mfaSetupSelection.intro")}
      options={options}
      labelOf={(o) => t(`sign-in-steps.types.${o}`)}
      check={fromSchema(mfaSetupAnswerSchema)}
      submitLabel={t("sign-in-steps.mfaSetupSelection.submit")}
      onAnswer={onAnswer}
    />
  );
}

/** The first factors this application can use; Amplify answers a challenge name (PASSWORD_SRP is asked as a password). */
const FIRST_FACTORS = ["PASSWORD", "PASSWORD_SRP", "WEB_AUTHN", "EMAIL_OTP", "SMS_OTP"];
const factorLabel = (factor: string) => (factor === "PASSWORD_SRP" ? "PASSWORD" : factor);

/** How to sign in: password, passkey or a code, among those the account offers. */
export function FirstFactorStep({ nextStep, onAnswer }: Props & { nextStep: Extract<NextStep, { signInStep: "CONTINUE_SIGN_IN_WITH_FIRST_FACTOR_SELECTION" }> }) {
  const { t } = useTranslation();
  const options: string[] = (nextStep.availableChallenges ?? []).filter((c) => FIRST_FACTORS.includes(c));
  const check: Check = (value) => (options.includes(value) ? { value } : { error: "sign-in-steps.choiceRequired" });
  return (
    <Choice
      intro={t("sign-in-steps.firstFactor.intro")}
      options={options}
      labelOf={(o) => t(`sign-in-steps.firstFactor.${factorLabel(o)}`)}
      check={check}
      submitLabel={t("sign-in-steps.mfaSelection.submit")}
      onAnswer={onAnswer}
    />
  );
}
