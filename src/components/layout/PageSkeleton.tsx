import { Box, Skeleton } from "@mui/material";

/**
 * What a page looks like while it loads: its heading, a line of help and a block of content, in grey. Busy for
 * assistive technology, whose users hear the page once it is there; the grey shapes themselves say nothing.
 */
export function PageSkeleton() {
  return (
    <Box aria-busy="true" data-testid="page-skeleton" sx={{ display: "grid", gap: 2 }}>
      <Skeleton variant="text" sx={{ fontSize: "1.5rem", width: "min(320px, 60%)" }} />
      <Skeleton variant="text" sx={{ width: "min(640px, 90%)" }} />
      <Skeleton variant="rounded" height={48} />
      <Skeleton variant="rounded" height={280} />
    </Box>
  );
}
