import { useState } from "react";
import { useNavigate } from "react-router";
import { useCustomMutation, useInfiniteList, type HttpError } from "@refinedev/core";
import { Badge, Box, Button, CircularProgress, Divider, IconButton, List, ListItemButton, ListItemText, Popover, Typography } from "@mui/material";
import NotificationsOutlined from "@mui/icons-material/NotificationsOutlined";
import { useTranslation } from "react-i18next";
import type { Notification } from "../../../domain/entities/notification";
import { inAppPath, relativeTime } from "./relative-time";

/** The bell shows the last 30 days. */
const DAYS = 30;
/** The bell shows this many at first, and this many more on each "Show more". */
const PAGE_SIZE = 20;
/** Notifications refresh every 5 minutes (and when the window regains focus). */
const REFRESH_MS = 5 * 60_000;

/** The top bar's bell: unread badge, the list with relative times a page at a time, mark one or all as read. */
export function NotificationBell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { query, result } = useInfiniteList<Notification, HttpError>({
    resource: "notifications",
    pagination: { currentPage: 1, pageSize: PAGE_SIZE },
    meta: { query: { days: String(DAYS) } },
    queryOptions: { refetchInterval: REFRESH_MS, refetchOnWindowFocus: true, staleTime: 0 },
    errorNotification: false,
  });
  const { isLoading, isError, refetch } = query;
  const pages = result.data?.pages;
  const items = pages?.flatMap((page) => page.data) ?? [];
  const { mutate, mutation } = useCustomMutation();
  const markRead = (id: string) =>
    mutate({ url: `/notifications/mark_read/${id}`, method: "put", values: {}, successNotification: false, errorNotification: false }, { onSettled: () => void refetch() });
  // Every page counts the whole window's unread; the latest read says it best.
  const unread = Number(pages?.at(-1)?.unread ?? 0);

  const open = (notification: Notification) => {
    if (!notification.notification_read) markRead(notification.notification_id);
    setAnchor(null);
    const path = inAppPath(notification.notification_link);
    if (path) navigate(path);
    else if (/^https?:\/\//i.test(notification.notification_link)) window.open(notification.notification_link, "_blank", "noopener,noreferrer");
  };

  return (
    <>
      {/* No unread count, no badge text: a hidden "0" would still be read as the button's visible label. */}
      <IconButton
        size="small"
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-label={unread ? t("notifications.openWithUnread", { count: unread }) : t("notifications.open")}
      >
        <Badge badgeContent={unread || null} color="error" max={99}>
          <NotificationsOutlined />
        </Badge>
      </IconButton>
      <Popover
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: "bottom", horizontal: "right" }}
        transformOrigin={{ vertical: "top", horizontal: "right" }}
        slotProps={{ paper: { sx: { width: 380, maxHeight: 480 }, role: "dialog", "aria-label": t("notifications.title") } }}
      >
        <Box sx={{ display: "flex", alignItems: "center", px: 2, py: 1 }}>
          <Typography variant="subtitle1" sx={{ flex: 1, fontWeight: 600 }}>
            {t("notifications.title")}
          </Typography>
          <Button size="small" disabled={!unread || mutation.isPending} onClick={() => markRead("all")}>
            {t("notifications.markAllRead")}
          </Button>
        </Box>
        <Divider />
        {isLoading ? (
          <Box sx={{ display: "flex", justifyContent: "center", p: 2 }}>
            <CircularProgress size={24} aria-label={t("notifications.title")} />
          </Box>
        ) : isError ? (
          <Typography sx={{ p: 2 }} color="error">
            {t("notifications.loadFailed")}
          </Typography>
        ) : !items.length ? (
          <Typography sx={{ p: 2 }} color="text.secondary">
            {t("notifications.empty")}
          </Typography>
        ) : (
          <List dense disablePadding aria-label={t("notifications.title")}>
            {items.map((n) => {
              const when = relativeTime(n.notification_timestamp);
              return (
                <ListItemButton key={n.notification_id} onClick={() => open(n)} sx={{ alignItems: "flex-start", bgcolor: n.notification_read ? undefined : "action.hover" }}>
                  <ListItemText
                    primary={n.notification_text}
                    secondary={t(`notifications.time.${when.key}`, { count: when.count })}
                    slotProps={{ primary: { sx: { fontWeight: n.notification_read ? 400 : 600 } } }}
                  />
                </ListItemButton>
              );
            })}
          </List>
        )}
        {result.hasNextPage && !isError && (
          <Box sx={{ display: "flex", justifyContent: "center", py: 1 }}>
            <Button size="small" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
              {t("notifications.showMore")}
            </Button>
          </Box>
        )}
      </Popover>
    </>
  );
}
