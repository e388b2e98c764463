import { useEffect, useMemo, useState } from "react";
import { Link as RouterLink, useParams } from "react-router";
import { Alert, Box, Button, Typography } from "@mui/material";
import ArrowBackOutlined from "@mui/icons-material/ArrowBackOutlined";
import type { GridColumnVisibilityModel, GridPaginationModel, GridSortModel } from "@mui/x-data-grid";
import { useTranslation } from "react-i18next";
import { LLM_TABLE_IDS, type LlmTableId } from "../../../../domain/entities/llm-results";
import { SEARCH_DEBOUNCE_MS } from "../../../components/data-grid/grid-support";
import { GridSearchField, ListDataGrid } from "../../../components/data-grid/ListPage";
import { useEntityTitle } from "../../../components/layout/entity-titles";
import { useResourceUrl } from "../../links";
import { useResultFormats } from "../results/result-formats";
import { TESTING_RESOURCE } from "../task-api";
import { useLlmRun, useLlmTable } from "./llm-api";
import { LlmRunNotFound } from "./LlmRunNotFound";
import { LlmTableExport } from "./LlmTableExport";
import { isMissing } from "./missing";
import { cellTexts, gridColumns, gridRows, initialVisibility, sortParam, type LlmGridRow } from "./table-grid";
import { useLocaleAreas } from "../../../i18n/use-all-areas";
import { LLM_AREAS } from "./llm-areas";

const isTableId = (id: string): id is LlmTableId => (LLM_TABLE_IDS as readonly string[]).includes(id);

/** /application-testing/results/llm/{documentId}/details/{tableId}: one detail table, paged, sorted and searched on the server. */
export default function LlmDetailsPage() {
  useLocaleAreas(LLM_AREAS);
  const { documentId = "", tableId = "" } = useParams<{ documentId: string; tableId: string }>();
  if (!isTableId(tableId)) return <TableNotFound />;
  return <DetailsTable key={tableId} documentId={documentId} tableId={tableId} />;
}

function TableNotFound() {
  const { t } = useTranslation();
  return <LlmRunNotFound title={t("testing-llm.details.notFound")} body={t("testing-llm.details.notFoundBody")} />;
}

function DetailsTable({ documentId, tableId }: { documentId: string; tableId: LlmTableId }) {
  const { t } = useTranslation();
  const url = useResourceUrl();
  const formats = useResultFormats();
  const [pagination, setPagination] = useState<GridPaginationModel>({ page: 0, pageSize: 25 });
  const [sortModel, setSortModel] = useState<GridSortModel>([]);
  const [text, setText] = useState("");
  const [q, setQ] = useState("");
  useEffect(() => {
    const timer = setTimeout(() => {
      setQ(text.trim());
      // A new search starts at the first page.
      setPagination((p) => (p.page === 0 ? p : { ...p, page: 0 }));
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const { run } = useLlmRun(documentId);
  useEntityTitle(documentId, run?.task.document?.name);
  const { page, query } = useLlmTable(documentId, tableId, { page: pagination.page + 1, page_size: pagination.pageSize, sort: sortParam(sortModel), q: q || undefined });
  const texts = useMemo(() => cellTexts(t), [t]);
  // The reader's choice once made; until then the secondary columns start hidden (known once the table arrives).
  const [visibility, setVisibility] = useState<GridColumnVisibilityModel | null>(null);
  const columns = useMemo(() => gridColumns(page?.columns ?? [], formats, texts), [page?.columns, formats, texts]);
  const rows = useMemo(() => gridRows(page?.items ?? [], pagination.page), [page?.items, pagination.page]);

  if (isMissing(query.error)) return <TableNotFound />;
  const title = t(`testing-llm.tables.${tableId}`);
  return (
    <Box sx={{ display: "grid", gap: 2 }}>
      <Box>
        <Button component={RouterLink} to={url(TESTING_RESOURCE, "llmSummary", { documentId })} startIcon={<ArrowBackOutlined />} size="small">
          {t("testing-llm.details.back")}
        </Button>
      </Box>
      <Typography variant="h5" component="h1">
        {title}
      </Typography>
      {run?.task.document && (
        <Typography variant="body2" color="text.secondary">
          {t("testing-llm.title", { document: run.task.document.name })}
        </Typography>
      )}
      <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap", alignItems: "center", justifyContent: "space-between" }}>
        <GridSearchField label={t("testing-llm.details.search")} value={text} onChange={setText} />
        <LlmTableExport documentId={documentId} tableId={tableId} />
      </Box>
      {query.error && (
        <Alert severity="error" role="alert">
          {t("testing-llm.loadFailed", { message: query.error.message })}
        </Alert>
      )}
      {page?.truncated && <Alert severity="info">{t("testing-llm.details.truncated")}</Alert>}
      <ListDataGrid<LlmGridRow>
        aria-label={title}
        rows={rows}
        columns={columns}
        getRowId={(row) => row.__row}
        rowCount={page?.total ?? 0}
        loading={query.isFetching}
        paginationMode="server"
        sortingMode="server"
        filterMode="server"
        paginationModel={pagination}
        onPaginationModelChange={setPagination}
        sortModel={sortModel}
        onSortModelChange={(model) => {
          setSortModel(model);
          setPagination((p) => ({ ...p, page: 0 }));
        }}
        noRowsLabel={t("testing-llm.details.noRows")}
        getRowHeight={() => "auto"}
        columnVisibilityModel={visibility ?? initialVisibility(page?.columns ?? [])}
        onColumnVisibilityModelChange={setVisibility}
        sx={{ "& .MuiDataGrid-cell": { py: 1, whiteSpace: "normal", overflowWrap: "anywhere" } }}
      />
    </Box>
  );
}
