import { describe, expect, it } from "vitest";
import { FILTERED, scrubBreadcrumb, scrubEvent, scrubProperties, scrubUrl } from "./scrub";

const JWT = "eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJhZGEifQ.c2lnbmF0dXJlLXBhcnQ";
const PASSWORD = "Correct-Horse-Battery-9";

describe("what goes to error tracking", () => {
  it("keeps no token, password, code or answer anywhere in an event", () => {
    const event = scrubEvent({
      message: `GET /v2/applications failed with Bearer ${JWT}`,
      request: {
        url: `https://steward.example/auth/callback/?code=abc123&state=xyz789&tab=details#access_token=${JWT}`,
        headers: { Authorization: `Bearer ${JWT}`, Cookie: "session=1", Accept: "application/json" },
        data: { password: PASSWORD },
        cookies: { session: "1" },
      },
      exception: { values: [{ value: `token ${JWT} rejected` }] },
      extra: { form: { password: PASSWORD, newPassword: PASSWORD, code: "123456", answers: { q1: "yes" }, name: "ok" } },
      contexts: { state: { accessToken: JWT } },
      user: { id: "u-1", email: "ada@steward.test", username: "ada" },
      breadcrumbs: [{ message: `signed in as ${JWT}`, data: { url: "/signin?token=s3cret&next=/home", body: PASSWORD } }],
    });
    const text = JSON.stringify(event);
    for (const secret of [JWT, PASSWORD, "abc123", "xyz789", "123456", "s3cret", "ada@steward.test", "session=1"]) expect(text).not.toContain(secret);
    expect(event.request).toEqual({ url: `https://steward.example/auth/callback/?code=${encodeURIComponent(FILTERED)}&state=${encodeURIComponent(FILTERED)}&tab=details`, headers: { Accept: "application/json" } });
    expect(event.user).toEqual({ id: "u-1" });
    // What is no secret stays readable.
    expect(event.extra).toEqual({ form: { password: FILTERED, newPassword: FILTERED, code: FILTERED, answers: FILTERED, name: "ok" } });
    expect(event.message).toBe(`GET /v2/applications failed with ${FILTERED}`);
  });

  it("keeps a breadcrumb's route and status but not its secrets or body", () => {
    const crumb = scrubBreadcrumb({
      message: "fetch",
      data: { url: "/identity?code=998877", method: "POST", status_code: 400, request_body: PASSWORD, body: PASSWORD },
    });
    expect(crumb.data).toEqual({ url: `/identity?code=${encodeURIComponent(FILTERED)}`, method: "POST", status_code: 400 });
  });

  it("filters only the secret parameters of a URL", () => {
    expect(scrubUrl("/v2/applications?search=ada&page=2")).toBe("/v2/applications?search=ada&page=2");
    expect(scrubUrl("/reset?email=a%40b.c&code=1&id_token=x")).toBe("/reset?email=%5BFiltered%5D&code=%5BFiltered%5D&id_token=%5BFiltered%5D");
    expect(scrubUrl("/v2/applications/42")).toBe("/v2/applications/42");
  });
});

describe("what goes to product analytics", () => {
  it("scrubs URLs and leaves PostHog's own fields for its service", () => {
    const properties = scrubProperties({
      token: "phc_project_key",
      distinct_id: "u-1",
      $current_url: "http://localhost/auth/callback/?code=abc&state=def",
      $referrer: "http://localhost/signin?token=t",
      application_id: "a-1",
      password: PASSWORD,
    });
    expect(properties).toEqual({
      token: "phc_project_key",
      distinct_id: "u-1",
      $current_url: "http://localhost/auth/callback/?code=%5BFiltered%5D&state=%5BFiltered%5D",
      $referrer: "http://localhost/signin?token=%5BFiltered%5D",
      application_id: "a-1",
      password: FILTERED,
    });
  });
});
