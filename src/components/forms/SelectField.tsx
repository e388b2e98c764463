import { Controller, type Control, type FieldValues, type Path } from "react-hook-form";
import { MenuItem, TextField } from "@mui/material";
import { useFieldMessage } from "./field-errors";

export interface SelectFieldProps<T extends FieldValues> {
  control: Control<T>;
  name: Path<T>;
  label: string;
  /** The choices: the value stored, and its words. */
  options: readonly { value: string; label: string }[];
  required?: boolean;
  disabled?: boolean;
  /** What the field is for, shown while it has no error. */
  help?: string;
}

/** A select bound to a form field, showing the field's error (a schema's or the server's) under it. */
export function SelectField<T extends FieldValues>({ control, name, label, options, required, disabled, help }: SelectFieldProps<T>) {
  const fieldMessage = useFieldMessage();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState: { error } }) => (
        <TextField select required={required} label={label} {...field} disabled={disabled} error={Boolean(error)} helperText={fieldMessage(error?.message) ?? help}>
          {options.map((option) => (
            <MenuItem key={option.value} value={option.value}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}
