import { roleMatches } from "./abilities";
import type { GroupType } from "./current-user";

export interface GroupRef {
  id: string;
  name: string;
}

interface GroupHolder {
  roles: ReadonlyArray<{ name: string; resource_group: GroupRef & { group_type: GroupType } }>;
}

/**
 * The group a new application joins: `group` (null for none), a list to `choose` from, or `unknownGroup`
 * for a group the creator may not put it in. The creator must never lose sight of what they created, so
 * whoever does not already see every application (an Administrator, a contributor in an ALL group) puts it
 * in one of their SELECTED groups: the one they name, their only one, or, with several, one they must pick.
 * A named group still has to exist in the company as a SELECTED group; the server checks that.
 */
export type NewApplicationGroup = { group: string | null } | { choose: GroupRef[] } | { unknownGroup: true };

export function newApplicationGroup(user: GroupHolder, requested?: string): NewApplicationGroup {
  const contributing = user.roles.filter((r) => roleMatches(r.name, "ApplicationContributor")).map((r) => r.resource_group);
  const seesAll = user.roles.some((r) => roleMatches(r.name, "Administrator")) || contributing.some((g) => g.group_type === "ALL");
  const selected = new Map(contributing.filter((g) => g.group_type === "SELECTED").map((g) => [g.id, { id: g.id, name: g.name }]));
  if (requested) return selected.has(requested) || seesAll ? { group: requested } : { unknownGroup: true };
  if (seesAll) return { group: null };
  if (selected.size === 1) return { group: [...selected.keys()][0] };
  return { choose: [...selected.values()].sort((a, b) => a.name.localeCompare(b.name)) };
}
