import { Box, Typography } from "@mui/material";

/** A compact bulleted list of sentences (rule reasons, missing questions), named for screen readers when given a label. */
export function BulletList({ items, "aria-label": label }: { items: readonly { key: string; text: string }[]; "aria-label"?: string }) {
  return (
    <Box component="ul" aria-label={label} sx={{ m: 0, pl: 2.5 }}>
      {items.map(({ key, text }) => (
        <Typography component="li" variant="body2" key={key}>
          {text}
        </Typography>
      ))}
    </Box>
  );
}
