import { z } from "zod";

/**
 * A company export (GET /company/export): every record of the company, the backup and the way out of Steward.
 * One JSON document, version 1:
 *
 *   format            "steward-company-export"
 *   format_version    1; an import refuses any other
 *   steward_version   the version that wrote it; exported_at, ISO 8601
 *   company           the company's own record (name, size, industry, mfa_policy, created_at, …)
 *   tables            { "<table>": [rows] } for each table of the company's records, in the order an import
 *                     writes them. A row holds its columns under their database names (snake_case): times in
 *                     ISO 8601, dates as YYYY-MM-DD, JSON columns as JSON. The company's id is left out of every
 *                     row (it is the export's); a role is named (`role`: "Administrator"), not numbered. Rows
 *                     of files (application_documents, control_evidence) hold `file`: { sha256, size } of the
 *                     stored bytes (both null when nothing was uploaded), or null when the row has no file.
 *                     company_logos keeps its `sha256`; its bytes are a file like the others.
 *   audit_chain       { entries, head, signature }: the audit trail's length and newest hash, signed (HMAC-SHA256)
 *                     with the exporting installation's AUDIT_CHAIN_KEY. An import recomputes every entry's hash
 *                     and this signature under its own key and refuses the export unless both hold.
 *   files             each file once: { sha256, size }
 *
 * With `files=include` the document is `export.json` in a .zip, beside `files/<sha256>` holding each file's bytes.
 *
 * Not in an export: sign-in credentials (passwords, passkeys, second factors), secrets sealed with the keys of
 * the installation (API client secrets, model endpoint tokens, identity provider client secrets): after an
 * import those are empty and are entered again.
 *
 * The audit_log rows keep their chain: the company id is not part of an entry's hash (domain/audit/chain.ts), so
 * the imported trail verifies with the same head wherever the same key is held.
 */

export const COMPANY_EXPORT_FORMAT = "steward-company-export";
export const COMPANY_EXPORT_VERSION = 1;

export const exportedFileSchema = z.object({ sha256: z.string().regex(/^[0-9a-f]{64}$/), size: z.number().int().min(0) });
export type ExportedFile = z.infer<typeof exportedFileSchema>;

export const exportedAuditChainSchema = z.object({ entries: z.number().int().min(0), head: z.string().nullable(), signature: z.string() });
export type ExportedAuditChain = z.infer<typeof exportedAuditChainSchema>;

/** The envelope an import checks before it looks at a row. */
export const companyExportSchema = z.object({
  format: z.literal(COMPANY_EXPORT_FORMAT, { error: "This is not a Steward company export." }),
  format_version: z.literal(COMPANY_EXPORT_VERSION, { error: `Only exports of format version ${COMPANY_EXPORT_VERSION} can be imported.` }),
  steward_version: z.string(),
  exported_at: z.string(),
  company: z.record(z.string(), z.unknown()),
  tables: z.record(z.string(), z.array(z.record(z.string(), z.unknown()))),
  /** Absent only from exports written before the audit trail was keyed: an import refuses those with a trail. */
  audit_chain: exportedAuditChainSchema.optional(),
  files: z.array(exportedFileSchema),
});
export type CompanyExport = z.infer<typeof companyExportSchema>;

export const companyExportQuerySchema = z.strictObject({
  /** `include`: a .zip with the files' bytes; `reference` (default): the JSON document, files by their hashes. */
  files: z.enum(["reference", "include"]).default("reference"),
});

/** What an import answers: how many rows of each table it wrote, and the files it stored or could not find. */
export const companyImportResultSchema = z.object({
  tables: z.record(z.string(), z.number().int()),
  files: z.object({ stored: z.number().int(), missing: z.number().int() }),
});
export type CompanyImportResult = z.infer<typeof companyImportResultSchema>;
