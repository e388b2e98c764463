import { useEffect, useRef, useState } from "react";
import { Alert, Box, Button, CircularProgress, Link, List, ListItem, ListItemIcon, ListItemText, Table, TableBody, TableCell, TableHead, TableRow, Typography } from "@mui/material";
import CheckCircleOutline from "@mui/icons-material/CheckCircleOutline";
import ErrorOutline from "@mui/icons-material/ErrorOutline";
import HourglassEmpty from "@mui/icons-material/HourglassEmpty";
import RemoveCircleOutline from "@mui/icons-material/RemoveCircleOutline";
import { useCustom, useCustomMutation, type HttpError } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import type { ProviderTest } from "../../../domain/entities/identity-provider";

/** How often a pending test is read again while the Administrator signs in at the provider. */
export const TEST_POLL_MS = 2000;
const TESTS_PATH = "/company/identity-providers/test";

export interface ProviderTestInput {
  issuer_url: string;
  client_id: string;
  client_secret?: string;
  provider_id?: string;
}

export interface ProviderTestPanelProps {
  /** What to test, read when the button is pressed; null when the fields needed are not filled in (the form shows why). */
  input(): ProviderTestInput | null;
  disabled?: boolean;
}

const ICONS = {
  ok: <CheckCircleOutline color="success" />,
  failed: <ErrorOutline color="error" />,
  pending: <HourglassEmpty color="action" />,
  skipped: <RemoveCircleOutline color="disabled" />,
} as const;

/**
 * "Test connection": discovery, keys and redirect URI checked by the server at once, then a sign-in at the
 * provider in a popup; the test is read every 2 s until that round trip has an outcome.
 */
export function ProviderTestPanel({ input, disabled }: ProviderTestPanelProps) {
  const { t } = useTranslation();
  const [test, setTest] = useState<ProviderTest | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const [popupBlocked, setPopupBlocked] = useState(false);
  const popup = useRef<Window | null>(null);

  const pendingId = test?.status === "pending" ? test.id : null;
  const { mutateAsync: startTest } = useCustomMutation<ProviderTest>();
  // Read on the panel's own clock (every 2 s while pending), not on mount: the test was just answered by its start.
  const { query: poll } = useCustom<ProviderTest, HttpError>({
    url: `${TESTS_PATH}/${pendingId}`,
    method: "get",
    queryOptions: { enabled: false, retry: false },
    errorNotification: false,
  });
  const refetch = poll.refetch;
  useEffect(() => {
    if (!pendingId) return;
    let live = true;
    const timer = setInterval(() => {
      void refetch().then((read) => {
        if (!live) return;
        if (read.data) setTest(read.data.data);
        else if (read.error) {
          setFailure(t("security.providers.test.failed", { message: read.error.message }));
          setTest((current) => current && { ...current, status: "failed" });
        }
      });
    }, TEST_POLL_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [pendingId, refetch, t]);

  // The popup has done its part once the test has an outcome.
  useEffect(() => {
    if (test && test.status !== "pending") popup.current?.close();
  }, [test]);

  const start = async () => {
    const body = input();
    if (!body) return;
    setFailure(null);
    setPopupBlocked(false);
    setStarting(true);
    try {
      const { data: started } = await startTest({ url: TESTS_PATH, method: "post", values: body, successNotification: false, errorNotification: false });
      setTest(started);
      if (started.status === "pending" && started.authorize_url) {
        popup.current = window.open(started.authorize_url, "steward-sso-test", "popup,width=520,height=680");
        setPopupBlocked(!popup.current);
      }
    } catch (error) {
      setFailure(t("security.providers.test.failed", { message: (error as HttpError).message }));
    } finally {
      setStarting(false);
    }
  };

  return (
    <Box sx={{ display: "grid", gap: 1 }} component="section" aria-labelledby="provider-test-title">
      <Typography variant="subtitle1" component="h3" id="provider-test-title">
        {t("security.providers.test.title")}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t("security.providers.test.help")}
      </Typography>
      <Box>
        <Button variant="outlined" onClick={start} disabled={disabled || starting || pendingId !== null}>
          {t("security.providers.test.run")}
        </Button>
      </Box>
      {failure && (
        <Alert severity="error" role="alert">
          {failure}
        </Alert>
      )}
      {test && (
        <>
          <Box role="status" sx={{ display: "flex", alignItems: "center", gap: 1 }}>
            {test.status === "pending" && <CircularProgress size={16} aria-hidden />}
            <Typography variant="body2">{t(`security.providers.test.status.${test.status}`)}</Typography>
          </Box>
          {test.status === "pending" && test.authorize_url && (
            <Typography variant="body2">
              {popupBlocked && `${t("security.providers.test.popupBlocked")} `}
              <Link href={test.authorize_url} target="_blank" rel="noopener">
                {t("security.providers.test.openSignIn")}
              </Link>
            </Typography>
          )}
          <List dense aria-label={t("security.providers.test.steps")}>
            {test.steps.map(({ step, state, detail }) => (
              <ListItem key={step} disableGutters>
                <ListItemIcon sx={{ minWidth: 36 }}>{ICONS[state]}</ListItemIcon>
                <ListItemText
                  primary={`${t(`security.providers.test.step.${step}`)}: ${t(`security.providers.test.state.${state}`)}`}
                  secondary={detail}
                  slotProps={{ secondary: { sx: { wordBreak: "break-word" } } }}
                />
              </ListItem>
            ))}
          </List>
          {test.claims && Object.keys(test.claims).length > 0 && (
            <Table size="small" aria-label={t("security.providers.test.claims")}>
              <TableHead>
                <TableRow>
                  <TableCell>{t("security.providers.test.claim")}</TableCell>
                  <TableCell>{t("security.providers.test.value")}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {Object.entries(test.claims).map(([claim, value]) => (
                  <TableRow key={claim}>
                    <TableCell sx={{ fontFamily: "monospace" }}>{claim}</TableCell>
                    <TableCell sx={{ wordBreak: "break-word" }}>{typeof value === "string" ? value : JSON.stringify(value)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </>
      )}
    </Box>
  );
}
