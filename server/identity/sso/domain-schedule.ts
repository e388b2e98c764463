import type { FastifyInstance } from "fastify";
import { isDatabaseUnavailable } from "../../db/errors";
import type { DomainVerification } from "./domain-verification";

/** How often an instance tries to claim the daily round; the claim in `scheduled_runs` makes it one a day in all. */
const ATTEMPT_MS = 3_600_000;

/**
 * The daily check of verified domains' records, as the monitoring sweep is scheduled: hourly attempts from an hour
 * after start (not at start: a restart does not trigger a check), of which one a day claims the round.
 */
export function scheduleDomainChecks(app: FastifyInstance, domains: DomainVerification) {
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  const schedule = () => {
    if (closed) return;
    timer = setTimeout(attempt, ATTEMPT_MS);
    timer.unref();
  };
  const attempt = async () => {
    try {
      if (await domains.recheckOnce()) app.log.info("verified e-mail domains checked again");
    } catch (error) {
      if (isDatabaseUnavailable(error)) app.log.warn("the database is unreachable: the domain check is tried again in an hour");
      else app.log.error({ err: error }, "the daily domain check failed; it is tried again in an hour");
    }
    schedule();
  };
  app.addHook("onReady", async () => schedule());
  app.addHook("onClose", async () => {
    closed = true;
    clearTimeout(timer);
  });
}
