import { Alert, Box, Button, CircularProgress } from "@mui/material";
import VerifiedOutlined from "@mui/icons-material/VerifiedOutlined";
import { useCustom, type HttpError } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import type { ChainVerdict } from "../../../domain/audit/chain";

/** "Verify chain": GET /audit/verify on demand, and what it found. */
export function VerifyChain({ onShowEntry }: { onShowEntry(id: string): void }) {
  const { t, i18n } = useTranslation();
  const { query, result } = useCustom<ChainVerdict, HttpError>({
    url: "/audit/verify",
    method: "get",
    queryOptions: { enabled: false, retry: false, gcTime: 0 },
    errorNotification: false,
  });
  const verdict = query.isFetching ? undefined : (result.data as ChainVerdict | undefined);
  const count = (n: number) => n.toLocaleString(i18n.resolvedLanguage);
  return (
    <Box sx={{ display: "grid", gap: 1, justifyItems: "start" }}>
      <Button
        variant="outlined"
        startIcon={query.isFetching ? <CircularProgress size={16} /> : <VerifiedOutlined />}
        disabled={query.isFetching}
        onClick={() => void query.refetch()}
      >
        {query.isFetching ? t("audit.verify.running") : t("audit.verify.action")}
      </Button>
      {query.isError && !query.isFetching && (
        <Alert severity="error" role="alert">
          {t("audit.verify.failed", { message: query.error?.message })}
        </Alert>
      )}
      {verdict?.ok === true && (
        <Alert severity="success" role="status">
          {verdict.entries === 0 ? t("audit.verify.empty") : t("audit.verify.ok", { entries: count(verdict.entries) })}
          {verdict.head && (
            <Box component="div" sx={{ fontFamily: "monospace", fontSize: 13, mt: 0.5, overflowWrap: "anywhere" }}>
              {t("audit.verify.head", { head: verdict.head })}
            </Box>
          )}
        </Alert>
      )}
      {verdict?.ok === false && (
        <Alert
          severity="error"
          role="alert"
          action={
            <Button color="inherit" size="small" onClick={() => onShowEntry(verdict.broken_at)}>
              {t("audit.verify.showBroken")}
            </Button>
          }
        >
          {t("audit.verify.broken", { id: verdict.broken_at, seq: count(verdict.broken_seq), reason: t(`audit.verify.reasons.${verdict.reason}`), entries: count(verdict.entries) })}
        </Alert>
      )}
    </Box>
  );
}
