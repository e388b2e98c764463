import { Controller, type Control, type FieldValues, type Path } from "react-hook-form";
import { MenuItem, TextField } from "@mui/material";
import { LANGUAGE_CODES } from "../../../domain/access/current-user";

type LanguageCode = (typeof LANGUAGE_CODES)[number];

export interface LanguageFieldProps<T extends FieldValues> {
  control: Control<T>;
  name: Path<T>;
  label: string;
  /** A language's name, e.g. t(`users.languages.${code}`). */
  optionLabel(code: LanguageCode): string;
  error?: boolean;
  helperText?: string;
}

/** The UI-language select of a user's profile. */
export function LanguageField<T extends FieldValues>({ control, name, label, optionLabel, error, helperText }: LanguageFieldProps<T>) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <TextField select label={label} {...field} error={error} helperText={helperText}>
          {LANGUAGE_CODES.map((code) => (
            // Each language is named in itself, so whoever reads the other one still finds theirs.
            <MenuItem key={code} value={code} lang={code}>
              {optionLabel(code)}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}
