import type { User } from "../../../domain/entities/user";

/** The users resource; its API path (access/users) comes from its definition. */
export const USERS_RESOURCE = "manage-users";

export const fullName = (user: Pick<User, "first_name" | "last_name">) => `${user.first_name} ${user.last_name}`.trim();
