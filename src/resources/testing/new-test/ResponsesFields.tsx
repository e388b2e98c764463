import { useCallback, useRef } from "react";
import { useTranslation } from "react-i18next";
import { SelectField } from "../../../components/forms/SelectField";
import { MappedFileFields, MappingSection } from "./MappedFileFields";
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
            <MappingSection
              title={t("testing.create.llm.columnsTitle")}
              fields={(["prompt_id", "prompt", "response"] as const)
                .map((name) => <SelectField key={name} control={control} name={`llm.${name}`} label={t(`testing.create.llm.${name === "prompt_id" ? "promptId" : name}`)} required options={columnOptions} />)
                .concat(<SelectField key="language" control={control} name="llm.language" label={t("testing.create.llm.language")} options={optionalOptions} help={t("testing.create.llm.languageHelp")} />)}
            />
            <MappingSection title={t("testing.create.llm.protectedTitle")} help={t("testing.create.llm.protectedHelp")}>
              <OtherAttributes form={form} columns={columnOptions} placeholder="gender" addLabel={t("testing.create.llm.addAttribute")} />
            </MappingSection>
          </>
        )}
      </MappedFileFields>
    </>
  );
}
