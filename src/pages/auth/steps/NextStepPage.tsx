import { useState, type ReactNode } from "react";
import { Link as RouterLink, useNavigate } from "react-router";
import { Alert, Box, Button } from "@mui/material";
import { useTranslation } from "react-i18next";
import { wordedMessage } from "../../../auth/error-wording";
import { currentProgress, NEXT_STEP_PATH, type SignInProgress } from "../../../auth/next-step";
import { confirmAccount } from "../../../auth/confirm-account";
import { answerChallenge, type StepResult } from "../../../providers/auth-provider";
import { AuthLayout } from "../AuthLayout";
import { CodeStep, ConfirmSignUpStep } from "./CodeStep";
import { FirstFactorStep, MfaSelectionStep, MfaSetupSelectionStep } from "./ChoiceStep";
import { CustomChallengeStep, EmailSetupStep, PasswordStep } from "./TextSteps";
import { TotpSetupStep } from "./TotpSetupStep";

type Answer = (value: string) => Promise<void>;

/** The title and the screen for a step; `null` for a step this page does not ask (the caller never sends one here). */
export function stepScreen(progress: SignInProgress, answer: Answer, confirm: Answer): { title: string; body: ReactNode } | null {
  const { nextStep } = progress;
  switch (nextStep.signInStep) {
    case "CONFIRM_SIGN_IN_WITH_TOTP_CODE":
    case "CONFIRM_SIGN_IN_WITH_EMAIL_CODE":
    case "CONFIRM_SIGN_IN_WITH_SMS_CODE":
      return { title: `sign-in-steps.code.${nextStep.signInStep}.title`, body: <CodeStep nextStep={nextStep} onAnswer={answer} /> };
    case "CONTINUE_SIGN_IN_WITH_MFA_SELECTION":
      return { title: "sign-in-steps.mfaSelection.title", body: <MfaSelectionStep nextStep={nextStep} onAnswer={answer} /> };
    case "CONTINUE_SIGN_IN_WITH_MFA_SETUP_SELECTION":
      return { title: "sign-in-steps.mfaSetupSelection.title", body: <MfaSetupSelectionStep nextStep={nextStep} onAnswer={answer} /> };
    case "CONTINUE_SIGN_IN_WITH_TOTP_SETUP":
      return { title: "sign-in-steps.totpSetup.title", body: <TotpSetupStep nextStep={nextStep} username={progress.username} onAnswer={answer} /> };
    case "CONTINUE_SIGN_IN_WITH_EMAIL_SETUP":
      return { title: "sign-in-steps.emailSetup.title", body: <EmailSetupStep onAnswer={answer} /> };
    case "CONTINUE_SIGN_IN_WITH_FIRST_FACTOR_SELECTION":
      return { title: "sign-in-steps.firstFactor.title", body: <FirstFactorStep nextStep={nextStep} onAnswer={answer} /> };
    case "CONFIRM_SIGN_IN_WITH_PASSWORD":
      return { title: "sign-in-steps.password.title", body: <PasswordStep onAnswer={answer} /> };
    case "CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE":
      return { title: "sign-in-steps.custom.title", body: <CustomChallengeStep onAnswer={answer} /> };
    case "CONFIRM_SIGN_UP":
      return { title: "sign-in-steps.confirmSignUp.title", body: <ConfirmSignUpStep onAnswer={confirm} /> };
    default:
      return null;
  }
}

/** /signin/next: whatever the identity service asks next (a code, a factor to choose or set up, a password). */
export default function NextStepPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [progress, setProgress] = useState(currentProgress);
  // Each answer that leads to another step here starts that step's screen afresh.
  const [round, setRound] = useState(0);
  const [error, setError] = useState<string | null>(null);

  const follow = (result: StepResult | { success: true; signInAgain: true }) => {
    if (!result.success) {
      setError(result.error.message);
      // Amplify's sign-in state is gone: only a new sign-in helps.
      if (result.error.message === "auth.errors.signInStateInvalid") setProgress(null);
      return;
    }
    setError(null);
    if ("signInAgain" in result) navigate("/signin?confirmed=1", { replace: true });
    else if (result.redirectTo === NEXT_STEP_PATH) {
      setProgress(currentProgress());
      setRound((r) => r + 1);
    } else navigate(result.redirectTo, { replace: true });
  };
  const answer: Answer = async (value) => follow(await answerChallenge(value));
  const confirm: Answer = async (value) => follow(await confirmAccount(value));

  const screen = progress && stepScreen(progress, answer, confirm);
  if (!screen) {
    return (
      <AuthLayout title={t("sign-in-steps.sessionLost.title")}>
        <Box sx={{ display: "grid", gap: 2, mt: 2 }}>
          <Alert severity="error" variant="filled" role="alert">
            {t(progress ? "auth.errors.unexpected" : "auth.errors.signInStateInvalid")}
          </Alert>
          <Button variant="contained" component={RouterLink} to="/signin">
            {t("sign-in-steps.sessionLost.back")}
          </Button>
        </Box>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title={t(screen.title)}>
      <Box sx={{ display: "grid", gap: 2, mt: 2 }}>
        {error && (
          <Alert severity="error" variant="filled" role="alert">
            {wordedMessage(t, error)}
          </Alert>
        )}
        <Box key={`${progress.nextStep.signInStep}-${round}`}>{screen.body}</Box>
        <Button component={RouterLink} to="/signin">
          {t("auth.backToSignIn")}
        </Button>
      </Box>
    </AuthLayout>
  );
}
