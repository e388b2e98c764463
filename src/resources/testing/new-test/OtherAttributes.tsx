import { useFieldArray } from "react-hook-form";
import { Box, Button, IconButton, TextField } from "@mui/material";
import AddOutlined from "@mui/icons-material/AddOutlined";
import DeleteOutlined from "@mui/icons-material/DeleteOutlined";
import { useTranslation } from "react-i18next";
import { SelectField } from "../../../components/forms/SelectField";
import type { NewTestForm } from "./new-test-fields";

interface Props {
  form: NewTestForm;
  columns: { value: string; label: string }[];
  /** An example key, shown until one is typed ("age_band"). */
  placeholder: string;
  addLabel: string;
}

/** Protected attributes mapped by hand (an age band, a gender, a disability flag): each a key for the results and a column. */
export function OtherAttributes({ form, columns, placeholder, addLabel }: Props) {
  const { t } = useTranslation();
  const { fields, append, remove } = useFieldArray({ control: form.control, name: "others" });
  return (
    <Box sx={{ display: "grid", gap: 1.5 }}>
      {fields.map((row, i) => (
        <Box key={row.id} role="group" aria-label={t("testing.create.otherLabel", { number: i + 1 })} sx={{ display: "grid", gap: 1, gridTemplateColumns: "1fr 1fr auto", alignItems: "start" }}>
          <TextField label={t("testing.create.otherKey")} placeholder={placeholder} {...form.field(`others.${i}.key`)} />
          <SelectField control={form.control} name={`others.${i}.column`} label={t("testing.create.otherColumn")} options={columns} />
          <IconButton aria-label={t("testing.create.removeOther", { number: i + 1 })} onClick={() => remove(i)} sx={{ mt: 1 }}>
            <DeleteOutlined />
          </IconButton>
        </Box>
      ))}
      <Box>
        <Button size="small" startIcon={<AddOutlined />} onClick={() => append({ key: "", column: "" })}>
          {addLabel}
        </Button>
      </Box>
    </Box>
  );
}
