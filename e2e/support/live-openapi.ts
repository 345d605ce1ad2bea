/**
 * The OpenAPI document as the running server serves it (/v2/openapi.json), with validators for its examples and
 * for real answers: what the reference shows and what the client's types promise are held to the live schema.
 */
import type { APIRequestContext } from "@playwright/test";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";

type JsonSchema = Record<string, unknown>;
type Media = { content?: { "application/json"?: { schema?: JsonSchema; example?: unknown } } };
export type TLiveOperation = { requestBody?: Media; responses: Record<string, Media>; tags?: string[]; summary: string };
export type TLiveDocument = { info: { version: string }; paths: Record<string, Record<string, TLiveOperation>> };

const ajv = new Ajv2020({ strict: false, allErrors: true, logger: false });
addFormats(ajv);
const compiled = new WeakMap<JsonSchema, ValidateFunction>();

/** The schema's complaints about a value, one line each (empty: valid). */
export function schemaProblems(schema: JsonSchema, value: unknown): string[] {
  let validate = compiled.get(schema);
  if (!validate) {
    validate = ajv.compile(schema);
    compiled.set(schema, validate);
  }
  return validate(value) ? [] : (validate.errors ?? []).map((error) => `${error.instancePath || "/"} ${error.message ?? ""}`);
}

export async function liveOpenApi(request: APIRequestContext): Promise<TLiveDocument> {
  const response = await request.get("/v2/openapi.json");
  if (!response.ok()) throw new Error(`/v2/openapi.json answered ${response.status()}`);
  return (await response.json()) as TLiveDocument;
}

export const successOf = (operation: TLiveOperation) => Object.entries(operation.responses).find(([status]) => status.startsWith("2"));

/** The live schema of an operation's success answer. */
export function successSchema(document: TLiveDocument, method: string, path: string): JsonSchema {
  const operation = document.paths[path]?.[method.toLowerCase()];
  const schema = operation && successOf(operation)?.[1].content?.["application/json"]?.schema;
  if (!schema) throw new Error(`no success schema for ${method} ${path}`);
  return schema;
}
