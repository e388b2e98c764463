// Types only, importing nothing from server/: the plugins, the audit log and the stores all name the caller,
// and a type kept in the auth plugin tied them into one import cycle.
import type { CurrentUser as CurrentUserView } from "../../domain/access/current-user";

/**
 * The caller of a /v2 route, with company and roles: a person (the API user found by the token's
 * `sub`) or an API client (`id` is the api_clients row, `sub` its client_id, `first_name` its name,
 * empty e-mail and last name, one role on one group).
 */
export interface CurrentUser extends Omit<CurrentUserView, "rules"> {
  actor: "user" | "api_client";
  sub: string;
}
