import type { Adapter, AdapterPayload } from "oidc-provider";

/** Entries expire on their own; the demo provider keeps a few hundred at most. */
interface Entry {
  payload: AdapterPayload;
  expiresAt: number;
}

/**
 * The demo provider's sessions, interactions, codes and grants, in this process's memory: a demo provider's
 * sign-ins need not survive a restart. Each provider gets its own maps, so providers never see each other's.
 */
export function memoryStore() {
  const entries = new Map<string, Entry>();
  const byUid = new Map<string, string>();
  const byGrant = new Map<string, string[]>();
  const live = (key: string) => {
    const entry = entries.get(key);
    if (entry && entry.expiresAt <= Date.now()) entries.delete(key);
    return entry && entry.expiresAt > Date.now() ? entry.payload : undefined;
  };

  return class MemoryStore implements Adapter {
    constructor(private readonly model: string) {}

    private key(id: string) {
      return `${this.model}:${id}`;
    }

    async upsert(id: string, payload: AdapterPayload, expiresIn: number) {
      const key = this.key(id);
      entries.set(key, { payload, expiresAt: Date.now() + expiresIn * 1000 });
      if (this.model === "Session" && payload.uid) byUid.set(payload.uid, id);
      if (payload.grantId) byGrant.set(payload.grantId, [...(byGrant.get(payload.grantId) ?? []), key]);
      // Sweep what has expired, so a long-running demo does not grow without end.
      for (const [k, e] of entries) if (e.expiresAt <= Date.now()) entries.delete(k);
    }

    async find(id: string) {
      return live(this.key(id));
    }

    async findByUid(uid: string) {
      const id = byUid.get(uid);
      return id ? live(this.key(id)) : undefined;
    }

    async findByUserCode() {
      return undefined;
    }

    async consume(id: string) {
      const payload = live(this.key(id));
      if (payload) payload.consumed = Math.floor(Date.now() / 1000);
    }

    async destroy(id: string) {
      entries.delete(this.key(id));
    }

    async revokeByGrantId(grantId: string) {
      for (const key of byGrant.get(grantId) ?? []) entries.delete(key);
      byGrant.delete(grantId);
    }
  };
}
