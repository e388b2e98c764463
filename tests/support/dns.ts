import dns2 from "dns2";
import type { FastifyInstance } from "fastify";
import type { IdentityProvider } from "../../domain/entities/identity-provider";

const { Packet } = dns2;
/** RFC 1035's "name error" (dns2 does not type its response codes). */
const NXDOMAIN = 3;

/**
 * A real DNS server on loopback (dns2, UDP) answering TXT queries from `txt`: a name listed answers its records
 * (none: the name exists without TXT records), any other name does not exist (NXDOMAIN).
 */
export interface TestDns {
  /** `127.0.0.1:<port>`, for DNS_RESOLVER. */
  address: string;
  txt: Map<string, string[]>;
  /** Publishes a record at a name (beside any already there). */
  publish(name: string, text: string): void;
  close(): Promise<void>;
}

export async function startTestDns(): Promise<TestDns> {
  const txt = new Map<string, string[]>();
  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const response = Packet.createResponseFromRequest(request);
      const [question] = request.questions;
      const name = question.name.toLowerCase();
      const records = txt.get(name);
      if (!records) response.header.rcode = NXDOMAIN;
      else if (question.type === Packet.TYPE.TXT) {
        for (const data of records) response.answers.push({ name: question.name, type: Packet.TYPE.TXT, class: Packet.CLASS.IN, ttl: 60, data } as (typeof response.answers)[number]);
      }
      void send(response);
    },
  });
  const addresses = await server.listen({ udp: { port: 0, address: "127.0.0.1" } });
  return {
    address: `127.0.0.1:${addresses.udp!.port}`,
    txt,
    publish(name, text) {
      txt.set(name, [...(txt.get(name) ?? []), text]);
    },
    close: () => server.close(),
  };
}

/** Proves a provider's domains as an Administrator would: publishes each one's record, then presses "Verify". */
export async function proveDomains(dns: TestDns, app: FastifyInstance, adminToken: string, provider: Pick<IdentityProvider, "id" | "domain_verification">, domains?: string[]) {
  for (const entry of provider.domain_verification) {
    if (domains && !domains.includes(entry.domain)) continue;
    dns.publish(entry.domain, entry.txt_record);
    const res = await app.inject({ method: "POST", url: `/v2/company/identity-providers/${provider.id}/domains/${entry.domain}/verify`, headers: { authorization: `Bearer ${adminToken}` } });
    if (res.statusCode !== 200) throw new Error(`${entry.domain} was not verified: ${res.statusCode} ${res.body}`);
  }
}
