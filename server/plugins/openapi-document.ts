/**
 * What the generated document needs before client generators and linters accept it: an `operationId` on every
 * operation (generators name their methods from it), in OpenAPI 3.0 no `nullable` without a `type`, and every
 * required property defined (a record keyed by an enum requires its keys but defines them only as a pattern).
 */
type Json = Record<string, unknown>;

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

const words = (text: string) => text.split(/[^A-Za-z0-9]+/).filter(Boolean);
const capitalised = (word: string) => word[0].toUpperCase() + word.slice(1);

/** `get /v2/applications/{id}/controls` → `getApplicationsByIdControls`: stable, unique per method and path. */
export function operationIdOf(method: string, path: string): string {
  const parts = path
    .split("/")
    .filter((segment) => segment && segment !== "v2")
    .flatMap((segment) => {
      const parameter = /^\{(.+)\}$/.exec(segment);
      return parameter ? ["by", ...words(parameter[1])] : words(segment);
    });
  return method.toLowerCase() + parts.map(capitalised).join("");
}

/** A record keyed by an enum: each required key defined with the record's value schema. */
function definedRequired(schema: Json): void {
  if (!Array.isArray(schema.required) || typeof schema.additionalProperties !== "object") return;
  const properties = (schema.properties ??= {}) as Json;
  for (const key of schema.required as string[]) properties[key] ??= schema.additionalProperties;
}

/** A union that may be null, in 3.0's terms: a branch that admits only null (`nullable` alone names no type); records completed on the way. */
function completedSchemas(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(completedSchemas);
  if (!node || typeof node !== "object") return;
  const schema = node as Json;
  if (schema.nullable === true && schema.type === undefined) {
    delete schema.nullable;
    const union = Array.isArray(schema.anyOf) ? "anyOf" : Array.isArray(schema.oneOf) ? "oneOf" : null;
    const onlyNull = { type: "object", nullable: true, enum: [null] };
    if (union) (schema[union] as unknown[]).push(onlyNull);
    else {
      const rest = { ...schema };
      for (const key of Object.keys(schema)) delete schema[key];
      schema.anyOf = [rest, onlyNull];
    }
  }
  definedRequired(schema);
  Object.values(schema).forEach(completedSchemas);
}

export function completedDocument<T>(document: T): T {
  const paths = ((document as Json).paths ?? {}) as Record<string, Json>;
  for (const [path, item] of Object.entries(paths)) {
    for (const method of METHODS) {
      const operation = item[method] as Json | undefined;
      if (operation && !operation.operationId) operation.operationId = operationIdOf(method, path);
    }
  }
  completedSchemas((document as Json).paths);
  completedSchemas((document as Json).components);
  return document;
}
