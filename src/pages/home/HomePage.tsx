import { Box, Card, CardContent, Typography } from "@mui/material";
import { useGetIdentity } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import type { CurrentUser } from "../../../domain/access/current-user";

/** The landing page until the dashboard's cards and charts arrive: who you are and what you hold. */
export default function HomePage() {
  const { t } = useTranslation();
  const { data: user } = useGetIdentity<CurrentUser>();
  return (
    <Box sx={{ display: "grid", gap: 2 }}>
      <Typography variant="h5" component="h1">
        {user ? t("home.welcomeName", { name: user.first_name }) : t("common.welcome")}
      </Typography>
      <Card variant="outlined">
        <CardContent>
          <Typography variant="subtitle1" gutterBottom>
            {t("home.rolesTitle")}
          </Typography>
          {user?.roles.length ? (
            <Box component="ul" sx={{ m: 0, pl: 3 }}>
              {user.roles.map((r) => (
                <li key={`${r.name}-${r.resource_group.id}`}>
                  {t("home.roleInGroup", { role: r.name, group: r.resource_group.name })}
                </li>
              ))}
            </Box>
          ) : (
            <Typography color="text.secondary">{t("home.noRoles")}</Typography>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
