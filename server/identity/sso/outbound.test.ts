import { describe, expect, it } from "vitest";
import { loadConfig } from "../../config";
import { RequestTimedOut } from "../../outbound/pinned-request";
import { OutboundRefused, resolveTarget } from "../../outbound/target-policy";
import { describeFailure, ssoProviderPolicy } from "./outbound";

const noDns = async () => [];

describe("the identity providers' outbound policy", () => {
  it("lets the demo provider's own address through, on its one port, and nothing else internal", async () => {
    const policy = ssoProviderPolicy(loadConfig({ PUBLIC_URL: "http://127.0.0.1:8080" }, ""));
    await expect(resolveTarget("http://127.0.0.1:8080/demo-idp/.well-known/openid-configuration", policy, noDns)).resolves.toMatchObject({ port: 8080 });
    await expect(resolveTarget("http://127.0.0.1:8081/", policy, noDns)).rejects.toMatchObject({ reason: "private_address" });
    await expect(resolveTarget("http://169.254.169.254/", policy, noDns)).rejects.toMatchObject({ reason: "private_address" });
  });

  it("lists nothing implicitly without the demo data", async () => {
    const policy = ssoProviderPolicy(loadConfig({ PUBLIC_URL: "http://127.0.0.1:8080", SEED_DEMO: "false" }, ""));
    expect(policy.allowlist).toEqual([]);
    await expect(resolveTarget("http://127.0.0.1:8080/", policy, noDns)).rejects.toBeInstanceOf(OutboundRefused);
  });
});

describe("describing a provider's failure", () => {
  it("names the check, never the text of the error or of the answer", () => {
    const refused = new OutboundRefused("private_address", "127.0.0.1", "127.0.0.1 is a loopback address: …");
    expect(describeFailure(refused, "keys")).toBe("The signing keys' address (jwks_uri) is not allowed: it points to an internal network address.");
    expect(describeFailure(new Error("wrapped", { cause: refused }), "discovery")).toBe("The issuer's address is not allowed: it points to an internal network address.");
    expect(describeFailure(new RequestTimedOut(), "discovery")).toBe("The discovery document could not be read: the provider did not answer within 8 seconds.");
    expect(describeFailure(Object.assign(new Error("x"), { cause: { code: "ECONNREFUSED", message: "connect ECONNREFUSED 10.0.0.1:22" } }), "discovery")).toBe(
      "The discovery document could not be read: the provider cannot be reached.",
    );
    const leaky = new SyntaxError(`Unexpected token 'r', "root:x:0:0:root" is not valid JSON`);
    expect(describeFailure(leaky, "keys")).not.toContain("root");
    expect(describeFailure({ error: "<script>root:x:0:0</script>" }, "sign_in")).not.toContain("root");
    expect(describeFailure({ error: "invalid_client", error_description: "root:x:0:0" }, "sign_in")).toBe("the provider refused the request (invalid_client)");
  });
});
