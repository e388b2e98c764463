import { describe, expect, it } from "vitest";
import { loadConfig } from "./config";

describe("TRUST_PROXY", () => {
  it("trusts nobody by default, a hop count, or a list of proxy addresses and ranges", () => {
    expect(loadConfig({}, "").TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "1" }, "").TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: "10.0.0.0/8, 192.168.1.7,::1" }, "").TRUST_PROXY).toEqual(["10.0.0.0/8", "192.168.1.7", "::1"]);
  });

  it("refuses anything else at start, naming the setting and the bad entry", () => {
    expect(() => loadConfig({ TRUST_PROXY: "10.0.0.0/8,proxy.local" }, "")).toThrow(
      'Invalid setting TRUST_PROXY: "proxy.local" is not a hop count, an IP address or a CIDR range.',
    );
    expect(() => loadConfig({ TRUST_PROXY: "10.0.0.0/33" }, "")).toThrow("Invalid setting TRUST_PROXY");
  });
});
