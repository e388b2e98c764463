import { useCallback, useRef } from "react";
import { Box, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { SelectField } from "../../../components/forms/SelectField";
import { MappedFileFields } from "./MappedFileFields";
import { suggestedLlmMapping } from "./new-test-form";
import type { NewTestForm } from "./new-test-fields";
import { OtherAttributes } from "./OtherAttributes";
import { PromptSetsSection } from "./PromptSetsSection";

/**
 * `fairness_llm_user`: the prompt sets to produce responses with, the responses file (a document, an upload or
 * a run through the endpoint), and which of its columns hold the prompt id, prompt, response, language and
 * protected attributes. A file made from a prompt set is mapped as soon as it is chosen.
 */
export function ResponsesFields({ applicationId, form, canRun }: { applicationId: string; form: NewTestForm; canRun: boolean }) {
  const { t } = useTranslation();
  const { control, setValue } = form;

  // Each newly read file gets the mapping its column names suggest; the user's choices for it are kept after.
  const suggestedFor = useRef("");
  const suggest = useCallback(
    (documentId: string, columns: string[]) => {
      if (suggestedFor.current === documentId) return;
      suggestedFor.current = documentId;
      const { llm, others } = suggestedLlmMapping(columns);
      const options = { shouldDirty: true };
      setValue("llm.prompt_id", llm.prompt_id, options);
      setValue("llm.prompt", llm.prompt, options);
      setValue("llm.response", llm.response, options);
      setValue("llm.language", llm.language, options);
      setValue("others", others, options);
    },
    [setValue],
  );

  return (
    <>
      <PromptSetsSection applicationId={applicationId} canRun={canRun} onRan={(document) => setValue("document_id", document.id, { shouldDirty: true, shouldValidate: true })} />
      <MappedFileFields applicationId={applicationId} form={form} documentLabel={t("testing.create.llm.document")} onColumns={suggest} protectedErrorPath="others">
        {({ columnOptions, optionalOptions }) => (
          <>
            <Typography variant="subtitle2" component="h3">
              {t("testing.create.llm.columnsTitle")}
            </Typography>
            <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" } }}>
              <SelectField control={control} name="llm.prompt_id" label={t("testing.create.llm.promptId")} required options={columnOptions} />
              <SelectField control={control} name="llm.prompt" label={t("testing.create.llm.prompt")} required options={columnOptions} />
              <SelectField control={control} name="llm.response" label={t("testing.create.llm.response")} required options={columnOptions} />
              <SelectField control={control} name="llm.language" label={t("testing.create.llm.language")} options={optionalOptions} help={t("testing.create.llm.languageHelp")} />
            </Box>
            <Typography variant="subtitle2" component="h3">
              {t("testing.create.llm.protectedTitle")}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t("testing.create.llm.protectedHelp")}
            </Typography>
            <OtherAttributes form={form} columns={columnOptions} placeholder="gender" addLabel={t("testing.create.llm.addAttribute")} />
          </>
        )}
      </MappedFileFields>
    </>
  );
}
