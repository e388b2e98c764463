import { useEffect } from "react";
import { useGetIdentity } from "@refinedev/core";
import type { CurrentUser } from "../../domain/access/current-user";
import { i18nProvider, isLanguage } from "./index";

/** Once the signed-in user is known, their profile's language wins over the browser's. */
export function useProfileLanguage(): void {
  const { data: user } = useGetIdentity<CurrentUser>();
  useEffect(() => {
    if (user && isLanguage(user.language) && i18nProvider.getLocale() !== user.language) void i18nProvider.changeLocale(user.language);
  }, [user]);
}
