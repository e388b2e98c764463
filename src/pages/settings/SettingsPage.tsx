import { Box, CircularProgress, Typography } from "@mui/material";
import { useGetIdentity } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import type { CurrentUser } from "../../../domain/access/current-user";
import { ChangePasswordForm } from "./ChangePasswordForm";
import { ProfileForm } from "./ProfileForm";
import { CorporateSignInCard } from "./CorporateSignInCard";
import { PasskeysCard } from "./security/PasskeysCard";
import { SignInSecurityCard } from "./security/SignInSecurityCard";
import { SignOutEverywhereCard } from "./SignOutEverywhereCard";
import { useLocaleAreas } from "../../i18n/use-all-areas";

/** The security texts load with this page only. */
const SETTINGS_AREAS = ["security"] as const;

/** /settings: the signed-in user's own profile, password, second factors, passkeys and sessions; open to everyone, roles or not. */
export default function SettingsPage() {
  useLocaleAreas(SETTINGS_AREAS);
  const { t } = useTranslation();
  const { data: user } = useGetIdentity<CurrentUser>();
  return (
    <Box sx={{ display: "grid", gap: 2 }}>
      <Typography variant="h5" component="h1">
        {t("settings.title")}
      </Typography>
      {user ? (
        <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", md: "repeat(2, minmax(0, 1fr))" }, alignItems: "start" }}>
          <Box sx={{ display: "grid", gap: 2 }}>
            <ProfileForm user={user} />
            <SignInSecurityCard user={user} />
            <PasskeysCard />
          </Box>
          <Box sx={{ display: "grid", gap: 2 }}>
            <ChangePasswordForm />
            <SignOutEverywhereCard />
            <CorporateSignInCard />
          </Box>
        </Box>
      ) : (
        <CircularProgress aria-label={t("settings.title")} />
      )}
    </Box>
  );
}
