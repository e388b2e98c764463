import { useState } from "react";
import { Alert, Box, Button, Chip, Typography } from "@mui/material";
import { useCustomMutation, useInvalidate, type HttpError } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import type { IdentityProvider, SsoDomain } from "../../../domain/entities/identity-provider";
import { CopyField } from "../api-access/CopyField";
import { IDENTITY_PROVIDERS_RESOURCE } from "./identity-providers-resource";

export interface DomainVerificationSectionProps {
  providers: IdentityProvider[];
}

type Outcome = { severity: "success" | "error"; text: string };

/**
 * "E-mail domain verification": each provider's domains with their state, the TXT record that proves the company
 * holds the domain, and "Verify", which has the server look the record up now.
 */
export function DomainVerificationSection({ providers }: DomainVerificationSectionProps) {
  const { t } = useTranslation();
  const rows = providers.flatMap((provider) => provider.domain_verification.map((entry) => ({ provider, entry })));
  if (rows.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="domain-verification-title" sx={{ display: "grid", gap: 2 }}>
      <Typography variant="subtitle1" component="h3" id="domain-verification-title">
        {t("security.domains.title")}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t("security.domains.help")}
      </Typography>
      {rows.map(({ provider, entry }) => (
        <DomainRow key={`${provider.id}/${entry.domain}`} provider={provider} entry={entry} />
      ))}
    </Box>
  );
}

function DomainRow({ provider, entry }: { provider: IdentityProvider; entry: SsoDomain }) {
  const { t } = useTranslation();
  const invalidate = useInvalidate();
  const { mutateAsync: post } = useCustomMutation<SsoDomain>();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const verified = entry.status === "verified";
  const titleId = `domain-${provider.id}-${entry.domain}`;

  const verify = async () => {
    setBusy(true);
    setOutcome(null);
    try {
      await post({
        url: `/company/identity-providers/${provider.id}/domains/${entry.domain}/verify`,
        method: "post",
        values: {},
        successNotification: false,
        errorNotification: false,
      });
      setOutcome({ severity: "success", text: t("security.domains.verified", { domain: entry.domain }) });
    } catch (error) {
      setOutcome({ severity: "error", text: failureText(t, error as HttpError, entry.domain) });
    } finally {
      setBusy(false);
      await invalidate({ resource: IDENTITY_PROVIDERS_RESOURCE, invalidates: ["list"] });
    }
  };

  return (
    <Box role="group" aria-labelledby={titleId} sx={{ display: "grid", gap: 1, borderTop: 1, borderColor: "divider", pt: 2 }}>
      <Box sx={{ display: "flex", alignItems: "center", gap: 1, flexWrap: "wrap" }}>
        <Typography id={titleId} sx={{ fontWeight: 500 }}>
          {entry.domain}
        </Typography>
        <Chip size="small" color={verified ? "success" : "warning"} label={t(`security.domains.status.${entry.status}`)} />
        <Typography variant="body2" color="text.secondary">
          {t("security.domains.provider", { name: provider.name })}
        </Typography>
      </Box>
      <CopyField
        label={t("security.domains.record", { domain: entry.domain })}
        value={entry.txt_record}
        copyLabel={t("security.domains.copy", { domain: entry.domain })}
      />
      {entry.check_failure && !outcome && (
        <Typography variant="body2" color={verified ? "text.secondary" : "error"}>
          {t("security.domains.lastCheck", { reason: t(`sso.domainCheck.${entry.check_failure}`, { domain: entry.domain }) })}
        </Typography>
      )}
      {outcome && (
        <Alert severity={outcome.severity} role={outcome.severity === "error" ? "alert" : "status"}>
          {outcome.text}
        </Alert>
      )}
      <Box>
        <Button variant="outlined" onClick={verify} disabled={busy} aria-label={t("security.domains.verifyNamed", { domain: entry.domain })}>
          {t("security.domains.verify")}
        </Button>
      </Box>
    </Box>
  );
}

/** The server's reason, in the reader's language when it names one of ours; its own sentence otherwise. */
function failureText(t: (key: string, options?: Record<string, unknown>) => string, error: HttpError, domain: string): string {
  const errors = error.errors as Record<string, string[] | string | undefined> | undefined;
  const raw = errors?.domain;
  const key = Array.isArray(raw) ? raw[0] : raw;
  return key?.startsWith("sso.") ? t(key, { domain }) : error.message;
}
