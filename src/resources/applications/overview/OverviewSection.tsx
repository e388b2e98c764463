import { useId, type ReactNode } from "react";
import { Paper, Typography } from "@mui/material";

/** A titled card of the overview; a named region, so readers and tests can find it by its title. */
export function OverviewSection({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Paper component="section" variant="outlined" aria-labelledby={id} sx={{ p: 2, display: "grid", gap: 1.5, alignContent: "start" }}>
      <Typography id={id} variant="h6" component="h2">
        {title}
      </Typography>
      {children}
    </Paper>
  );
}
