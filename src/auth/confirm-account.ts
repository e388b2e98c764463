import { autoSignIn, confirmSignUp } from "aws-amplify/auth";
import { advance, failure, type StepResult } from "../providers/auth-provider";
import { currentProgress, forgetProgress } from "./next-step";

/**
 * Confirms an unconfirmed account with the e-mailed code. When the service offers to continue the sign-in
 * (auto sign-in) it does; otherwise the user signs in again (`signInAgain`). Apart from the auth provider so that
 * sign-up confirmation loads with the step screens only.
 */
export async function confirmAccount(code: string): Promise<StepResult | { success: true; signInAgain: true }> {
  const progress = currentProgress();
  if (!progress) return { success: false, error: { name: "SignInException", message: "auth.errors.signInStateInvalid" } };
  try {
    const { nextStep } = await confirmSignUp({ username: progress.username, confirmationCode: code });
    if (nextStep.signUpStep !== "COMPLETE_AUTO_SIGN_IN") {
      forgetProgress();
      return { success: true, signInAgain: true };
    }
    return await advance(await autoSignIn(), progress.username, progress.redirectTo);
  } catch (error) {
    return failure(error);
  }
}
