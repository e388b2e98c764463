import { Box } from "@mui/material";
import { ApplicationGrants } from "./ApplicationGrants";
import { AuthorizedUsers } from "./AuthorizedUsers";

/** Who reaches the application, and the roles granted on it alone. */
export function AccessTab({ applicationId, canManage }: { applicationId: string; canManage: boolean }) {
  return (
    <Box sx={{ display: "grid", gap: 2 }}>
      <AuthorizedUsers applicationId={applicationId} />
      <ApplicationGrants applicationId={applicationId} canManage={canManage} />
    </Box>
  );
}
