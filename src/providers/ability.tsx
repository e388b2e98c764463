import { useCallback, type ReactNode } from "react";
import { AbilityProvider, useAbility } from "@casl/react";
import { useGetIdentity } from "@refinedev/core";
import { abilityFromPacked, asSubject, type AppAbility, type PackedRules, type SubjectName } from "../../domain/access/abilities";
import type { CurrentUser } from "../../domain/access/current-user";

const built = new WeakMap<CurrentUser, AppAbility>();
const NOTHING = abilityFromPacked([]);

/** The user's ability, rebuilt from the rules the API packed for them; one per identity object. */
export function abilityOf(user: CurrentUser): AppAbility {
  let ability = built.get(user);
  if (!ability) built.set(user, (ability = abilityFromPacked(user.rules as PackedRules)));
  return ability;
}

/**
 * A record the API returned, tagged for a per-record check. The rules are scoped to the user's company and
 * every record the API shows them is of that company, so the record carries it for the conditions.
 */
export function recordSubject(user: Pick<CurrentUser, "companyId">, type: SubjectName, record: { id: string } & Record<string, unknown>) {
  return asSubject(type, { ...record, companyId: user.companyId });
}

/** Makes the signed-in user's ability available to `<Can>` and `useAbility`; nothing is allowed until it is known. */
export function UserAbilityProvider({ children }: { children: ReactNode }) {
  const { data: user } = useGetIdentity<CurrentUser>();
  return <AbilityProvider value={user ? abilityOf(user) : NOTHING}>{children}</AbilityProvider>;
}

/** Whether the signed-in user may do `action` on this one record, by the same rules the API enforces. */
export function useCanOnRecord() {
  const ability = useAbility<AppAbility>();
  const { data: user } = useGetIdentity<CurrentUser>();
  // Stable while the ability and the user are, so memoised permissions are not recomputed on every render.
  return useCallback(
    (action: Parameters<AppAbility["can"]>[0], type: SubjectName, record: { id: string } & Record<string, unknown>) =>
      Boolean(user) && ability.can(action, recordSubject(user!, type, record)),
    [ability, user],
  );
}
