import { useTranslation } from "react-i18next";
import { EntityNotFound } from "../../../pages/errors/EntityNotFound";
import { useResourceUrl } from "../../links";

/** The 404 page of the LLM pages: no LLM test over this document the user can see, or no such table. */
export function LlmRunNotFound({ title, body }: { title?: string; body?: string }) {
  const { t } = useTranslation();
  const url = useResourceUrl();
  return (
    <EntityNotFound title={title ?? t("testing-llm.notFound")} backTo={url("applications", "list")} backLabel={t("testing-llm.backToApplications")}>
      {body ?? t("testing-llm.notFoundBody")}
    </EntityNotFound>
  );
}
