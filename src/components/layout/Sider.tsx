import { useState, type ReactNode } from "react";
import { Link as RouterLink, useLocation } from "react-router";
import { Box, Collapse, Drawer, IconButton, List, ListItem, ListItemButton, ListItemIcon, ListItemText, Tooltip, Typography } from "@mui/material";
import ChevronLeft from "@mui/icons-material/ChevronLeft";
import ChevronRight from "@mui/icons-material/ChevronRight";
import ExpandLess from "@mui/icons-material/ExpandLess";
import ExpandMore from "@mui/icons-material/ExpandMore";
import MenuBookOutlined from "@mui/icons-material/MenuBookOutlined";
import { CanAccess, useMenu, type TreeMenuItem } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import { SIDER_WIDTH, SIDER_WIDTH_COLLAPSED, TOP_BAR_HEIGHT } from "../../theme";
import { useClientConfig } from "../../providers/client-config";

/** One entry of the menu: a list item (the menu is a list to assistive technology) holding its link or button. */
function NavItem({ icon, label, collapsed, selected, depth = 0, children, ...link }: { icon?: ReactNode; label: string; collapsed: boolean; selected?: boolean; depth?: number; to?: string; href?: string; onClick?: () => void; trailing?: ReactNode; expanded?: boolean; children?: ReactNode }) {
  const { trailing, to, href, onClick, expanded } = link;
  const button = (
    <ListItemButton
      selected={selected}
      onClick={onClick}
      aria-current={selected ? "page" : undefined}
      aria-expanded={expanded}
      {...(to ? { component: RouterLink, to } : href ? { component: "a", href, target: "_blank", rel: "noopener noreferrer" } : {})}
      sx={{ minHeight: 44, pl: collapsed ? 3.5 : 2 + depth * 2, borderRadius: 1, mx: 1 }}
    >
      <ListItemIcon sx={{ minWidth: collapsed ? 0 : 40 }}>{icon}</ListItemIcon>
      {!collapsed && <ListItemText primary={label} />}
      {!collapsed && trailing}
    </ListItemButton>
  );
  return (
    <ListItem disablePadding sx={{ display: "block" }}>
      {collapsed ? (
        <Tooltip title={label} placement="right">
          {button}
        </Tooltip>
      ) : (
        button
      )}
      {children}
    </ListItem>
  );
}

/** The collapsible side navigation: 240 px open, 80 px collapsed. */
export function Sider({ collapsed, onToggle }: { collapsed: boolean; onToggle: () => void }) {
  const { t } = useTranslation();
  const { menuItems } = useMenu();
  const { pathname } = useLocation();
  const { links } = useClientConfig();
  const [open, setOpen] = useState<Record<string, boolean>>({});
  const width = collapsed ? SIDER_WIDTH_COLLAPSED : SIDER_WIDTH;
  const label = (item: TreeMenuItem) => t(String(item.meta?.label ?? item.label ?? item.name));
  const isSelected = (route?: string) => Boolean(route && (pathname === route || pathname.startsWith(`${route}/`)));

  // Refine's useMenu does not check access itself: each entry shows only when the access-control provider allows listing it.
  const render = (item: TreeMenuItem, depth = 0): ReactNode => (
    <CanAccess key={item.key} resource={item.name} action="list" params={{ resource: item }}>
      {renderItem(item, depth)}
    </CanAccess>
  );

  const renderItem = (item: TreeMenuItem, depth: number): ReactNode => {
    if (item.children.length) {
      const expanded = open[item.key] ?? item.children.some((c) => isSelected(c.route));
      return (
        <NavItem key={item.key} icon={item.meta?.icon} label={label(item)} collapsed={collapsed} depth={depth} expanded={expanded || collapsed} onClick={() => setOpen((o) => ({ ...o, [item.key]: !expanded }))} trailing={expanded ? <ExpandLess /> : <ExpandMore />}>
          <Collapse in={expanded || collapsed}>
            <List disablePadding>{item.children.map((child) => render(child, depth + 1))}</List>
          </Collapse>
        </NavItem>
      );
    }
    return <NavItem key={item.key} icon={item.meta?.icon} label={label(item)} collapsed={collapsed} depth={depth} to={item.route} selected={isSelected(item.route)} />;
  };

  return (
    <Drawer
      variant="permanent"
      sx={{ width, flexShrink: 0, transition: "width 150ms", "& .MuiDrawer-paper": { width, overflowX: "hidden", transition: "width 150ms", boxSizing: "border-box" } }}
    >
      <Box sx={{ height: TOP_BAR_HEIGHT, display: "flex", alignItems: "center", justifyContent: collapsed ? "center" : "space-between", px: collapsed ? 0 : 2 }}>
        {!collapsed && (
          <Typography variant="h6" component="div" sx={{ fontWeight: 700, color: "primary.main" }}>
            Steward
          </Typography>
        )}
        <IconButton onClick={onToggle} size="small" aria-label={collapsed ? t("layout.sider.expand") : t("layout.sider.collapse")}>
          {collapsed ? <ChevronRight /> : <ChevronLeft />}
        </IconButton>
      </Box>
      <Box component="nav" aria-label={t("layout.sider.label")} sx={{ flex: 1 }}>
        <List>{menuItems.map((item) => render(item))}</List>
      </Box>
      <List>
        <NavItem icon={<MenuBookOutlined />} label={t("layout.nav.resources")} collapsed={collapsed} href={links.resources} />
      </List>
    </Drawer>
  );
}
