/**
 * The fuzz suite's list of operations, read from the app's own OpenAPI document (so a route added
 * tomorrow is fuzzed tomorrow, with no list to keep): method, path, its parameters and the JSON
 * schema of its body, with every `$ref` resolved.
 */

export type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
  [key: string]: unknown;
};

export type Parameter = { name: string; in: "path" | "query" | "header"; schema: JsonSchema };

export type Operation = {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** The OpenAPI path, for example /api/orders/{id}. */
  path: string;
  params: Parameter[];
  /** The JSON body's schema, or null when the route takes none (or a multipart upload). */
  body: JsonSchema | null;
};

type OpenApiDoc = {
  paths: Record<string, Record<string, OperationObject>>;
  components?: { schemas?: Record<string, JsonSchema> };
};

type OperationObject = {
  parameters?: Array<{ name: string; in: string; schema?: JsonSchema }>;
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
};

const METHODS = new Set(["get", "post", "put", "patch", "delete"]);

export function operationsOf(document: unknown): Operation[] {
  const doc = document as OpenApiDoc;
  const schemas = doc.components?.schemas ?? {};
  const resolve = (schema: JsonSchema, seen: Set<string> = new Set()): JsonSchema =>
    resolveRefs(schema, schemas, seen);
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!METHODS.has(method)) continue;
      const json = op.requestBody?.content?.["application/json"]?.schema;
      operations.push({
        method: method.toUpperCase() as Operation["method"],
        path,
        params: (op.parameters ?? [])
          .filter((p) => p.in === "path" || p.in === "query" || p.in === "header")
          .map((p) => ({
            name: p.name,
            in: p.in as Parameter["in"],
            schema: resolve(p.schema ?? {}),
          })),
        body: json ? resolve(json) : null,
      });
    }
  }
  return operations;
}

function resolveRefs(
  schema: JsonSchema,
  schemas: Record<string, JsonSchema>,
  seen: Set<string>,
): JsonSchema {
  if (typeof schema !== "object" || schema === null) return schema;
  if (Array.isArray(schema)) {
    return schema.map((s) => resolveRefs(s, schemas, seen)) as unknown as JsonSchema;
  }
  if (schema.$ref) {
    const name = schema.$ref.split("/").pop()!;
    // A recursive schema stops at its second visit: a fuzzer needs no infinite tree.
    if (seen.has(name) || !schemas[name]) return {};
    return resolveRefs(schemas[name], schemas, new Set([...seen, name]));
  }
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    out[key] =
      typeof value === "object" && value !== null
        ? key === "properties"
          ? Object.fromEntries(
              Object.entries(value as Record<string, JsonSchema>).map(([k, v]) => [
                k,
                resolveRefs(v, schemas, seen),
              ]),
            )
          : resolveRefs(value as JsonSchema, schemas, seen)
        : value;
  }
  return out;
}

/** Every string field of a body schema, as paths into the object (for the 1 MB ReDoS guard). */
export function stringFields(schema: JsonSchema, prefix: string[] = []): string[][] {
  if (isType(schema, "string")) return [prefix];
  const found: string[][] = [];
  for (const branch of [
    ...(schema.anyOf ?? []),
    ...(schema.oneOf ?? []),
    ...(schema.allOf ?? []),
  ]) {
    found.push(...stringFields(branch, prefix));
  }
  for (const [key, value] of Object.entries(schema.properties ?? {})) {
    found.push(...stringFields(value, [...prefix, key]));
  }
  if (schema.items) found.push(...stringFields(schema.items, [...prefix, "0"]));
  // The same field may be reached through two branches.
  return [...new Map(found.map((p) => [p.join("."), p])).values()];
}

export function isType(schema: JsonSchema, type: string): boolean {
  return schema.type === type || (Array.isArray(schema.type) && schema.type.includes(type));
}
