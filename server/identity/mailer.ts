import nodemailer, { type Transporter } from "nodemailer";
import type { FastifyBaseLogger } from "fastify";
import type { Outbox } from "./outbox";

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** What the log may say about this mail: never the code or password in `text`. */
  logLine: string;
}

export interface Mailer {
  send(mail: Mail, log: FastifyBaseLogger): Promise<void>;
}

/** "admin@steward.test" → "a***@steward.test": enough for a person to recognise, not to harvest. */
export function maskAddress(address: string): string {
  const at = address.lastIndexOf("@");
  const local = at >= 0 ? address.slice(0, at) : address;
  const first = local.slice(0, 1) || "*";
  return at >= 0 ? `${first}***${address.slice(at)}` : `${first}***`;
}

/** SMTP when SMTP_URL is set; otherwise the local outbox. Either way the log gets only `logLine`. */
export function createMailer(options: { smtpUrl?: string; from: string; outbox: Outbox }): Mailer {
  let transport: Transporter | undefined;
  return {
    async send(mail, log) {
      if (options.smtpUrl) {
        transport ??= nodemailer.createTransport(options.smtpUrl);
        await transport.sendMail({ from: options.from, to: mail.to, subject: mail.subject, text: mail.text });
      } else {
        await options.outbox.add({ to: mail.to, subject: mail.subject, text: mail.text, sent_at: new Date().toISOString() });
      }
      log.info(options.smtpUrl ? mail.logLine : `${mail.logLine} (local outbox: GET /dev/outbox)`);
    },
  };
}

export function resetCodeMail(email: string, code: string): Mail {
  return {
    to: email,
    subject: "Your Steward password reset code",
    text:
      `Your password reset code is ${code}\n\n` +
      "It expires in 1 hour and works once. If you did not ask to reset your password, you can ignore this e-mail.",
    logLine: `reset code sent to ${maskAddress(email)}`,
  };
}

export function temporaryPasswordMail(email: string, temporaryPassword: string, signInUrl: string): Mail {
  return {
    to: email,
    subject: "Your Steward account",
    text:
      `You can sign in to Steward at ${signInUrl} with your e-mail address and this temporary password:\n\n` +
      `${temporaryPassword}\n\nYou will be asked to choose a new password when you sign in.`,
    logLine: `temporary password sent to ${maskAddress(email)}`,
  };
}
