import { eq } from "drizzle-orm";
import type { FastifyBaseLogger, FastifyInstance, FastifyReply } from "fastify";
import { recordAudit } from "../../audit/record";
import { users } from "../../db/schema";
import { acceptedLanguage, textsFor, type Language } from "../../i18n/texts";
import { consumeCode, issueCode } from "../codes";
import { CognitoError } from "../errors";
import { assertNotLockedOut, clearMfaFailures, recordMfaFailure } from "../mfa/lockout";
import { emailMfaCodeMail } from "../mfa/mail";
import { isChallengeSessionSpent, spendChallengeSession } from "../mfa/spent-sessions";
import { enableTotp, storePendingTotp } from "../mfa/factors";
import { acceptTotpCode, matchingSteps, newTotpSecret, openTotpSecret, sealTotpSecret } from "../mfa/totp";
import { maskAddress } from "../mailer";
import { secondStepFor } from "../operations/sign-in-result";
import type { LocalPool } from "../pool";
import { findUserBySub, type IdentityUser } from "../store";
import type { HostedReturn } from "../tokens";
import { html, sendPage } from "./page";
import { FederatedUserRefused } from "./provisioning";

/** RFC 8176 methods that are, or include, more than one factor: the provider vouches for a second factor. */
const MULTI_FACTOR_AMR = new Set(["mfa", "otp", "hwk", "swk", "sms", "fpt", "face", "iris", "retina", "vbm", "sc"]);
export const amrVouchesForMfa = (amr: string[]) => amr.some((m) => MULTI_FACTOR_AMR.has(m.toLowerCase()));

const TOTP_STEP = "FEDERATED_SOFTWARE_TOKEN_MFA";
const EMAIL_STEP = "FEDERATED_EMAIL_OTP";
const SETUP_STEP = "FEDERATED_MFA_SETUP";

type Step = { name: string; session: string; user: IdentityUser; secret?: string };

/** How the second factor of a corporate sign-in was proven, as the audit log records it. */
type SecondFactor = "provider" | "TOTP" | "EMAIL" | "none";

/** Where the browser goes next: the app with its code, or (answered by the caller) Steward's own second step. */
export type FederatedOutcome = { redirect: string } | { step: Step };

/**
 * The post-authentication steps of a corporate sign-in, the same the password sign-in takes (secondStepFor):
 * the account must be ready to sign in, and where the company's policy asks for a second factor that the
 * provider's `amr` does not vouch for, Steward asks for the person's own (authenticator app or e-mailed code).
 * A person who must have one but has none sets up an authenticator app there and then, as MFA_SETUP does after
 * a password.
 */
export async function afterFederatedSignIn(pool: LocalPool, sub: string, amr: string[], hosted: HostedReturn, words: Record<string, string>, log: FastifyBaseLogger): Promise<FederatedOutcome> {
  const user = await findUserBySub(pool.db, sub);
  if (!user || user.status !== "CONFIRMED") throw new FederatedUserRefused("inactive", words);
  if (amrVouchesForMfa(amr)) return { redirect: await finish(pool, user, hosted, "provider") };
  const step = await secondStepFor(pool.db, user, "FEDERATED");
  if (step.kind === "none") return { redirect: await finish(pool, user, hosted, "none") };
  if (step.kind === "setup") {
    const secret = newTotpSecret();
    await storePendingTotp(pool.db, user.sub, sealTotpSecret(pool.cipher, user.sub, secret));
    return { step: { name: SETUP_STEP, user, secret, session: await pool.tokens.challengeSession(user, SETUP_STEP, { firstFactor: "FEDERATED", hosted }) } };
  }
  // With both factors and no preference, the authenticator app is asked: it needs no mail round trip.
  const factor = step.kind === "factor" ? step.factor : "TOTP";
  if (factor === "TOTP") return { step: { name: TOTP_STEP, user, session: await pool.tokens.challengeSession(user, TOTP_STEP, { firstFactor: "FEDERATED", hosted }) } };
  const { id, code } = await issueCode(pool.db, pool.key, user.sub, "email_mfa");
  await pool.mailer.send(emailMfaCodeMail(user.email, code), log);
  return { step: { name: EMAIL_STEP, user, session: await pool.tokens.challengeSession(user, EMAIL_STEP, { firstFactor: "FEDERATED", hosted, codeId: id }) } };
}

/** The sign-in is complete: audited on the person's account, then a code for the app. */
async function finish(pool: LocalPool, user: IdentityUser, hosted: HostedReturn, secondFactor: SecondFactor): Promise<string> {
  const [account] = await pool.db.select().from(users).where(eq(users.sub, user.sub));
  if (account) {
    const actor = { id: account.id, type: "user" as const, name: `${account.firstName} ${account.lastName}`.trim() || account.email, companyId: account.companyId };
    await recordAudit(pool.db, actor, { entityType: "user", entityId: account.id, action: "user.signed_in", after: { provider_id: hosted.providerId, second_factor: secondFactor } });
  }
  const code = await pool.hostedSignIn.issueCode({ sub: user.sub, clientId: hosted.clientId, redirectUri: hosted.redirectUri, codeChallenge: hosted.codeChallenge, providerId: hosted.providerId });
  const target = new URL(hosted.redirectUri);
  target.searchParams.set("code", code);
  target.searchParams.set("state", hosted.clientState);
  return target.toString();
}

/** Steward's own second step of a corporate sign-in: a plain form posting the code to /oauth2/mfa. */
export function sendSecondStep(reply: FastifyReply, language: Language, step: Step, error?: string) {
  const t = textsFor(language);
  const uri = step.secret && `otpauth://totp/Steward:${encodeURIComponent(step.user.email)}?secret=${step.secret}&issuer=Steward`;
  const prompt =
    step.name === SETUP_STEP
      ? html`<p>${t("sso.mfa.setupPrompt")}</p><p><code>${step.secret ?? ""}</code></p><p class="hint">${uri ?? ""}</p>`
      : html`<p>${step.name === TOTP_STEP ? t("sso.mfa.totpPrompt") : t("sso.mfa.emailPrompt", { destination: maskAddress(step.user.email) })}</p>`;
  return sendPage(
    reply,
    error ? 400 : 200,
    t("sso.mfa.title"),
    html`${error ? html`<p class="error" role="alert">${error}</p>` : html``}${prompt}
<form method="post" action="/oauth2/mfa">
<input type="hidden" name="session" value="${step.session}">
<label for="code">${t("sso.mfa.codeLabel")}</label>
<input id="code" name="code" inputmode="numeric" autocomplete="one-time-code" required maxlength="64" autofocus>
<button type="submit">${t("sso.mfa.submit")}</button>
</form>`,
  );
}

const FORM = "application/x-www-form-urlencoded";

/** POST /oauth2/mfa: the answer to the second step; right, the app gets its code; wrong, the form again. */
export async function federatedMfaRoute(app: FastifyInstance, opts: { pool: LocalPool }) {
  const { pool } = opts;
  if (!app.hasContentTypeParser(FORM)) {
    app.addContentTypeParser(FORM, { parseAs: "string", bodyLimit: 4096 }, (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))));
  }
  app.post("/oauth2/mfa", { config: { rateLimit: { max: 30, timeWindow: "1 minute" } }, schema: { hide: true } }, async (request, reply) => {
    const language = acceptedLanguage(request);
    const t = textsFor(language);
    const form = (request.body ?? {}) as Record<string, unknown>;
    const token = typeof form.session === "string" ? form.session.slice(0, 8192) : "";
    const code = typeof form.code === "string" ? form.code.trim().slice(0, 64) : "";
    const session = token ? await pool.tokens.readChallengeSession(token) : null;
    const gone = () => sendPage(reply, 400, t("sso.mfa.title"), html`<p class="error" role="alert">${t("sso.mfa.expired")}</p><p><a href="/signin">${t("sso.mfa.back")}</a></p>`);
    if (!session?.hosted || !session.challenge || ![TOTP_STEP, EMAIL_STEP, SETUP_STEP].includes(session.challenge)) return gone();
    if (await isChallengeSessionSpent(pool.db, session)) return gone();
    const user = await findUserBySub(pool.db, session.sub);
    if (!user || user.status !== "CONFIRMED") return gone();
    const setupSecret = session.challenge === SETUP_STEP ? openTotpSecret(pool.cipher, user) : null;
    if (session.challenge === SETUP_STEP && (!setupSecret || user.totpEnabled)) return gone();
    const step = { name: session.challenge, session: token, user, secret: setupSecret ?? undefined };
    try {
      await assertNotLockedOut(pool.db, user.sub);
    } catch (error) {
      if (error instanceof CognitoError) return sendSecondStep(reply, language, step, error.message);
      throw error;
    }
    let right = false;
    if (session.challenge === TOTP_STEP) right = user.totpEnabled && (await acceptTotpCode(pool.db, pool.cipher, user, code));
    else if (setupSecret) {
      // As VerifySoftwareToken: a code from the new secret turns the authenticator on, that step spent.
      const matched = matchingSteps(setupSecret, code).find((s) => user.totpLastStep === null || s > user.totpLastStep);
      right = matched !== undefined && (await enableTotp(pool.db, user.sub, matched));
    }
    else if (session.codeId) {
      try {
        await consumeCode(pool.db, pool.key, user.sub, "email_mfa", code, { id: session.codeId });
        right = true;
      } catch (error) {
        if (!(error instanceof CognitoError)) throw error;
      }
    }
    if (!right) {
      await recordMfaFailure(pool.db, user.sub);
      return sendSecondStep(reply, language, step, t("sso.mfa.wrongCode"));
    }
    await spendChallengeSession(pool.db, session);
    await clearMfaFailures(pool.db, user.sub);
    const target = await finish(pool, user, session.hosted, session.challenge === EMAIL_STEP ? "EMAIL" : "TOTP");
    return reply.header("cache-control", "no-store").redirect(target, 302);
  });
}
