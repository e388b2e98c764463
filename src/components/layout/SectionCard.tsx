import type { ReactNode } from "react";
import { Card, CardContent, Typography, type SxProps, type Theme } from "@mui/material";

export interface SectionCardProps {
  /** Id of the heading, which names the section (a landmark screen readers list). */
  titleId: string;
  title: string;
  /** Space between the heading and the blocks under it. */
  gap?: number;
  sx?: SxProps<Theme>;
  children: ReactNode;
}

/** A titled part of a page in an outlined card: an h2 naming a section landmark. */
export function SectionCard({ titleId, title, gap = 2, sx, children }: SectionCardProps) {
  return (
    <Card variant="outlined" component="section" aria-labelledby={titleId} sx={sx}>
      <CardContent sx={{ display: "grid", gap }}>
        <Typography id={titleId} variant="h6" component="h2">
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}
