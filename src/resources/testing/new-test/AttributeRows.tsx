import { useFieldArray } from "react-hook-form";
import { Box, Button, IconButton, Paper, TextField, Typography } from "@mui/material";
import AddOutlined from "@mui/icons-material/AddOutlined";
import DeleteOutlined from "@mui/icons-material/DeleteOutlined";
import { useTranslation } from "react-i18next";
import { anAttribute } from "./new-test-form";
import { useGroupError, type NewTestForm } from "./new-test-fields";

/** The most protected attributes a population varies (the domain's limit). */
const MAX_ATTRIBUTES = 5;

/** The protected attributes the twins vary, each with its values and their shares of the base profiles. */
export function AttributeRows({ form }: { form: NewTestForm }) {
  const { t } = useTranslation();
  const { fields, append, remove } = useFieldArray({ control: form.control, name: "population.protected" });
  const groupError = useGroupError(form.control);
  const listError = groupError("population.protected");
  return (
    <Box sx={{ display: "grid", gap: 1.5 }}>
      <Typography variant="subtitle2" component="h3">
        {t("testing.create.attributesTitle")}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t("testing.create.attributesHelp")}
      </Typography>
      {fields.map((row, i) => (
        <AttributeRow key={row.id} form={form} index={i} onRemove={fields.length > 1 ? () => remove(i) : undefined} />
      ))}
      {listError && (
        <Typography variant="body2" color="error" role="alert">
          {listError}
        </Typography>
      )}
      {fields.length < MAX_ATTRIBUTES && (
        <Box>
          <Button size="small" startIcon={<AddOutlined />} onClick={() => append(anAttribute())}>
            {t("testing.create.addAttribute")}
          </Button>
        </Box>
      )}
    </Box>
  );
}

function AttributeRow({ form, index, onRemove }: { form: NewTestForm; index: number; onRemove?: () => void }) {
  const { t } = useTranslation();
  const { control, field } = form;
  const { fields, append, remove } = useFieldArray({ control, name: `population.protected.${index}.values` });
  const groupError = useGroupError(control);
  const valuesError = groupError(`population.protected.${index}.values`);
  const number = index + 1;
  return (
    <Paper variant="outlined" role="group" aria-label={t("testing.create.attributeLabel", { number })} sx={{ p: 1.5, display: "grid", gap: 1 }}>
      <Box sx={{ display: "grid", gap: 1, gridTemplateColumns: "1fr auto", alignItems: "start" }}>
        <TextField label={t("testing.create.attribute")} required placeholder="sex" {...field(`population.protected.${index}.attribute`)} />
        {onRemove && (
          <IconButton aria-label={t("testing.create.removeAttribute", { number })} onClick={onRemove} sx={{ mt: 1 }}>
            <DeleteOutlined />
          </IconButton>
        )}
      </Box>
      {fields.map((row, j) => (
        <Box key={row.id} sx={{ display: "grid", gap: 1, gridTemplateColumns: "2fr 1fr auto", alignItems: "start", pl: 2 }}>
          <TextField size="small" label={t("testing.create.value", { number: j + 1 })} required {...field(`population.protected.${index}.values.${j}.value`)} />
          <TextField size="small" label={t("testing.create.share", { number: j + 1 })} inputMode="decimal" required {...field(`population.protected.${index}.values.${j}.share`)} />
          <IconButton size="small" aria-label={t("testing.create.removeValue", { number: j + 1 })} onClick={() => remove(j)} sx={{ mt: 0.5 }}>
            <DeleteOutlined fontSize="small" />
          </IconButton>
        </Box>
      ))}
      {valuesError && (
        <Typography variant="body2" color="error" role="alert" sx={{ pl: 2 }}>
          {valuesError}
        </Typography>
      )}
      <Box sx={{ pl: 2 }}>
        <Button size="small" startIcon={<AddOutlined />} onClick={() => append({ value: "", share: "" })}>
          {t("testing.create.addValue")}
        </Button>
      </Box>
    </Paper>
  );
}
