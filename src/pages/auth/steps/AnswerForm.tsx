import { useState, type FormEvent, type ReactNode } from "react";
import { Box, Button, TextField, type TextFieldProps } from "@mui/material";
import { useTranslation } from "react-i18next";
import { PasswordField } from "../PasswordField";

/** A field's check: the value to send, or the i18n key of what is wrong with it. */
export type Check = (value: string) => { value: string } | { error: string };

/** A rule from a zod schema: the first issue's message (an i18n key), after `normalize`. */
export function fromSchema(schema: { safeParse(v: unknown): { success: boolean; data?: unknown; error?: { issues: { message: string }[] } } }, normalize = (v: string) => v.trim()): Check {
  return (raw) => {
    const result = schema.safeParse(normalize(raw));
    return result.success ? { value: String(result.data) } : { error: result.error!.issues[0].message };
  };
}

/** Codes are often pasted or typed in groups: spaces are dropped before the check. */
export const codeNormalize = (v: string) => v.replace(/\s+/g, "");

/** One answer to a sign-in step: a labelled field, checked before it is sent. */
export function AnswerForm(props: {
  label: string;
  submitLabel: string;
  check: Check;
  onAnswer: (value: string) => Promise<void>;
  secret?: boolean;
  inputProps?: Partial<TextFieldProps>;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const [value, setValue] = useState("");
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = props.check(value);
    setFieldError("error" in checked ? checked.error : null);
    if ("error" in checked) return;
    setSubmitting(true);
    try {
      await props.onAnswer(checked.value);
    } finally {
      setSubmitting(false);
    }
  };

  const field = {
    label: props.label,
    name: "answer",
    autoFocus: true,
    value,
    onChange: (event: { target: { value: string } }) => setValue(event.target.value),
    error: Boolean(fieldError),
    helperText: fieldError ? t(fieldError) : undefined,
  };
  return (
    <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: "grid", gap: 2 }}>
      {props.children}
      {props.secret ? <PasswordField autoComplete="current-password" {...field} /> : <TextField {...props.inputProps} {...field} />}
      <Button type="submit" variant="contained" size="large" disabled={submitting}>
        {props.submitLabel}
      </Button>
    </Box>
  );
}
