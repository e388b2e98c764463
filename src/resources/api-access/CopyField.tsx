import { useEffect, useState } from "react";
import { IconButton, InputAdornment, TextField, Tooltip } from "@mui/material";
import CheckOutlined from "@mui/icons-material/CheckOutlined";
import ContentCopyOutlined from "@mui/icons-material/ContentCopyOutlined";
import { useTranslation } from "react-i18next";

const COPIED_FEEDBACK_MS = 2000;

export interface CopyFieldProps {
  label: string;
  value: string;
  /** Accessible name of the copy button, e.g. "Copy client secret". */
  copyLabel: string;
  multiline?: boolean;
}

/** A read-only monospace value with a copy button that says "Copied" once the clipboard has it. */
export function CopyField({ label, value, copyLabel, multiline }: CopyFieldProps) {
  const { t } = useTranslation();
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");

  useEffect(() => {
    if (state !== "copied") return;
    const timer = setTimeout(() => setState("idle"), COPIED_FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [state]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setState("copied");
    } catch {
      // No clipboard permission (or no secure context): the text stays selectable.
      setState("failed");
    }
  };

  return (
    <TextField
      label={label}
      value={value}
      multiline={multiline}
      fullWidth
      helperText={state === "copied" ? t("common.actions.copied") : state === "failed" ? t("api-clients.secret.copyFailed") : " "}
      error={state === "failed"}
      slotProps={{
        input: {
          readOnly: true,
          sx: { fontFamily: "monospace", fontSize: 14, alignItems: multiline ? "flex-start" : undefined },
          endAdornment: (
            <InputAdornment position="end">
              <Tooltip title={state === "copied" ? t("common.actions.copied") : copyLabel}>
                <IconButton aria-label={copyLabel} onClick={copy} edge="end">
                  {state === "copied" ? <CheckOutlined color="success" /> : <ContentCopyOutlined />}
                </IconButton>
              </Tooltip>
            </InputAdornment>
          ),
        },
        formHelperText: { role: "status", "aria-live": "polite" } as object,
        htmlInput: { spellCheck: false },
      }}
    />
  );
}
