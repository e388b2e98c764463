import { useState, type ReactNode } from "react";
import { AppBar, Box, Toolbar } from "@mui/material";
import { TOP_BAR_HEIGHT } from "../../theme";
import { AccountMenu } from "./AccountMenu";
import { NotificationBell } from "../notifications/NotificationBell";
import { Breadcrumbs } from "./Breadcrumbs";
import { Sider } from "./Sider";
import { EntityTitlesProvider } from "./entity-titles";
import { IdleSession } from "./IdleSession";
import { useProfileLanguage } from "../../i18n/use-profile-language";
import { EnvironmentBadge } from "../../telemetry/EnvironmentBadge";
import { rememberSiderCollapsed, siderCollapsed } from "./sider-state";

/** The protected layout: sider, 48 px top bar with breadcrumbs, the notification bell and the account menu, then the page. */
export function AppLayout({ children, topBarExtra }: { children: ReactNode; topBarExtra?: ReactNode }) {
  useProfileLanguage();
  const [collapsed, setCollapsed] = useState(siderCollapsed);
  const toggle = () =>
    setCollapsed((c) => {
      rememberSiderCollapsed(!c);
      return !c;
    });
  return (
    <EntityTitlesProvider>
      <Box sx={{ display: "flex", minHeight: "100vh" }}>
        <Sider collapsed={collapsed} onToggle={toggle} />
        <Box sx={{ flex: 1, minWidth: 0, display: "flex", flexDirection: "column" }}>
          <AppBar position="sticky" color="inherit" elevation={0} sx={{ borderBottom: 1, borderColor: "divider" }}>
            <Toolbar variant="dense" sx={{ minHeight: TOP_BAR_HEIGHT, height: TOP_BAR_HEIGHT, gap: 1 }}>
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Breadcrumbs />
              </Box>
              <EnvironmentBadge />
              {topBarExtra}
              <NotificationBell />
              <AccountMenu />
            </Toolbar>
          </AppBar>
          <Box component="main" sx={{ p: 3, flex: 1, minWidth: 0 }}>
            {children}
          </Box>
        </Box>
      </Box>
      <IdleSession />
    </EntityTitlesProvider>
  );
}
