import { bigint, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, id } from "./columns";
import { companyId } from "./tenant";

/**
 * Every write that changes governance state appends who, when, what, before and after.
 * Append-only; the actor's name is copied so the entry still reads right after the user is deleted.
 * Each company's entries form a hash chain (domain/audit/chain.ts), appended by server/audit/record.ts only.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: id(),
    companyId: companyId(),
    /** A user's or API client's id; no foreign key, so deleting the actor keeps the history. */
    actorId: uuid(),
    actorType: text({ enum: ["user", "api_client", "system"] }).notNull(),
    actorName: text().notNull(),
    /** What was changed: `user`, `application`, `control`, … and its id. */
    entityType: text().notNull(),
    entityId: uuid().notNull(),
    /** The change, e.g. `role.granted`, `approval.moved`. */
    action: text().notNull(),
    before: jsonb(),
    after: jsonb(),
    createdAt: createdAt(),
    /** The entry's place in its company's chain: 1, 2, 3 … without gaps. */
    seq: bigint({ mode: "number" }).notNull(),
    /** The previous entry's hash; null for the first entry. */
    prevHash: text(),
    /**
     * The hash (hex) of the previous hash and this entry's canonical content, as `hashScheme` says. Null only for
     * entries written before the chain existed, until the one-time start-up job chains them (server/audit/backfill.ts).
     */
    hash: text(),
    /**
     * `hmac-sha256`: keyed with AUDIT_CHAIN_KEY, what every entry is written with. `sha256`: the unkeyed hash of the
     * entries written before the key; they may only open a chain, which a keyed entry then closes over (verify.ts).
     */
    hashScheme: text({ enum: ["sha256", "hmac-sha256"] }).notNull().default("hmac-sha256"),
  },
  (t) => [
    index("audit_log_entity_idx").on(t.companyId, t.entityType, t.entityId, t.createdAt),
    // The chain's order (the walk of verify, the head an append reads) and the list's default order.
    uniqueIndex("audit_log_company_seq_key").on(t.companyId, t.seq),
    index("audit_log_company_created_idx").on(t.companyId, t.createdAt, t.seq),
    index("audit_log_company_actor_idx").on(t.companyId, t.actorId, t.seq),
    index("audit_log_company_action_idx").on(t.companyId, t.action, t.seq),
  ],
);

/** One-time steps of the audit chain done on this database (`backfill`: the chaining of pre-chain entries). */
export const auditChainState = pgTable("audit_chain_state", {
  step: text().primaryKey(),
  doneAt: timestamp({ withTimezone: true, mode: "date" }).notNull().defaultNow(),
});
