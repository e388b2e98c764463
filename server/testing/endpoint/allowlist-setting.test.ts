import { describe, expect, it } from "vitest";
import { loadConfig } from "../../config";

describe("the model endpoint settings", () => {
  it("default to calling no endpoint, a key file, and 10 s per request: npm start needs none of them", () => {
    const config = loadConfig({}, "");
    expect(config.MODEL_ENDPOINT_ALLOWLIST).toEqual([]);
    expect(config.MODEL_ENDPOINT_TOKEN_KEY).toBeUndefined();
    expect(config.MODEL_ENDPOINT_TIMEOUT_MS).toBe(10_000);
  });

  it("stop the start with one line naming a bad allowlist entry or a short key", () => {
    expect(() => loadConfig({ MODEL_ENDPOINT_ALLOWLIST: "models.example.com, 10.0.0.0/40" }, "")).toThrow(
      'Invalid setting MODEL_ENDPOINT_ALLOWLIST: "10.0.0.0/40" is not a CIDR range (like 10.20.0.0/16 or fd00::/8)',
    );
    expect(() => loadConfig({ MODEL_ENDPOINT_TOKEN_KEY: "short" }, "")).toThrow("Invalid setting MODEL_ENDPOINT_TOKEN_KEY: must be at least 32 characters");
  });

  it("read the allowlist's entries", () => {
    const config = loadConfig({ MODEL_ENDPOINT_ALLOWLIST: "http://localhost:8080,models.example.com" }, "");
    expect(config.MODEL_ENDPOINT_ALLOWLIST.map((e) => [e.host, e.port, e.http])).toEqual([
      ["localhost", 8080, true],
      ["models.example.com", null, false],
    ]);
  });

  it("share their syntax with SSO_PROVIDER_ALLOWLIST, which is empty by default (public https providers only)", () => {
    expect(loadConfig({}, "").SSO_PROVIDER_ALLOWLIST).toEqual([]);
    expect(() => loadConfig({ SSO_PROVIDER_ALLOWLIST: "http://idp.internal:8080, 10.0.0.0/40" }, "")).toThrow(
      'Invalid setting SSO_PROVIDER_ALLOWLIST: "10.0.0.0/40" is not a CIDR range (like 10.20.0.0/16 or fd00::/8)',
    );
    expect(loadConfig({ SSO_PROVIDER_ALLOWLIST: "http://idp.internal:8080" }, "").SSO_PROVIDER_ALLOWLIST.map((e) => [e.host, e.port, e.http])).toEqual([
      ["idp.internal", 8080, true],
    ]);
  });
});
