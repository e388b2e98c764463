import { useEffect, useState, type FormEvent } from "react";
import { Alert, Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from "@mui/material";
import { setUpTOTP, verifyTOTPSetup } from "aws-amplify/auth";
import { useTranslation } from "react-i18next";
import { oneTimeCodeSchema } from "../../../../domain/auth/mfa";
import { CopyField } from "../../../resources/api-access/CopyField";
import { mfaErrorText } from "./security-errors";

/** The name authenticator apps list the account under. */
export const TOTP_ISSUER = "Steward";

export interface TotpSetupDialogProps {
  email: string;
  onClose(): void;
  /** After the app's code was accepted: the caller turns the factor on. */
  onVerified(): Promise<void>;
}

interface Setup {
  secret: string;
  /** The otpauth:// URI as an SVG QR code, ready for an <img>. */
  qr: string;
}

/** QR code rendering is only needed here, so the library loads when the dialog opens. */
async function qrImage(uri: string): Promise<string> {
  const QRCode = await import("qrcode");
  const svg = await QRCode.toString(uri, { type: "svg", margin: 1 });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** Authenticator app setup: a fresh secret as a QR code and as text, then the app's current code to prove it. */
export function TotpSetupDialog({ email, onClose, onVerified }: TotpSetupDialogProps) {
  const { t } = useTranslation();
  const [setup, setSetup] = useState<Setup | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [code, setCode] = useState("");
  const [codeError, setCodeError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    (async () => {
      const details = await setUpTOTP();
      const qr = await qrImage(details.getSetupUri(TOTP_ISSUER, email).toString());
      if (live) setSetup({ secret: details.sharedSecret, qr });
    })().catch((error: unknown) => live && setLoadError(mfaErrorText(t, error)));
    return () => {
      live = false;
    };
  }, [email, t]);

  const verify = async (event: FormEvent) => {
    event.preventDefault();
    const typed = code.replace(/\s+/g, "");
    if (!oneTimeCodeSchema.safeParse(typed).success) {
      setCodeError(t("security.totp.codeFormat"));
      return;
    }
    setCodeError(null);
    setBusy(true);
    try {
      await verifyTOTPSetup({ code: typed });
      await onVerified();
      onClose();
    } catch (error) {
      setCodeError(mfaErrorText(t, error));
    } finally {
      setBusy(false);
    }
  };

  const titleId = "totp-setup-title";
  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <Box component="form" noValidate onSubmit={verify}>
        <DialogTitle id={titleId}>{t("security.totp.setupTitle")}</DialogTitle>
        <DialogContent sx={{ display: "grid", gap: 2 }}>
          {loadError ? (
            <Alert severity="error" role="alert">
              {loadError}
            </Alert>
          ) : !setup ? (
            <CircularProgress aria-label={t("security.totp.preparing")} sx={{ justifySelf: "center" }} />
          ) : (
            <>
              <DialogContentText>{t("security.totp.scan")}</DialogContentText>
              <Box component="img" src={setup.qr} alt={t("security.totp.qrAlt")} sx={{ width: 200, height: 200, justifySelf: "center" }} />
              <DialogContentText>{t("security.totp.orType")}</DialogContentText>
              <CopyField label={t("security.totp.secret")} value={setup.secret} copyLabel={t("security.totp.copySecret")} />
              <TextField
                label={t("security.totp.code")}
                value={code}
                onChange={(e) => setCode(e.target.value)}
                required
                autoFocus
                autoComplete="one-time-code"
                error={Boolean(codeError)}
                helperText={codeError ?? t("security.totp.codeHelp")}
                slotProps={{ htmlInput: { inputMode: "numeric", maxLength: 8 } }}
              />
            </>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {t("common.cancel")}
          </Button>
          <Button type="submit" variant="contained" disabled={busy || !setup}>
            {t("security.totp.verify")}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
