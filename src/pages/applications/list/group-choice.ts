import { roleMatches } from "../../../../domain/access/abilities";
import type { CurrentUser } from "../../../../domain/access/current-user";

export interface GroupChoice {
  id: string;
  name: string;
}

/**
 * The application groups a new application may join, when the creator must pick one: a
 * contributor in several SELECTED groups (the server refuses to guess). Empty when there is
 * nothing to choose: an Administrator or a contributor in an ALL group sees every application
 * anyway, and a single SELECTED group is taken by the server.
 */
export function groupChoices(user: Pick<CurrentUser, "roles"> | undefined): GroupChoice[] {
  if (!user) return [];
  if (user.roles.some((r) => roleMatches(r.name, "Administrator"))) return [];
  const contributorGroups = user.roles.filter((r) => roleMatches(r.name, "ApplicationContributor")).map((r) => r.resource_group);
  if (contributorGroups.some((g) => g.group_type === "ALL")) return [];
  const byId = new Map<string, GroupChoice>();
  for (const g of contributorGroups) if (g.group_type === "SELECTED") byId.set(g.id, { id: g.id, name: g.name });
  const choices = [...byId.values()].sort((a, b) => a.name.localeCompare(b.name));
  return choices.length > 1 ? choices : [];
}
