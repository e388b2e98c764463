import { useState } from "react";
import { Alert, Button, Card, CardContent, Typography } from "@mui/material";
import { useCustom, useCustomMutation, type HttpError } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import { useLocaleAreas } from "../../i18n/use-all-areas";
import type { IdentityLink } from "../../../domain/entities/identity-link";

/** The texts of corporate sign-in are an area loaded on demand. */
const SSO_AREAS = ["sso"] as const;

/**
 * The person's own link to corporate sign-in: shown once an Administrator made one. Confirming sends the browser
 * to the provider; it comes back here with `?identity_link=confirmed` (or `refused` and the reason).
 */
export function CorporateSignInCard() {
  useLocaleAreas(SSO_AREAS);
  const { t } = useTranslation();
  const { query } = useCustom<IdentityLink, HttpError>({ url: "/access/user/identity-link", method: "get", queryOptions: { retry: false }, errorNotification: false });
  const { mutateAsync } = useCustomMutation<{ url: string }, HttpError>();
  const [failure, setFailure] = useState<string | null>(null);
  const params = new URLSearchParams(window.location.search);
  const returned = params.get("identity_link");
  const link = query.data?.data;
  if (!link && !returned) return null;

  const confirm = async () => {
    setFailure(null);
    try {
      const { data } = await mutateAsync({ url: "/access/user/identity-link/confirm", method: "post", values: {}, successNotification: false, errorNotification: false });
      window.location.assign(data.url);
    } catch (error) {
      setFailure((error as HttpError).message);
    }
  };

  return (
    <Card variant="outlined" component="section" aria-labelledby="corporate-sign-in-title">
      <CardContent sx={{ display: "grid", gap: 2 }}>
        <Typography id="corporate-sign-in-title" variant="h6" component="h2">
          {t("sso.link.selfTitle")}
        </Typography>
        {returned === "confirmed" && <Alert severity="success">{t("sso.link.selfConfirmed")}</Alert>}
        {returned === "refused" && <Alert severity="error">{t("sso.link.selfRefused", { reason: params.get("identity_link_error") ?? "" })}</Alert>}
        {failure && <Alert severity="error">{failure}</Alert>}
        {link && <Typography>{t(link.status === "linked" ? "sso.link.selfLinked" : "sso.link.selfPending", { provider: link.provider_name })}</Typography>}
        {link?.status === "pending" && (
          <Button variant="contained" onClick={() => void confirm()} sx={{ justifySelf: "start" }}>
            {t("sso.link.selfConfirm", { provider: link.provider_name })}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
