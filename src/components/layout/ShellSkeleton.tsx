import { Box, Skeleton } from "@mui/material";
import { SIDER_WIDTH, SIDER_WIDTH_COLLAPSED, TOP_BAR_HEIGHT } from "../../theme";
import { PageSkeleton } from "./PageSkeleton";
import { siderCollapsed } from "./sider-state";

/**
 * The signed-in layout's first paint, before the app, the user's strings and their identity have loaded: the
 * sider, the top bar and the page in grey where they will be, so nothing jumps when they arrive. It needs no
 * provider (it shows before any is ready) and no words.
 */
export function ShellSkeleton() {
  const width = siderCollapsed() ? SIDER_WIDTH_COLLAPSED : SIDER_WIDTH;
  return (
    <Box sx={{ display: "flex", minHeight: "100vh" }} data-testid="shell-skeleton">
      <Box sx={{ width, flexShrink: 0, borderRight: 1, borderColor: "divider", bgcolor: "background.paper", p: 2, display: "grid", alignContent: "start", gap: 2 }}>
        <Skeleton variant="text" sx={{ fontSize: "1.25rem", width: "70%" }} />
        {Array.from({ length: 5 }, (_, i) => (
          <Skeleton key={i} variant="rounded" height={28} />
        ))}
      </Box>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Box sx={{ height: TOP_BAR_HEIGHT, borderBottom: 1, borderColor: "divider", bgcolor: "background.paper", display: "flex", alignItems: "center", px: 3 }}>
          <Skeleton variant="text" sx={{ width: 200 }} />
        </Box>
        <Box sx={{ p: 3 }}>
          <PageSkeleton />
        </Box>
      </Box>
    </Box>
  );
}
