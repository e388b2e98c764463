/** The load's requests: a mix of what reviewers and contributors do, each answer counted by status. */

export interface Caller {
  origin: string;
  token: string;
}

export interface Tally {
  statuses: Map<string, number>;
  latencies: number[];
  /** Unique names of records whose creation was answered 2xx: each must be in the database afterwards. */
  acknowledged: { vendors: string[]; applications: string[] };
  /** When each 2xx arrived, in ms since the start. */
  okTimes: number[];
}

export const newTally = (): Tally => ({ statuses: new Map(), latencies: [], acknowledged: { vendors: [], applications: [] }, okTimes: [] });

const READS = [
  "/v2/applications?page_size=25&sort=name",
  "/v2/applications?page_size=25&sort=-risk_tier&approval_status=draft&approval_status=submitted",
  "/v2/applications?page_size=25&q=load",
  "/v2/vendors?page_size=25",
  "/v2/access/user",
];

let sequence = 0;

/** One request of the mix: mostly reads, one in four a create with a name that can be found again. */
export async function oneRequest(caller: Caller, started: number, tally: Tally): Promise<void> {
  const n = sequence++;
  const write = n % 4 === 3;
  const kind = n % 8 === 3 ? "applications" : "vendors";
  const name = `Load ${kind === "vendors" ? "vendor" : "app"} ${process.pid} ${n}`;
  const at = performance.now();
  let label: string;
  try {
    const res = write
      ? await fetch(`${caller.origin}/v2/${kind}`, {
          method: "POST",
          headers: { authorization: `Bearer ${caller.token}`, "content-type": "application/json" },
          body: JSON.stringify({ name }),
        })
      : await fetch(caller.origin + READS[n % READS.length], { headers: { authorization: `Bearer ${caller.token}` } });
    await res.arrayBuffer();
    label = String(res.status);
    if (res.ok) {
      tally.okTimes.push(performance.now() - started);
      if (write) tally.acknowledged[kind].push(name);
    }
  } catch (error) {
    // The server closed or refused the connection: Steward itself is not answering.
    label = `network error (${(error as Error).cause ? ((error as Error).cause as Error).message : (error as Error).message})`;
  }
  tally.latencies.push(performance.now() - at);
  tally.statuses.set(label, (tally.statuses.get(label) ?? 0) + 1);
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}
