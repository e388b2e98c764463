import { useState } from "react";
import { Avatar, Divider, IconButton, ListItemIcon, Menu, MenuItem, Typography } from "@mui/material";
import LogoutOutlined from "@mui/icons-material/LogoutOutlined";
import SettingsOutlined from "@mui/icons-material/SettingsOutlined";
import { useGetIdentity, useLogout, useNavigation } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import type { CurrentUser } from "../../../domain/access/current-user";

export function AccountMenu() {
  const { t } = useTranslation();
  const { list } = useNavigation();
  const { data: user } = useGetIdentity<CurrentUser>();
  const { mutate: logout } = useLogout();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const fullName = user ? `${user.first_name} ${user.last_name}`.trim() : "";
  const initials = user ? `${user.first_name.charAt(0)}${user.last_name.charAt(0)}`.toUpperCase() : "";
  return (
    <>
      <IconButton onClick={(e) => setAnchor(e.currentTarget)} aria-label={t("layout.account.open")} size="small">
        {/* The initials are a picture of the person, drawn by CSS so they are not text the button's name would
            have to contain; the name says what the button does. */}
        <Avatar aria-hidden data-initials={initials} sx={{ width: 32, height: 32, fontSize: 14, bgcolor: "primary.main", "&::before": { content: "attr(data-initials)" } }}>
          {""}
        </Avatar>
      </IconButton>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)} anchorOrigin={{ vertical: "bottom", horizontal: "right" }} transformOrigin={{ vertical: "top", horizontal: "right" }}>
        <Typography sx={{ px: 2, py: 1, fontWeight: 600 }} data-testid="account-name">
          {fullName}
        </Typography>
        <Typography sx={{ px: 2, pb: 1 }} variant="body2" color="text.secondary">
          {user?.email}
        </Typography>
        <Divider />
        <MenuItem
          onClick={() => {
            setAnchor(null);
            list("settings");
          }}
        >
          <ListItemIcon>
            <SettingsOutlined fontSize="small" />
          </ListItemIcon>
          {t("common.settings")}
        </MenuItem>
        <MenuItem
          onClick={() => {
            setAnchor(null);
            logout();
          }}
        >
          <ListItemIcon>
            <LogoutOutlined fontSize="small" />
          </ListItemIcon>
          {t("common.logout")}
        </MenuItem>
      </Menu>
    </>
  );
}
