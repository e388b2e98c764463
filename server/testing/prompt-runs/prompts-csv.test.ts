import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { CSV } from "../../../domain/entities/document";
import { promptSetRows } from "../../../domain/testing/prompt-sets";
import { bufferSource, sniffDocument } from "../../uploads/documents";
import { promptsCsv } from "./prompts-csv";

describe("a prompt set's CSV file", () => {
  const rows = promptSetRows("reference_letter", "es");

  it("is a CSV the document check accepts, also with answers holding quotes, commas, line breaks and control characters", async () => {
    const answers = rows.map((_, i) => (i === 0 ? 'Dear "team",\r\nyes\u0000\u0007 indeed' : `answer ${i}`));
    const csv = promptsCsv(rows, answers);
    expect(await sniffDocument(bufferSource(Buffer.from(csv)))).toBe(CSV);
    const parsed = Papa.parse<Record<string, string>>(csv.slice(1), { header: true, skipEmptyLines: true });
    expect(parsed.data).toHaveLength(rows.length);
    expect(parsed.data[0]).toMatchObject({ prompt_id: rows[0].prompt_id, prompt: rows[0].prompt, response: 'Dear "team",\r\nyes indeed' });
    expect(parsed.data[1].response).toBe("answer 1");
  });

  it("leaves the response column empty when there are no answers yet", () => {
    const parsed = Papa.parse<Record<string, string>>(promptsCsv(rows).slice(1), { header: true, skipEmptyLines: true });
    expect(parsed.data.every((r) => r.response === "")).toBe(true);
  });
});
