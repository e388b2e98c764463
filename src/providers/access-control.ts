import { keys, type AccessControlProvider } from "@refinedev/core";
import { isLimitedAccess, MENU_ITEMS, type AbilityUser, type Action, type AppAbility } from "../../domain/access/abilities";
import type { CurrentUser } from "../../domain/access/current-user";
import { appResources } from "../resources";
import type { AppResource, ResourceAccess } from "../resources/types";
import { abilityOf, recordSubject } from "./ability";
import { authProvider } from "./auth-provider";
import { queryClient } from "./query-client";

/** Where a user without roles is sent, and the only routes they may stay on. */
const LIMITED_ACCESS_PATH = "/limited-access";
const LIMITED_ACCESS_ALLOWED = [LIMITED_ACCESS_PATH, "/settings"] as const;

/** Where a user must go instead of `pathname`, or null when they may stay. */
export function limitedAccessRedirect(pathname: string, user: Pick<AbilityUser, "roles">): string | null {
  if (!isLimitedAccess(user)) return null;
  const path = pathname.replace(/\/+$/, "") || "/";
  const allowed = LIMITED_ACCESS_ALLOWED.some((p) => path === p || path.startsWith(`${p}/`));
  return allowed ? null : LIMITED_ACCESS_PATH;
}

/** Refine's actions in CASL's words; list and show use the resource's own rule. */
const REFINE_ACTIONS: Record<string, Action> = { create: "create", clone: "create", edit: "update", delete: "delete" };

/**
 * Whether `ability` allows the Refine `action` on a resource that needs `access`: on the resource as a
 * whole, or, given a record (at least its id), on that record with the conditions the API applies to it.
 */
export function allows(ability: AppAbility, access: ResourceAccess, action: string, record?: { id: string } & Record<string, unknown>, user?: Pick<CurrentUser, "companyId">): boolean {
  const rule = "menu" in access ? MENU_ITEMS.find((m) => m.key === access.menu) : access;
  if (!rule) return false;
  const casl = REFINE_ACTIONS[action] ?? rule.action;
  return ability.can(casl, record && user ? recordSubject(user, rule.subject, record) : rule.subject);
}

/** The record a Refine access check names through `params` (`{ id }` or `{ record }`), if any. */
function recordIn(params: { id?: unknown; record?: unknown } | undefined) {
  const record = (params?.record ?? {}) as Record<string, unknown>;
  const id = params?.id ?? record.id;
  return id === undefined || id === null ? undefined : { ...record, id: String(id) };
}

/** The signed-in user from the same query (and cache entry) as Refine's useGetIdentity. */
function loadIdentity(): Promise<CurrentUser> {
  return queryClient.ensureQueryData<CurrentUser>({
    queryKey: keys().auth().action("identity").get(),
    queryFn: () => authProvider.getIdentity!() as Promise<CurrentUser>,
  });
}

export function createAccessControlProvider(loadUser: () => Promise<CurrentUser>, resources: AppResource[] = appResources): AccessControlProvider {
  return {
    async can({ resource, action, params }) {
      // Fail closed: only the app's own resources are known, and one without a rule is open to anyone signed in.
      const known = resources.find((r) => r.name === resource);
      if (!known) return { can: false, reason: "unknown resource" };
      if (!known.access) return { can: true };
      let user: CurrentUser;
      try {
        user = await loadUser();
      } catch {
        return { can: false, reason: "identity unavailable" };
      }
      return { can: allows(abilityOf(user), known.access, action, recordIn(params), user) };
    },
    options: { buttons: { enableAccessControl: true, hideIfUnauthorized: true } },
  };
}

/** Refine's accessControlProvider: who may do what, by the rules the API packed for the user. */
export const accessControlProvider = createAccessControlProvider(loadIdentity);
