import type { FastifyError, FastifyRequest } from "fastify";
import { IMPORT_MAX_BYTES, importMappingSchema, type ImportMapping } from "../../domain/entities/import";
import { badRequest, HttpProblem } from "../plugins/problem";
import { multipartProblem, type MultipartWords } from "../uploads/multipart-errors";

export const NOT_MULTIPART = "Send the file as multipart/form-data in the field `file` (CSV or .xlsx), with an optional field `mapping`.";
const TOO_LARGE = `The file is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB.`;
const MULTIPART_WORDS: MultipartWords = {
  tooLarge: TOO_LARGE,
  notMultipart: NOT_MULTIPART,
  tooMany: () => badRequest("Send one file and at most a mapping.", [{ path: "file", message: "imports.errors.noFile" }]),
};
const NO_FILE = () => badRequest("No file was sent.", [{ path: "file", message: "imports.errors.noFile" }]);

export interface Upload {
  bytes: Buffer;
  fileName: string;
  /** The mapping sent with the file (field → column header), when one was. */
  mapping?: ImportMapping;
}

/** The file of an import request and the mapping sent with it, read whole but never past the size limit. */
export async function receiveUpload(request: FastifyRequest): Promise<Upload> {
  if (!request.isMultipart()) throw new HttpProblem(415, NOT_MULTIPART);
  let upload: Omit<Upload, "mapping"> | undefined;
  let mapping: ImportMapping | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === "field") {
        if (part.fieldname === "mapping") mapping = parseMapping(String(part.value));
        continue;
      }
      if (part.fieldname !== "file" || upload) throw badRequest("Send one file, in the field `file`.", [{ path: "file", message: "imports.errors.noFile" }]);
      const chunks: Buffer[] = [];
      for await (const chunk of part.file) chunks.push(chunk as Buffer);
      if (part.file.truncated) throw new HttpProblem(413, TOO_LARGE);
      upload = { bytes: Buffer.concat(chunks), fileName: part.filename || "import" };
    }
  } catch (error) {
    throw multipartProblem(error as FastifyError, MULTIPART_WORDS);
  }
  if (!upload || upload.bytes.length === 0) throw NO_FILE();
  return { ...upload, ...(mapping && { mapping }) };
}

function parseMapping(text: string): ImportMapping {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw badRequest("The mapping is not JSON.", [{ path: "mapping", message: "imports.errors.mappingJson" }]);
  }
  const parsed = importMappingSchema.safeParse(value);
  if (!parsed.success) throw badRequest("The mapping must be an object of field names to column headers.", [{ path: "mapping", message: "imports.errors.mappingJson" }]);
  return parsed.data;
}

