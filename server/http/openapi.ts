/** The OpenAPI 3.1 document, built from the route declarations and their zod schemas. */
import { z } from "zod";
import { SCOPES } from "../auth/scopes";
import { RATE_LIMITS, rateLimitVariable, type RateLimitName } from "../security/rate-limit-table";
import { quotaOf, windowSeconds } from "../security/rate-limits";
import { API_RELEASE } from "./api-release";
import { MAX_JSON_DEPTH } from "./json-depth";
import { requestExampleOf, successExampleOf } from "./openapi-example-overrides";
import { ZPaginationOutput } from "./pagination";
import { ignoredPeerQueryParams, refusedPeerFields, UNRECOGNIZED_KEY, UNSUPPORTED_FIELD } from "./peer-fields";
import { orgAccessOf, teamAccessOf, type RouteDeclaration } from "./route-definition";
import { PEER_VERSION_HEADER, VERSION_HEADER } from "./versioning";

type JsonSchema = Record<string, unknown>;

const toSchema = (schema: z.ZodType, io: "input" | "output"): JsonSchema => {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as JsonSchema;
  return rest;
};

const ERROR_ENVELOPE: JsonSchema = {
  type: "object",
  required: ["status", "error"],
  properties: {
    status: { const: "error" },
    error: {
      type: "object",
      required: ["code", "message"],
      properties: {
        code: { type: "string", examples: ["NOT_FOUND"] },
        message: { type: "string" },
        details: {
          description: `On a 400, one entry per field: {path, message}. An unknown key's entry also has \`code\`: \`${UNSUPPORTED_FIELD}\` when the peer API documents the field for this operation but Convene does not support it (listed in the operation's \`x-unsupported-peer-fields\`), \`${UNRECOGNIZED_KEY}\` otherwise.`,
        },
      },
    },
  },
};

/** The IETF RateLimit fields (draft-ietf-httpapi-ratelimit-headers) on the answers of a rate-limited operation. */
const RATE_LIMIT_HEADERS = {
  "RateLimit-Policy": {
    description: 'The x-rate-limits of this operation: `"<policy>";q=<quota>;w=<window seconds>`, comma-separated',
    schema: { type: "string", examples: ['"bookings-caller";q=300;w=300'] },
  },
  RateLimit: {
    description: 'What remains of each: `"<policy>";r=<remaining>;t=<seconds until the window resets>`, comma-separated',
    schema: { type: "string", examples: ['"bookings-caller";r=297;t=212'] },
  },
};
const RETRY_AFTER_HEADER = { description: "Seconds until the exhausted limit's window resets", schema: { type: "integer" } };

/** One limit as the document names it: the running server's configured quota and window, and the variable setting it. */
const rateLimitDocument = (name: RateLimitName) => ({
  policy: RATE_LIMITS[name].policy,
  quota: quotaOf(name),
  windowSeconds: windowSeconds(),
  counts: RATE_LIMITS[name].counts,
  variable: rateLimitVariable(name),
});

function parametersOf(route: RouteDeclaration) {
  const parameters: JsonSchema[] = [];
  for (const [location, schema] of [
    ["path", route.params],
    ["query", route.query],
  ] as const) {
    if (!schema) continue;
    const json = toSchema(schema, "input") as { properties?: Record<string, JsonSchema>; required?: string[] };
    for (const [name, property] of Object.entries(json.properties ?? {})) {
      parameters.push({
        name,
        in: location,
        required: location === "path" || (json.required ?? []).includes(name),
        schema: property,
        ...(property.description ? { description: property.description } : {}),
      });
    }
  }
  if (route.versions) {
    const schema = { type: "string", enum: [...route.versions], default: route.versions[0] };
    parameters.push(
      { name: VERSION_HEADER, in: "header", required: false, schema, description: `API version; defaults to ${route.versions[0]}` },
      {
        name: PEER_VERSION_HEADER,
        in: "header",
        required: false,
        schema,
        description: `The peer API's name for ${VERSION_HEADER}, with the same values; sending both with different values is a 400`,
      },
    );
  }
  return parameters;
}

function accessDescription(route: RouteDeclaration): string {
  if (route.access === "public") return "Public: no credential needed; a valid one may be sent.";
  const apiKeysOnly = "API keys only; not available to OAuth access tokens.";
  if (route.access === "api-key-only") return apiKeysOnly;
  const scope = route.access.scope
    ? `OAuth scope: \`${route.access.scope}\` (${SCOPES[route.access.scope].meaning}). API keys act with their owner's rights.`
    : apiKeysOnly;
  const org = orgAccessOf(route.access);
  const orgPart = org
    ? ` Organization permission: \`${org.permission}\`, held by the roles ${org.roles.join(", ")} (of the organization \`${org.param}\`). Not a member: 404; a member without one of the roles: 403.`
    : "";
  const team = teamAccessOf(route.access);
  if (!team) return scope + orgPart;
  const inOrg = team.org ? ` The team must be one of the organization \`${team.org}\`'s teams (another: 404).` : "";
  return `${scope}${orgPart}${inOrg} Team permission: \`${team.permission}\`, held by the roles ${team.roles.join(", ")} (of the team \`${team.param}\`; an organization's owners and admins count as owners and admins of its teams). Not a member: 404; a member without one of the roles: 403.`;
}

function operationOf(route: RouteDeclaration) {
  const data = route.response ? toSchema(route.response, "output") : {};
  const success: JsonSchema = {
    type: "object",
    required: ["status", "data"],
    properties: {
      status: { const: "success" },
      data: route.paginated ? { type: "array", items: data } : data,
      ...(route.paginated ? { pagination: toSchema(ZPaginationOutput, "output") } : {}),
    },
  };
  const unsupported = refusedPeerFields(route);
  const ignored = [...ignoredPeerQueryParams(route)].sort();
  const limited = route.rateLimits?.length ? RATE_LIMIT_HEADERS : {};
  const requestSchema = route.body ? toSchema(route.body, "input") : null;
  const errors = (status: string, description: string, headers: Record<string, unknown> = {}) => [
    status,
    { description, ...(Object.keys(headers).length ? { headers } : {}), content: { "application/json": { schema: ERROR_ENVELOPE } } },
  ];
  return {
    summary: route.summary,
    description: accessDescription(route),
    tags: [route.tag],
    security: route.access === "public" ? [{}, { bearer: [] }] : [{ bearer: [] }],
    ...(typeof route.access === "object" && route.access.scope ? { "x-required-scope": route.access.scope } : {}),
    ...(teamAccessOf(route.access)
      ? {
          "x-team-roles": teamAccessOf(route.access)!.roles,
          "x-team-permission": teamAccessOf(route.access)!.permission,
          "x-team-parameter": teamAccessOf(route.access)!.param,
        }
      : {}),
    ...(orgAccessOf(route.access)
      ? {
          "x-org-roles": orgAccessOf(route.access)!.roles,
          "x-org-permission": orgAccessOf(route.access)!.permission,
          "x-org-parameter": orgAccessOf(route.access)!.param,
        }
      : {}),
    // The peer API's body fields (body.<path>) this operation answers with a 400 `unsupported_field`.
    ...(unsupported.length ? { "x-unsupported-peer-fields": unsupported } : {}),
    // The peer API's query parameters (any of its versions) this operation accepts and ignores.
    ...(ignored.length ? { "x-ignored-peer-query-parameters": ignored } : {}),
    ...(route.rateLimits?.length ? { "x-rate-limits": route.rateLimits.map(rateLimitDocument) } : {}),
    parameters: parametersOf(route),
    ...(route.body
      ? { requestBody: { required: true, content: { "application/json": { schema: requestSchema, example: requestExampleOf(route, requestSchema!) } } } }
      : {}),
    responses: Object.fromEntries([
      [
        String(route.successStatus ?? 200),
        {
          description: "Success",
          ...(route.rateLimits?.length ? { headers: limited } : {}),
          content: { "application/json": { schema: success, example: successExampleOf(route, success) } },
        },
      ],
      errors(
        "400",
        `Invalid input; each field is named in error.details (a peer API field Convene does not support has code ${UNSUPPORTED_FIELD})${route.body ? `; a body nested deeper than ${MAX_JSON_DEPTH} levels is refused on \`body\`` : ""}`,
      ),
      errors("401", "Missing or invalid credential"),
      errors(
        "403",
        teamAccessOf(route.access)
          ? "The token's scopes do not cover this operation, or the caller's team role is not one of x-team-roles"
          : "The token's scopes do not cover this operation",
      ),
      errors("404", teamAccessOf(route.access) ? "Not found (the team included: a non-member gets 404)" : "Not found"),
      ...(route.body ? [errors("413", "Request body over 1 MB (refused as soon as Content-Length says so)")] : []),
      ...(route.rateLimits?.length
        ? [errors("429", "A rate limit of x-rate-limits is used up; retry after Retry-After seconds", { ...limited, "Retry-After": RETRY_AFTER_HEADER })]
        : []),
      errors(
        "503",
        "SERVICE_UNAVAILABLE: the database cannot serve the request now; nothing was written, retry after Retry-After seconds. OUTCOME_UNKNOWN (no Retry-After): the database stopped answering after a write's commit was sent; error.details says what to look up (a booking's `bookingUid`) instead of retrying",
      ),
    ]),
  };
}

export function buildOpenApiDocument(routes: readonly RouteDeclaration[], serverUrl: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    paths[route.path] ??= {};
    paths[route.path]![route.method.toLowerCase()] = operationOf(route);
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Convene API v2",
      version: API_RELEASE,
      description: [
        "Scheduling API. Authenticate with `Authorization: Bearer <API key or OAuth access token>`.",
        "Versioned operations read `svc-api-version` or its synonym `cal-api-version` (the same values; both with different values is a 400) and take every version the peer API documents for the operation (listed in its header's enum); no header means the default.",
        "Query parameters the peer API documents for an operation, in any of its versions, are honoured or ignored (`x-ignored-peer-query-parameters`), never refused as unknown.",
        "Booking uids are 22 letters and digits (`[A-Za-z0-9]`); bookings made before that keep their dashed UUIDs, which every path still takes.",
        `Request bodies: JSON, at most 1 MB, nested at most ${MAX_JSON_DEPTH} levels.`,
        "Rate-limited operations list their limits in `x-rate-limits` and answer with `RateLimit-Policy` and `RateLimit` headers; past a limit, 429 with `Retry-After`.",
        "A 2xx means the write committed; an error means nothing was written, except 503 `OUTCOME_UNKNOWN`, which says what to look up to find out.",
      ].join(" "),
    },
    servers: [{ url: serverUrl }],
    components: { securitySchemes: { bearer: { type: "http", scheme: "bearer" } } },
    paths,
  };
}
