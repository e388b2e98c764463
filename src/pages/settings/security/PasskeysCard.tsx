import { useCallback, useEffect, useState } from "react";
import { Alert, Box, Button, Card, CardContent, IconButton, List, ListItem, ListItemText, Typography } from "@mui/material";
import DeleteOutline from "@mui/icons-material/DeleteOutline";
import { associateWebAuthnCredential, deleteWebAuthnCredential, listWebAuthnCredentials } from "aws-amplify/auth";
import { useCustom, type HttpError } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/dialogs/ConfirmDialog";
import { useFormatDateTime } from "../../../components/data-grid/grid-support";
import { notify } from "../../../providers/notifications";
import { passkeyErrorText } from "./security-errors";

export interface Passkey {
  id: string;
  name: string;
  createdAt: Date | null;
  lastUsedAt: string | null;
}

/** GET /v2/access/user/passkeys: when each passkey was last used (local identity only; Cognito does not say). */
interface PasskeyUsage {
  data: { credential_id: string; name: string | null; created_at: string; last_used_at: string | null }[];
}

/** The passkeys as the identity service lists them, every page. */
async function loadPasskeys(): Promise<Omit<Passkey, "lastUsedAt">[]> {
  const credentials = [];
  let nextToken: string | undefined;
  do {
    const page = await listWebAuthnCredentials({ pageSize: 20, nextToken });
    credentials.push(...page.credentials);
    nextToken = page.nextToken;
  } while (nextToken);
  return credentials.flatMap((c) => (c.credentialId ? [{ id: c.credentialId, name: c.friendlyCredentialName ?? "", createdAt: c.createdAt ?? null }] : []));
}

/** The user's passkeys: listed with when they were added and last used, added through the browser, removed after a confirmation. */
export function PasskeysCard() {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  const [listed, setListed] = useState<Omit<Passkey, "lastUsedAt">[] | null>(null);
  // "Last used" is an extra: the list stands without it.
  const { result: usage, query: usageQuery } = useCustom<PasskeyUsage, HttpError>({ url: "/access/user/passkeys", method: "get", errorNotification: false, queryOptions: { retry: false } });
  const lastUsed = new Map((usage.data?.data ?? []).map((p) => [p.credential_id, p.last_used_at]));
  const passkeys: Passkey[] | null = listed && listed.map((p) => ({ ...p, lastUsedAt: lastUsed.get(p.id) ?? null }));
  const [failure, setFailure] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const [removeError, setRemoveError] = useState<string | null>(null);

  const loadList = useCallback(async () => {
    try {
      setListed(await loadPasskeys());
    } catch {
      setFailure(t("security.passkeys.loadFailed"));
    }
  }, [t]);

  useEffect(() => {
    void loadList();
  }, [loadList]);

  const reload = () => Promise.all([loadList(), usageQuery.refetch()]);

  const add = async () => {
    setFailure(null);
    setAdding(true);
    try {
      await associateWebAuthnCredential();
      notify({ message: t("security.passkeys.added"), severity: "success" });
      await reload();
    } catch (error) {
      setFailure(passkeyErrorText(t, error));
    } finally {
      setAdding(false);
    }
  };

  const remove = async () => {
    if (!removing) return;
    setRemoveError(null);
    try {
      await deleteWebAuthnCredential({ credentialId: removing.id });
    } catch (error) {
      setRemoveError(t("security.passkeys.removeFailed"));
      throw error;
    }
    notify({ message: t("security.passkeys.removed"), severity: "success" });
    await reload();
  };

  const when = (date: Date | string | null) => (date ? formatDateTime(typeof date === "string" ? date : date.toISOString()) : null);

  return (
    <Card variant="outlined" component="section" aria-labelledby="passkeys-title">
      <CardContent sx={{ display: "grid", gap: 1.5 }}>
        <Typography variant="h6" component="h2" id="passkeys-title">
          {t("security.passkeys.title")}
        </Typography>
        <Typography color="text.secondary">{t("security.passkeys.description")}</Typography>
        {failure && (
          <Alert severity="error" role="alert">
            {failure}
          </Alert>
        )}
        {passkeys && passkeys.length === 0 && <Typography>{t("security.passkeys.none")}</Typography>}
        {passkeys && passkeys.length > 0 && (
          <List dense aria-label={t("security.passkeys.title")}>
            {passkeys.map((passkey) => (
              <ListItem
                key={passkey.id}
                divider
                secondaryAction={
                  <IconButton
                    edge="end"
                    aria-label={t("security.passkeys.remove", { name: passkey.name || t("security.passkeys.unnamed") })}
                    onClick={() => {
                      setRemoveError(null);
                      setRemoving(passkey);
                    }}
                  >
                    <DeleteOutline />
                  </IconButton>
                }
              >
                <ListItemText
                  primary={passkey.name || t("security.passkeys.unnamed")}
                  secondary={[
                    passkey.createdAt && t("security.passkeys.addedOn", { date: when(passkey.createdAt) }),
                    passkey.lastUsedAt ? t("security.passkeys.lastUsed", { date: when(passkey.lastUsedAt) }) : null,
                  ]
                    .filter(Boolean)
                    .join(" · ")}
                />
              </ListItem>
            ))}
          </List>
        )}
        <Box>
          <Button variant="outlined" onClick={add} disabled={adding || passkeys === null}>
            {t("security.passkeys.add")}
          </Button>
        </Box>
      </CardContent>
      <ConfirmDialog
        open={removing !== null}
        title={t("security.passkeys.removeTitle")}
        confirmLabel={t("security.passkeys.removeConfirm")}
        destructive
        error={removeError}
        onClose={() => setRemoving(null)}
        onConfirm={remove}
      >
        {removing && t("security.passkeys.removeBody", { name: removing.name || t("security.passkeys.unnamed") })}
      </ConfirmDialog>
    </Card>
  );
}
