import { useId, useState, type ReactNode } from "react";
import { Box, Button, Menu, MenuItem } from "@mui/material";
import type { ApiRequest } from "../../providers/api-client";
import { DownloadFailure } from "./DownloadFailure";
import { useFileDownload } from "./use-file-download";

/** One file a download menu offers: its label and where the API makes it. */
export interface DownloadChoice {
  label: string;
  path: string;
  /** Read when chosen, so it says what the screen shows at that moment. */
  query?: () => ApiRequest["query"];
  /** The saved file's name when the server gives none. */
  fallbackName: string;
}

interface Props {
  label: string;
  /** The menu's accessible name (“Export as”). */
  menuLabel: string;
  /** What the button says while the file is made. */
  busyLabel: string;
  /** The i18n key of the failure (with `{{message}}`). */
  failedKey: string;
  choices: DownloadChoice[];
  icon?: ReactNode;
}

/** A button opening a menu of files to download (CSV or Excel, PDF or Excel), each made by the server in the user's language. */
export function DownloadMenu({ label, menuLabel, busyLabel, failedKey, choices, icon }: Props) {
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { download, busy, failure, dismissFailure } = useFileDownload(failedKey);
  const choose = (choice: DownloadChoice) => {
    setAnchor(null);
    void download(choice.path, choice.query?.() ?? {}, choice.fallbackName);
  };
  return (
    <Box sx={{ display: "inline-grid", gap: 1 }}>
      <Button
        size="small"
        startIcon={icon}
        disabled={busy}
        aria-busy={busy}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? "true" : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {busy ? busyLabel : label}
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)} slotProps={{ list: { "aria-label": menuLabel } }}>
        {choices.map((choice) => (
          <MenuItem key={choice.label} onClick={() => choose(choice)}>
            {choice.label}
          </MenuItem>
        ))}
      </Menu>
      <DownloadFailure message={failure} onClose={dismissFailure} />
    </Box>
  );
}
