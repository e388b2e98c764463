import { createHash } from "node:crypto";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import multipart, { type MultipartFile } from "@fastify/multipart";
import { z } from "zod";
import { problemSchema } from "../../../domain/api/problem";
import { companySchema, LOGO_CONTENT_TYPES, LOGO_MAX_BYTES } from "../../../domain/entities/company";
import { assertCan } from "../../plugins/ability";
import { badRequest, HttpProblem, notFound } from "../../plugins/problem";
import { sniffMimeType } from "../../uploads/sniff";
import { deleteLogo, findLogo, loadCompany, saveLogo } from "../../company/store";
import { multipartProblem, type MultipartWords } from "../../uploads/multipart-errors";

const problems = { 400: problemSchema, 401: problemSchema, 403: problemSchema, 404: problemSchema };
const ADMIN_ONLY = "Only an Administrator can change the company's logo.";
const TOO_LARGE = "The logo is larger than 1 MB.";
const NOT_MULTIPART = "Send the logo as multipart/form-data with the image in the field `file`.";
const MULTIPART_WORDS: MultipartWords = {
  tooLarge: TOO_LARGE,
  notMultipart: NOT_MULTIPART,
  tooMany: () => badRequest("Send one logo file only.", [{ path: "file", message: "Send one file only." }]),
};
const WRONG_TYPE = "Only PNG, JPEG or WebP images are accepted.";

/** A versioned URL (`?v=` matching the stored hash) never changes; any other is revalidated with the ETag. */
const CACHE_VERSIONED = "private, max-age=31536000, immutable";
const CACHE_REVALIDATE = "private, max-age=0, must-revalidate";

/** Reads the part into memory, but never more than the limit: multipart stops (truncates) the stream there. */
async function readLimited(part: MultipartFile): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of part.file) {
    size += chunk.length;
    if (size <= LOGO_MAX_BYTES) chunks.push(chunk);
  }
  if (part.file.truncated || size > LOGO_MAX_BYTES) throw new HttpProblem(413, TOO_LARGE);
  return Buffer.concat(chunks);
}

async function receiveLogo(request: FastifyRequest): Promise<{ bytes: Buffer; contentType: string }> {
  if (!request.isMultipart()) throw new HttpProblem(415, NOT_MULTIPART);
  let part: MultipartFile | undefined;
  try {
    part = await request.file();
  } catch (error) {
    throw multipartProblem(error as FastifyError, MULTIPART_WORDS);
  }
  if (!part) throw badRequest("No logo file was sent.", [{ path: "file", message: "Choose an image file to upload." }]);
  const bytes = await readLimited(part);
  if (bytes.length === 0) throw badRequest("The logo file is empty.", [{ path: "file", message: "The file is empty." }]);
  const contentType = sniffMimeType(bytes, LOGO_CONTENT_TYPES);
  if (!contentType) throw badRequest("The file is not a PNG, JPEG or WebP image.", [{ path: "file", message: WRONG_TYPE }]);
  return { bytes, contentType };
}

function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header === "*" || header.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}

/**
 * The company's logo: an Administrator uploads or removes it; every signed-in user of
 * the company reads it. Always the caller's own company, so no other tenant's logo is reachable.
 */
export default async function companyLogoRoutes(root: FastifyInstance) {
  // Multipart only here: every other route keeps accepting JSON alone. The limits stop reading early.
  await root.register(multipart, { limits: { files: 1, fileSize: LOGO_MAX_BYTES, fields: 5, parts: 6 } });
  root.setErrorHandler((error: FastifyError) => {
    // A raw image (or any other type) posted without multipart: say what to send instead.
    if (error.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE") throw new HttpProblem(415, NOT_MULTIPART);
    throw error;
  });

  const app = root.withTypeProvider<ZodTypeProvider>();
  const db = () => root.db;
  const adminOnly = async (request: FastifyRequest) => assertCan(request, "update", "Company", ADMIN_ONLY);

  app.get(
    "/company/logo",
    {
      schema: {
        tags: ["company"],
        summary: "The company's logo image (PNG, JPEG or WebP)",
        querystring: z.strictObject({ v: z.string().max(64).optional() }),
        // The bytes go out as a Buffer, which Fastify sends as is, unserialized.
        response: { 200: z.any().describe("The image bytes"), 401: problemSchema, 404: problemSchema },
      },
    },
    async (request, reply) => {
      const logo = await findLogo(db(), request.user.companyId);
      if (!logo) throw notFound("Logo");
      const etag = `"${logo.sha256}"`;
      const versioned = request.query.v !== undefined && request.query.v === logo.sha256.slice(0, 16);
      reply.header("ETag", etag).header("Cache-Control", versioned ? CACHE_VERSIONED : CACHE_REVALIDATE);
      reply.header("X-Content-Type-Options", "nosniff");
      if (etagMatches(request.headers["if-none-match"], etag)) return (reply as FastifyReply).code(304).send();
      return reply.type(logo.contentType).header("Content-Length", logo.size).send(logo.bytes);
    },
  );

  app.post(
    "/company/logo",
    {
      schema: {
        tags: ["company"],
        summary: "Upload the company's logo: multipart field `file`, PNG, JPEG or WebP, at most 1 MB",
        consumes: ["multipart/form-data"],
        response: { 200: companySchema, ...problems, 413: problemSchema, 415: problemSchema },
      },
      preParsing: adminOnly,
    },
    async (request) => {
      const companyId = request.user.companyId;
      const { bytes, contentType } = await receiveLogo(request);
      const sha256 = createHash("sha256").update(bytes).digest("hex");
      await saveLogo(db(), companyId, { contentType, bytes, sha256 });
      return loadCompany(db(), companyId);
    },
  );

  app.delete(
    "/company/logo",
    {
      schema: { tags: ["company"], summary: "Remove the company's logo", response: { 204: z.null(), ...problems } },
      preParsing: adminOnly,
    },
    async (request, reply) => {
      await deleteLogo(db(), request.user.companyId);
      return reply.code(204).send(null);
    },
  );
}
