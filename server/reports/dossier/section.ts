import type { FastifyRequest } from "fastify";
import type { Content } from "pdfmake/interfaces";
import type { Application } from "../../../domain/entities/application";
import type { ApplicationRow } from "../../applications/row";
import type { Db } from "../../db/client";
import type { Texts } from "../../i18n/texts";

/** What every section of the dossier starts from: the application (its row and its API view) and the reader's words. */
export interface DossierContext {
  db: Db;
  /** The caller: sections read the same lists the API answers them, scoped and authorized as those are. */
  request: FastifyRequest;
  row: ApplicationRow;
  application: Application;
  t: Texts;
}

/**
 * One chapter of the dossier: what it reads and how it prints it. A section is self-contained, so adding one is
 * writing its module and listing it in sections/index.ts.
 */
export interface DossierSection<Data> {
  /** The i18n key of its heading (it appears in the table of contents). */
  title: string;
  load(context: DossierContext): Promise<Data>;
  render(data: Data, context: DossierContext): Content[];
}

/** A section in the list (its data type is its own business). */
export type AnySection = DossierSection<never>;

export const section = <Data>(definition: DossierSection<Data>): AnySection => definition as unknown as AnySection;
