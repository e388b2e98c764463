import { maskAddress, type Mail } from "../mailer";

export function emailMfaCodeMail(email: string, code: string): Mail {
  return {
    to: email,
    subject: "Your Steward sign-in code",
    text: `Your sign-in code is ${code}\n\nIt expires in 3 minutes and works once. If you are not signing in to Steward, change your password.`,
    logLine: `sign-in code sent to ${maskAddress(email)}`,
  };
}

export function confirmSignUpMail(email: string, code: string): Mail {
  return {
    to: email,
    subject: "Confirm your Steward account",
    text: `Your confirmation code is ${code}\n\nIt expires in 24 hours and works once.`,
    logLine: `sign-up confirmation code sent to ${maskAddress(email)}`,
  };
}
