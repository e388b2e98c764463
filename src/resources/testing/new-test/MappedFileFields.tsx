import { useEffect, useMemo, type ReactNode } from "react";
import { Controller, useWatch } from "react-hook-form";
import { Alert, Box, LinearProgress, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { useDocumentColumns } from "../documents/document-columns";
import { SamplePreview } from "../documents/SamplePreview";
import { TableDocumentPicker } from "../documents/TableDocumentPicker";
import { useGroupError, type NewTestForm } from "./new-test-fields";

/** A column of the chosen file, as a select offers it. */
export interface ColumnOption {
  value: string;
  label: string;
}

/** What the mapping of a file is given once its columns are read. */
export interface FileColumns {
  columns: string[];
  sample: string[][];
  /** The columns, for a field that must name one. */
  columnOptions: ColumnOption[];
  /** The columns and "not mapped", for an optional field. */
  optionalOptions: ColumnOption[];
}

interface Props {
  applicationId: string;
  form: NewTestForm;
  /** What the file holds, as the picker's label says it ("Decisions file"). */
  documentLabel: string;
  /** Another file was chosen: what was mapped for the previous one no longer applies. */
  onFileChange?(): void;
  /** The chosen file's columns are read (to suggest a mapping from their names). */
  onColumns?(documentId: string, columns: string[]): void;
  /** The form path whose group error says what is wrong with the protected attributes. */
  protectedErrorPath: string;
  /** The mapping of the file's columns, once they are read. */
  children(file: FileColumns): ReactNode;
}

/**
 * The input of a test over a file of the application, the same for every kind of test: the file (a document, or
 * one uploaded here), its first rows, and which of its columns mean what (given by the caller), with what is
 * wrong with the protected attributes under them.
 */
export function MappedFileFields({ applicationId, form, documentLabel, onFileChange, onColumns, protectedErrorPath, children }: Props) {
  const { t } = useTranslation();
  const { control } = form;
  const groupError = useGroupError(control);
  const documentId = useWatch({ control, name: "document_id" });
  const { columns, sample, loading, error } = useDocumentColumns(applicationId, documentId);
  const columnOptions = useMemo(() => columns.map((c) => ({ value: c, label: c })), [columns]);
  const optionalOptions = useMemo(() => [{ value: "", label: t("testing.create.notMapped") }, ...columnOptions], [columnOptions, t]);
  useEffect(() => {
    if (documentId && columns.length > 0) onColumns?.(documentId, columns);
  }, [documentId, columns, onColumns]);
  const protectedError = groupError(protectedErrorPath);
  return (
    <>
      <Controller
        control={control}
        name="document_id"
        render={({ field: picked, fieldState }) => (
          <TableDocumentPicker
            applicationId={applicationId}
            value={picked.value}
            onChange={(id) => {
              if (id !== picked.value) onFileChange?.();
              picked.onChange(id);
            }}
            label={documentLabel}
            error={fieldState.error ? groupError("document_id") : undefined}
            canUpload
          />
        )}
      />
      {loading && <LinearProgress aria-label={t("testing.create.columnsLoading")} />}
      {error && <Alert severity="error">{t("testing.create.columnsFailed", { message: error.message })}</Alert>}
      {columns.length > 0 && (
        <>
          <Typography variant="subtitle2" component="h3">
            {t("testing.create.sampleTitle")}
          </Typography>
          <SamplePreview columns={columns} sample={sample} />
          {children({ columns, sample, columnOptions, optionalOptions })}
          {protectedError && (
            <Typography variant="body2" color="error" role="alert">
              {protectedError}
            </Typography>
          )}
        </>
      )}
    </>
  );
}

/** A part of a mapping: its title, what it asks for (when it needs saying), its fields two by two, then anything more. */
export function MappingSection({ title, help, fields, children }: { title: string; help?: string; fields?: ReactNode; children?: ReactNode }) {
  return (
    <>
      <Typography variant="subtitle2" component="h3">
        {title}
      </Typography>
      {help && (
        <Typography variant="body2" color="text.secondary">
          {help}
        </Typography>
      )}
      {fields && <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" } }}>{fields}</Box>}
      {children}
    </>
  );
}
