// @vitest-environment jsdom
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { flush } from "@sentry/browser";
import type { ClientConfig } from "../../domain/api/client-config";
import { startSentryReceiver, type SentryReceiver } from "../../tests/support/telemetry-receivers";
import { reportError, setErrorReportingUser, startErrorReporting } from "./error-reporting";

let sentry: SentryReceiver;
beforeAll(async () => {
  sentry = await startSentryReceiver();
});
afterAll(() => sentry.close());

const config = (dsn: string) => ({ environment: "dev", sentry: { dsn } }) as ClientConfig;

it("sends what was reported while the tracker loaded once it has, with the user's ids and scrubbed", async () => {
  const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
  const starting = startErrorReporting(config(sentry.dsn));
  // Reported before Sentry has loaded: queued, not lost, and not written to the console.
  reportError(new Error("reset failed for Bearer eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln"), { flow: "forgot-password" }, { password: "hunter2-hunter2" });
  setErrorReportingUser({ id: "u-1", companyId: "c-1" });
  await starting;
  await flush(5_000);
  const events = await sentry.waitFor(() => sentry.events().length > 0).then(() => sentry.events());
  expect(events).toHaveLength(1);
  expect(events[0]).toMatchObject({ environment: "dev", user: { id: "u-1" }, tags: { flow: "forgot-password", company: "c-1" } });
  const raw = sentry.envelopes().map((e) => e.raw).join("\n");
  expect(raw).toContain("reset failed for [Filtered]");
  expect(raw).not.toContain("eyJhbGciOiJSUzI1NiJ9");
  expect(raw).not.toContain("hunter2-hunter2");
  expect(warn).not.toHaveBeenCalled();
});
