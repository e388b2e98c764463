import { Link as RouterLink, useParams } from "react-router";
import { Alert, Box, Button, LinearProgress, Tooltip, Typography } from "@mui/material";
import ArrowBackOutlined from "@mui/icons-material/ArrowBackOutlined";
import DeleteOutline from "@mui/icons-material/DeleteOutline";
import LockResetOutlined from "@mui/icons-material/LockResetOutlined";
import { useNavigation, useOne, type HttpError } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import type { User } from "../../../domain/entities/user";
import { useEntityTitle } from "../../components/layout/entity-titles";
import { EntityNotFound } from "../../pages/errors/EntityNotFound";
import { IdentityLinkCard } from "./IdentityLinkCard";
import { RoleAssignments } from "./RoleAssignments";
import { UserProfileCard } from "./UserProfileCard";
import { fullName, USERS_RESOURCE } from "./user-support";
import { useUserActions } from "./use-user-actions";

/** /manage-users/{userId}: a user's profile, role assignments, password reset and deletion. */
export default function UserEditPage() {
  const { t } = useTranslation();
  const { list, listUrl } = useNavigation();
  const { id: userId } = useParams<{ id: string }>();
  const { query, result: user } = useOne<User, HttpError>({
    resource: USERS_RESOURCE,
    id: userId ?? "",
    queryOptions: { enabled: Boolean(userId), retry: false },
    errorNotification: false,
  });
  const name = user ? fullName(user) : undefined;
  // The breadcrumb of a user is their full name.
  useEntityTitle(userId, name);
  const actions = useUserActions({ onDeleted: () => list(USERS_RESOURCE) });

  const status = query.error?.statusCode;
  // 400 is an id that is no UUID: as missing as an unknown one.
  if (status === 404 || status === 400) {
    return (
      <EntityNotFound title={t("users.notFound.title")} backTo={listUrl(USERS_RESOURCE)} backLabel={t("users.notFound.back")}>
        {t("users.notFound.body")}
      </EntityNotFound>
    );
  }
  if (query.error) {
    return (
      <Alert severity="error" role="alert">
        {t("users.edit.loadFailed", { message: query.error.message })}
      </Alert>
    );
  }
  // Detail routes load their entity before showing.
  if (!user) return <LinearProgress aria-label={t("users.title")} />;

  const self = actions.isSelf(user);
  return (
    <Box sx={{ display: "grid", gap: 2, maxWidth: 960 }}>
      <Box>
        <Button component={RouterLink} to={listUrl(USERS_RESOURCE)} startIcon={<ArrowBackOutlined />} size="small">
          {t("users.edit.back")}
        </Button>
      </Box>
      <Box sx={{ display: "flex", alignItems: "center", justifyContent: "space-between", gap: 2, flexWrap: "wrap" }}>
        <Typography variant="h5" component="h1">
          {name}
        </Typography>
        <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap" }}>
          <Button variant="outlined" startIcon={<LockResetOutlined />} onClick={() => actions.askReset(user)}>
            {t("users.actions.resetPassword")}
          </Button>
          {/* A disabled button gets no pointer events; the span lets the tooltip say why. */}
          <Tooltip title={self ? t("users.actions.cannotDeleteSelf") : ""}>
            <span>
              <Button variant="outlined" color="error" startIcon={<DeleteOutline />} disabled={self} onClick={() => actions.askDelete(user)}>
                {t("users.actions.delete")}
              </Button>
            </span>
          </Tooltip>
        </Box>
      </Box>
      <UserProfileCard user={user} onSaved={() => void query.refetch()} />
      <RoleAssignments user={user} onChanged={() => void query.refetch()} />
      <IdentityLinkCard user={user} />
      {actions.dialogs}
    </Box>
  );
}
