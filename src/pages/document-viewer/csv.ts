/** The delimiters a CSV file may use, in the order they are tried. */
const DELIMITERS = [",", ";", "\t"] as const;

/** The delimiter the first line uses most (outside quotes); a comma when it has none. */
export function detectDelimiter(text: string): string {
  let end = 0;
  for (let quoted = false; end < text.length && (quoted || (text[end] !== "\n" && text[end] !== "\r")); end++) {
    if (text[end] === '"') quoted = !quoted;
  }
  const firstLine = text.slice(0, end);
  let best: string = ",";
  let bestCount = 0;
  for (const d of DELIMITERS) {
    let count = 0;
    let quoted = false;
    for (const c of firstLine) {
      if (c === '"') quoted = !quoted;
      else if (c === d && !quoted) count++;
    }
    if (count > bestCount) {
      best = d;
      bestCount = count;
    }
  }
  return best;
}

/**
 * RFC 4180 rows: fields split on `delimiter`, double quotes around a field that holds the delimiter,
 * quotes ("" inside) or line breaks; CRLF or LF line ends; a BOM dropped. Stops after `maxRows`.
 */
export function splitRows(text: string, delimiter: string, maxRows = Infinity): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const endRow = () => {
    row.push(field);
    rows.push(row);
    row = [];
    field = "";
  };
  for (; i < text.length && rows.length < maxRows; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === "") quoted = true;
    else if (c === delimiter) {
      row.push(field);
      field = "";
    } else if (c === "\n") endRow();
    else if (c === "\r") {
      if (text[i + 1] === "\n") i++;
      endRow();
    } else field += c;
  }
  if (rows.length < maxRows && (field !== "" || row.length > 0)) endRow();
  return rows;
}

export function parseCsv(text: string, maxRows?: number): string[][] {
  return splitRows(text, detectDelimiter(text), maxRows);
}
