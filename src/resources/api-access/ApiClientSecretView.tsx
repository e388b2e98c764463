import { Alert, Box, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import type { ApiClientCreated } from "../../../domain/entities/api-client";
import { CopyField } from "./CopyField";
import { curlExample } from "./curl-example";

/** What POST /access/api-clients answered, shown once: the secret cannot be fetched again. */
export function ApiClientSecretView({ client }: { client: ApiClientCreated }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: "grid", gap: 1.5 }}>
      <Alert severity="warning">{t("api-clients.secret.warning")}</Alert>
      <Typography variant="subtitle1" component="p">
        {client.name}
      </Typography>
      <CopyField label={t("api-clients.fields.clientId")} value={client.client_id} copyLabel={t("api-clients.secret.copyClientId")} />
      <CopyField label={t("api-clients.fields.clientSecret")} value={client.client_secret} copyLabel={t("api-clients.secret.copyClientSecret")} />
      <CopyField label={t("api-clients.fields.tokenUrl")} value={client.token_url} copyLabel={t("api-clients.secret.copyTokenUrl")} />
      <Typography variant="body2" color="text.secondary">
        {t("api-clients.secret.curlHelp")}
      </Typography>
      <CopyField
        label={t("api-clients.fields.curl")}
        value={curlExample(client.client_id, client.client_secret, client.token_url)}
        copyLabel={t("api-clients.secret.copyCurl")}
        multiline
      />
    </Box>
  );
}
