import { Alert } from "@mui/material";

/** Why a download failed, until the user closes it. */
export function DownloadFailure({ message, onClose }: { message: string | null; onClose: () => void }) {
  if (!message) return null;
  return (
    <Alert severity="error" role="alert" onClose={onClose}>
      {message}
    </Alert>
  );
}
