import type { ReactNode } from "react";
import type { DataProvider } from "@refinedev/core";
import type { User } from "../../../domain/entities/user";
import { aUser, GROUP_ALL, GROUP_CUSTOMER } from "../../test-support/fixtures";
import { renderWithRefine as render } from "../../test-support/render-with-refine";

export { initTestI18n } from "../../test-support/i18n";

const ADMIN_ID = "00000000-0000-4000-8000-00000000000a";
export { GROUP_ALL, GROUP_CUSTOMER };
export const ROLE_ADMIN = "00000000-0000-4000-8000-0000000000b1";
export const ROLE_CONTRIBUTOR = "00000000-0000-4000-8000-0000000000b2";

export const adaAdmin: User = {
  version: 1,
  id: ADMIN_ID,
  email: "admin@steward.test",
  first_name: "Ada",
  last_name: "Admin",
  language: "en",
  created_at: "2026-11-20T10:00:00.000Z",
  roles: [{ role_id: ROLE_ADMIN, name: "Administrator", resource_group: GROUP_ALL }],
};
export const carlos: User = {
  version: 1,
  id: "00000000-0000-4000-8000-00000000000c",
  email: "contributor@steward.test",
  first_name: "Carlos",
  last_name: "Contributor",
  language: "es",
  created_at: "2026-11-21T10:00:00.000Z",
  roles: [
    { role_id: ROLE_CONTRIBUTOR, name: "ApplicationContributor", resource_group: GROUP_ALL },
    { role_id: ROLE_CONTRIBUTOR, name: "ApplicationContributor", resource_group: GROUP_CUSTOMER },
  ],
};

/** What a user's corporate sign-in card asks when a test does not say: no link, and no providers to link to. */
const noLink = (async ({ url }: { url: string }) => {
  if (url.endsWith("/identity-providers")) return { data: { items: [], total: 0 } };
  throw { statusCode: 404, message: "Link not found." };
}) as unknown as NonNullable<DataProvider["custom"]>;

/** Renders `element` at `path` (route `pattern`) inside Refine, signed in as Ada Admin, over a fake data provider. */
export function renderWithRefine(element: ReactNode, dataProvider: Partial<DataProvider>, path = "/manage-users", pattern = path) {
  return render(element, {
    dataProvider: { custom: noLink, ...dataProvider },
    identity: aUser([], { id: ADMIN_ID, email: adaAdmin.email, first_name: "Ada", last_name: "Admin" }),
    path,
    pattern,
  });
}
