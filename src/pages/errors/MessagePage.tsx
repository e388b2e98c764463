import type { ReactNode } from "react";
import { Box, Typography } from "@mui/material";

/** The shared frame of the full-page messages: not found, unexpected error, maintenance, unauthorised. */
export function MessagePage({ code, title, children, action }: { code?: string; title: string; children?: ReactNode; action?: ReactNode }) {
  return (
    <Box sx={{ minHeight: "60vh", display: "flex", flexDirection: "column", alignItems: "center", justifyContent: "center", textAlign: "center", gap: 2, p: 4 }}>
      {code && (
        <Typography variant="h1" color="primary" sx={{ fontWeight: 700 }}>
          {code}
        </Typography>
      )}
      <Typography variant="h4" component="h1">
        {title}
      </Typography>
      {children && (
        <Typography color="text.secondary" sx={{ maxWidth: 600 }}>
          {children}
        </Typography>
      )}
      {action}
    </Box>
  );
}
