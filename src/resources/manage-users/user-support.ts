import type { User } from "../../../domain/entities/user";

/** The resource's API path (the data provider maps resource meta.path to /v2/<path>). */
export const USERS_RESOURCE = "manage-users";
export const USERS_META = { path: "access/users" };

export const fullName = (user: Pick<User, "first_name" | "last_name">) => `${user.first_name} ${user.last_name}`.trim();
