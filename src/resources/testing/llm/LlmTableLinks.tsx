import { Link as RouterLink } from "react-router";
import { Link, List, ListItem } from "@mui/material";
import { useTranslation } from "react-i18next";
import type { LlmResults } from "../../../../domain/entities/llm-results";
import { SectionCard } from "../../../components/layout/SectionCard";
import { useResourceUrl } from "../../links";
import { TESTING_RESOURCE } from "../task-api";

/** A link to each detail table of the run, each a page of its own. */
export function LlmTableLinks({ documentId, tables }: { documentId: string; tables: LlmResults["tables"] }) {
  const { t } = useTranslation();
  const url = useResourceUrl();
  return (
    <SectionCard titleId="llm-tables" title={t("testing-llm.tables.title")}>
      <List dense disablePadding>
        {tables.map((table) => (
          <ListItem key={table.id} disableGutters>
            <Link component={RouterLink} to={url(TESTING_RESOURCE, "llmDetails", { documentId, tableId: table.id })}>
              {t(`testing-llm.tables.${table.id}`)}
            </Link>
          </ListItem>
        ))}
      </List>
    </SectionCard>
  );
}
