import { describe, expect, it } from "vitest";
import { parseAllowlist, type Allowlist } from "./allowlist";
import { OutboundRefused, resolveTarget, type OutboundPolicy, type ResolvedAddress, type Resolve } from "./target-policy";

const entries = (text: string): Allowlist => {
  const parsed = parseAllowlist(text);
  if ("error" in parsed) throw new Error(parsed.error);
  return parsed.entries;
};
/** The model endpoints' policy: only listed hosts. */
const allow = (text: string): OutboundPolicy => ({ allowlist: entries(text), setting: "MODEL_ENDPOINT_ALLOWLIST", listedOnly: true, noun: "model endpoint" });
/** The identity providers' policy: any public https host, the list only adds exceptions. */
const publicOr = (text: string): OutboundPolicy => ({ allowlist: entries(text), setting: "SSO_PROVIDER_ALLOWLIST", listedOnly: false, noun: "identity provider" });

/** A resolver that knows a few names, and notes which it was asked. */
function fakeDns(records: Record<string, string[]>) {
  const asked: string[] = [];
  const resolve: Resolve = async (host) => {
    asked.push(host);
    const addresses = records[host];
    if (!addresses) throw Object.assign(new Error("not found"), { code: "ENOTFOUND" });
    return addresses.map((address): ResolvedAddress => ({ address, family: address.includes(":") ? 6 : 4 }));
  };
  return { resolve, asked };
}

const DNS = fakeDns({
  "models.example.com": ["93.184.216.34"],
  "dual.example.com": ["93.184.216.34", "2606:2800:220:1::1"],
  "rebind.example.com": ["93.184.216.34", "10.0.0.5"],
  "internal.example.com": ["10.20.30.40"],
  "metadata.example.com": ["169.254.169.254"],
  "mapped.example.com": ["::ffff:127.0.0.1"],
  localhost: ["127.0.0.1", "::1"],
});

async function refusal(url: string, list: string | OutboundPolicy, resolve: Resolve = DNS.resolve): Promise<OutboundRefused> {
  try {
    await resolveTarget(url, typeof list === "string" ? allow(list) : list, resolve);
  } catch (error) {
    if (error instanceof OutboundRefused) return error;
    throw error;
  }
  throw new Error(`${url} was allowed by "${list}"`);
}

describe("MODEL_ENDPOINT_ALLOWLIST", () => {
  it("reads host names, host:port, addresses, CIDR ranges, and http:// before any of them", () => {
    expect(entries(" models.example.com , http://localhost:8080/, 10.20.0.0/16, [::1]:8443, fd00::/8, HTTPS://Models.Example.COM.:443 ")).toEqual([
      { text: "models.example.com", http: false, port: null, host: "models.example.com" },
      { text: "http://localhost:8080/", http: true, port: 8080, host: "localhost" },
      { text: "10.20.0.0/16", http: false, port: null, range: expect.objectContaining({ prefix: 16 }) },
      { text: "[::1]:8443", http: false, port: 8443, range: expect.objectContaining({ prefix: 128 }) },
      { text: "fd00::/8", http: false, port: null, range: expect.objectContaining({ prefix: 8 }) },
      { text: "HTTPS://Models.Example.COM.:443", http: false, port: 443, host: "models.example.com" },
    ]);
    expect(entries("")).toEqual([]);
  });

  it.each(["10.0.0.0/33", "host:99999", "exa mple.com", "10.0.0.0/8/8", "http://a/b"])("names a bad entry (%s)", (entry) => {
    expect(parseAllowlist(`models.example.com,${entry}`)).toEqual({ error: expect.stringContaining(entry) });
  });
});

describe("the target policy", () => {
  it("allows nothing while the allowlist is empty, and says so", async () => {
    const refused = await refusal("https://models.example.com/v1/models/m:predict", "");
    expect(refused.reason).toBe("allowlist_empty");
    expect(refused.message).toContain("MODEL_ENDPOINT_ALLOWLIST");
  });

  it("connects to the address it checked: a listed host, over HTTPS", async () => {
    const target = await resolveTarget("https://models.example.com/v1/models/m:predict", allow("models.example.com"), DNS.resolve);
    expect(target).toMatchObject({ hostname: "models.example.com", port: 443, address: "93.184.216.34", family: 4 });
    expect(target.url.pathname).toBe("/v1/models/m:predict");
  });

  it("refuses a host the list does not name, without resolving it", async () => {
    const dns = fakeDns({ "other.example.com": ["93.184.216.35"] });
    expect((await refusal("https://other.example.com/", "models.example.com", dns.resolve)).reason).toBe("not_allowlisted");
    expect(dns.asked).toEqual([]);
  });

  it("holds a listed port to that port", async () => {
    await expect(resolveTarget("https://models.example.com:8443/", allow("models.example.com:8443"), DNS.resolve)).resolves.toMatchObject({ port: 8443 });
    expect((await refusal("https://models.example.com/", "models.example.com:8443")).reason).toBe("not_allowlisted");
  });

  it("allows plain http only to hosts listed with http://", async () => {
    expect((await refusal("http://models.example.com/", "models.example.com")).reason).toBe("plain_http");
    await expect(resolveTarget("http://models.example.com/", allow("http://models.example.com"), DNS.resolve)).resolves.toMatchObject({ port: 80 });
  });

  it("allows a host name by a CIDR range only when every address it has lies in it", async () => {
    await expect(resolveTarget("https://models.example.com/", allow("93.184.0.0/16"), DNS.resolve)).resolves.toMatchObject({ address: "93.184.216.34" });
    expect((await refusal("https://dual.example.com/", "93.184.0.0/16")).reason).toBe("not_allowlisted");
  });

  it.each([
    ["10.0.0.1", "private"],
    ["172.16.5.4", "private"],
    ["172.31.255.255", "private"],
    ["192.168.1.1", "private"],
    ["100.64.0.1", "private"],
    ["127.0.0.1", "loopback"],
    ["127.1.2.3", "loopback"],
    ["169.254.169.254", "link-local"],
    ["0.0.0.0", "unspecified"],
    ["224.0.0.1", "reserved"],
    ["255.255.255.255", "reserved"],
    ["[::1]", "loopback"],
    ["[::]", "unspecified"],
    ["[fc00::1]", "private"],
    ["[fd12:3456::1]", "private"],
    ["[fe80::1]", "link-local"],
    ["[::ffff:127.0.0.1]", "loopback"],
    ["[::ffff:10.0.0.1]", "private"],
    ["[::ffff:a9fe:a9fe]", "link-local"],
    ["[64:ff9b::a9fe:a9fe]", "link-local"],
    ["[2002:a00:1::1]", "private"],
    ["[64:ff9b:1::a00:1]", "private"],
    ["[64:ff9b:1:a00:1::]", "private"],
    ["[::ffff:0:a00:1]", "private"],
    ["[::ffff:0:7f00:1]", "loopback"],
    ["[2001:0:4136:e378:8000:63bf:f5ff:fffe]", "reserved"],
    ["0x7f.1", "loopback"],
    ["2130706433", "loopback"],
  ])("refuses %s (%s) even when every address is allowed", async (host, kind) => {
    const refused = await refusal(`https://${host}/predict`, "0.0.0.0/0,::/0");
    expect(refused.reason).toBe("private_address");
    expect(refused.message).toContain(kind);
  });

  it("refuses a listed host name whose address is private, link-local or loopback when only a wide range lists it", async () => {
    for (const host of ["internal.example.com", "metadata.example.com", "mapped.example.com"]) {
      const refused = await refusal(`https://${host}/`, "0.0.0.0/0,::/0");
      expect(refused.reason).toBe("private_address");
      expect(refused.message).toContain(`${host} resolves to`);
    }
  });

  it("refuses a name that resolves to a public and a private address (a rebinding setup)", async () => {
    expect((await refusal("https://rebind.example.com/", "0.0.0.0/0")).reason).toBe("private_address");
  });

  it("lets a private or loopback target through when the list names it explicitly", async () => {
    await expect(resolveTarget("http://127.0.0.1:8080/v1/models/m:predict", allow("http://127.0.0.1:8080"), DNS.resolve)).resolves.toMatchObject({
      address: "127.0.0.1",
      port: 8080,
    });
    await expect(resolveTarget("https://[::1]:8443/", allow("[::1]:8443"), DNS.resolve)).resolves.toMatchObject({ address: "::1", family: 6 });
    await expect(resolveTarget("https://[::ffff:127.0.0.1]:8443/", allow("127.0.0.1"), DNS.resolve)).resolves.toMatchObject({ port: 8443 });
    await expect(resolveTarget("https://10.1.2.3/", allow("10.1.0.0/16"), DNS.resolve)).resolves.toMatchObject({ address: "10.1.2.3" });
    await expect(resolveTarget("https://internal.example.com/", allow("internal.example.com"), DNS.resolve)).resolves.toMatchObject({ address: "10.20.30.40" });
    await expect(resolveTarget("http://localhost:9000/", allow("http://localhost:9000"), DNS.resolve)).resolves.toMatchObject({ address: "127.0.0.1" });
    // Listing one private range does not open another.
    expect((await refusal("https://10.2.0.1/", "10.1.0.0/16")).reason).toBe("not_allowlisted");
  });

  it("refuses a name that does not resolve", async () => {
    expect((await refusal("https://nowhere.example.com/", "nowhere.example.com")).reason).toBe("unresolvable");
  });

  it("refuses credentials in the URL and schemes other than http(s)", async () => {
    expect((await refusal("https://user:secret@models.example.com/", "models.example.com")).reason).toBe("bad_url");
    expect((await refusal("ftp://models.example.com/", "models.example.com")).reason).toBe("bad_url");
    expect((await refusal("not a url", "models.example.com")).reason).toBe("bad_url");
  });
});

describe("a policy that lets any public host through (identity providers)", () => {
  it("calls public https hosts without a list, and refuses plain http and every special address before connecting", async () => {
    await expect(resolveTarget("https://models.example.com/.well-known/openid-configuration", publicOr(""), DNS.resolve)).resolves.toMatchObject({
      address: "93.184.216.34",
    });
    const cases: Array<[string, OutboundRefused["reason"]]> = [
      ["http://models.example.com/", "plain_http"],
      ["https://127.0.0.1:8443/", "private_address"],
      ["http://169.254.169.254/latest/meta-data/", "private_address"],
      ["https://169.254.169.254/latest/meta-data/", "private_address"],
      ["https://internal.example.com/", "private_address"],
      ["https://rebind.example.com/", "private_address"],
      ["https://mapped.example.com/", "private_address"],
      ["https://[::ffff:7f00:1]/", "private_address"],
      ["https://100.64.0.1/", "private_address"],
      ["https://[fe80::1]/", "private_address"],
      ["https://localhost/", "private_address"],
      ["file:///etc/passwd", "bad_url"],
    ];
    for (const [url, reason] of cases) expect((await refusal(url, publicOr(""))).reason, url).toBe(reason);
    expect((await refusal("https://127.0.0.1/", publicOr(""))).message).toContain("SSO_PROVIDER_ALLOWLIST");
  });

  it("lets through what the operator listed, on the listed port only", async () => {
    await expect(resolveTarget("http://127.0.0.1:4000/", publicOr("http://127.0.0.1:4000"), DNS.resolve)).resolves.toMatchObject({ port: 4000 });
    expect((await refusal("http://127.0.0.1:4001/", publicOr("http://127.0.0.1:4000"))).reason).toBe("private_address");
    expect((await refusal("http://127.0.0.1:4000/", publicOr("127.0.0.1:4000"))).reason).toBe("plain_http");
    expect((await refusal("https://127.0.0.1:4001/", publicOr("http://127.0.0.1:4000"))).reason).toBe("private_address");
  });
});
