import { useEffect, useRef, useState } from "react";
import { Box, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";

declare module "react" {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements {
      "altcha-widget": React.DetailedHTMLProps<React.HTMLAttributes<HTMLElement>, HTMLElement> & { challenge?: string; name?: string; language?: string };
    }
  }
}

const CAPTCHA_BASE = "/identity/captcha";

export type CaptchaKind = "sign_in" | "reset";

/**
 * Whether the identity service wants a captcha for this username now: asked when the
 * username settles and after every failed attempt (the error text changes).
 */
export function useCaptchaRequired(kind: CaptchaKind, username: string, lastError: string | null): boolean {
  const [required, setRequired] = useState(false);
  useEffect(() => {
    const name = username.trim();
    if (name.length < 3) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetch(`${CAPTCHA_BASE}/required?flow=${kind}&username=${encodeURIComponent(name)}`, { signal: controller.signal })
        .then((r) => (r.ok ? r.json() : { required: false }))
        .then((body: { required?: boolean }) => setRequired(Boolean(body.required)))
        .catch(() => {});
    }, 400);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [kind, username, lastError]);
  return required;
}

/** The self-hosted ALTCHA proof of work; hands its payload up once solved. */
export function Captcha({ onSolved }: { onSolved: (payload: string | undefined) => void }) {
  const { t, i18n } = useTranslation();
  const ref = useRef<HTMLElement>(null);
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    let cancelled = false;
    void import("altcha").then(() => !cancelled && setLoaded(true));
    return () => {
      cancelled = true;
    };
  }, []);
  useEffect(() => {
    const widget = ref.current;
    if (!widget) return;
    const onState = (event: Event) => {
      const detail = (event as CustomEvent<{ state: string; payload?: string }>).detail;
      onSolved(detail.state === "verified" ? detail.payload : undefined);
    };
    widget.addEventListener("statechange", onState);
    return () => widget.removeEventListener("statechange", onState);
  }, [loaded, onSolved]);
  return (
    <Box data-testid="captcha">
      <Typography variant="body2" color="text.secondary" gutterBottom>
        {t("auth.captcha.prompt")}
      </Typography>
      {loaded && <altcha-widget ref={ref} challenge={`${CAPTCHA_BASE}/challenge`} language={i18n.resolvedLanguage} />}
    </Box>
  );
}
