import { useState } from "react";
import { Alert, Box, Button, Card, CardContent, MenuItem, TextField, Typography } from "@mui/material";
import { useCustom, useCustomMutation, type HttpError } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import { useLocaleAreas } from "../../i18n/use-all-areas";
import type { IdentityLink } from "../../../domain/entities/identity-link";
import type { IdentityProvider } from "../../../domain/entities/identity-provider";
import type { User } from "../../../domain/entities/user";
import { ConfirmDialog } from "../../components/dialogs/ConfirmDialog";
import { fullName } from "./user-support";

/** The texts of corporate sign-in are an area loaded on demand. */
const SSO_AREAS = ["sso"] as const;

/**
 * Manage Users → Link to corporate sign-in: the user's link (pending until they confirm it, then linked) and the
 * Administrator's actions on it, each behind a confirmation.
 */
export function IdentityLinkCard({ user }: { user: Pick<User, "id" | "email" | "first_name" | "last_name"> }) {
  useLocaleAreas(SSO_AREAS);
  const { t } = useTranslation();
  const url = `/access/users/${user.id}/identity-link`;
  const { query } = useCustom<IdentityLink, HttpError>({ url, method: "get", queryOptions: { retry: false }, errorNotification: false });
  const { query: providersQuery } = useCustom<{ items: IdentityProvider[] }, HttpError>({
    url: "/company/identity-providers",
    method: "get",
    config: { query: { page_size: 200 } },
    queryOptions: { retry: false },
    errorNotification: false,
  });
  const { mutateAsync } = useCustomMutation<IdentityLink, HttpError>();
  const [dialog, setDialog] = useState<"link" | "remove" | null>(null);
  const [providerId, setProviderId] = useState("");
  const [failure, setFailure] = useState<string | null>(null);
  // Only an answer that is a link counts (a refusal or anything else shows no state).
  const link = query.data?.data?.status ? query.data.data : undefined;
  const providers = (providersQuery.data?.data.items ?? []).filter((p) => p.type === "oidc");
  const name = fullName(user);
  // The first provider until the Administrator picks another (the list may arrive after the dialog opens).
  const chosen = providerId || providers[0]?.id || "";

  const run = async (method: "post" | "delete") => {
    setFailure(null);
    try {
      await mutateAsync({ url, method, values: method === "post" ? { provider_id: chosen } : {}, successNotification: false, errorNotification: false });
      setDialog(null);
      await query.refetch();
    } catch (error) {
      setFailure((error as HttpError).message);
    }
  };

  return (
    <Card variant="outlined" component="section" aria-labelledby="identity-link-title">
      <CardContent sx={{ display: "grid", gap: 2 }}>
        <Typography id="identity-link-title" variant="h6" component="h2">
          {t("sso.link.selfTitle")}
        </Typography>
        {link && <Alert severity={link.status === "linked" ? "success" : "info"}>{t(`sso.link.${link.status}`, { provider: link.provider_name })}</Alert>}
        <Box sx={{ display: "flex", gap: 1, justifyContent: "flex-end" }}>
          {link && (
            <Button color="error" onClick={() => setDialog("remove")}>
              {t("sso.link.remove")}
            </Button>
          )}
          <Button variant="contained" onClick={() => (setProviderId(""), setFailure(null), setDialog("link"))}>
            {t("sso.link.action")}
          </Button>
        </Box>
      </CardContent>
      <ConfirmDialog
        open={dialog === "link"}
        title={t("sso.link.dialogTitle", { name })}
        confirmLabel={t("sso.link.confirm")}
        error={failure}
        onClose={() => setDialog(null)}
        onConfirm={() => run("post")}
      >
        <Typography>{t("sso.link.dialogText", { name })}</Typography>
        {providers.length === 0 ? (
          <Alert severity="warning">{t("sso.link.noProviders")}</Alert>
        ) : (
          <TextField select fullWidth sx={{ mt: 2 }} label={t("sso.link.provider")} value={chosen} onChange={(e) => setProviderId(e.target.value)}>
            {providers.map((p) => (
              <MenuItem key={p.id} value={p.id}>
                {p.name}
              </MenuItem>
            ))}
          </TextField>
        )}
      </ConfirmDialog>
      <ConfirmDialog
        open={dialog === "remove"}
        title={t("sso.link.removeTitle", { provider: link?.provider_name ?? "" })}
        confirmLabel={t("sso.link.remove")}
        destructive
        error={failure}
        onClose={() => setDialog(null)}
        onConfirm={() => run("delete")}
      >
        <Typography>{t("sso.link.removeText", { name, provider: link?.provider_name ?? "" })}</Typography>
      </ConfirmDialog>
    </Card>
  );
}
