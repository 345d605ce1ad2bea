/**
 * @convene/client: a typed client of Convene's API v2, generated from the OpenAPI document the server builds from
 * its route declarations (openapi-typescript types, openapi-fetch calls). It adds what every call needs: the
 * credential (an API key, or an OAuth access token that may be refreshed between calls), the version header each
 * versioned route expects, errors as typed values (or thrown, with `unwrap`), and pagination.
 */
import createClient, { type Client, type Middleware } from "openapi-fetch";
import type { paths } from "./schema";
import { DEFAULT_VERSIONS, PEER_VERSION_HEADER, VERSION_HEADER } from "./versions";

export type { components, operations, paths } from "./schema";
export { DEFAULT_VERSIONS, PEER_VERSION_HEADER, VERSION_HEADER } from "./versions";

export type TConveneClientOptions = {
  /** The Convene instance, e.g. https://convene.example (no /v2). */
  baseUrl: string;
  /** An API key: acts as its owner, with every scope. */
  apiKey?: string;
  /** An OAuth access token, or a function returning the current one (called before every request, so it may refresh). */
  accessToken?: string | (() => string | Promise<string>);
  /** Another fetch (tests, a proxy agent); the global one by default. */
  fetch?: typeof globalThis.fetch;
  /** Headers sent with every request. */
  headers?: Record<string, string>;
};

export type ConveneClient = Client<paths>;

function credentialMiddleware({ apiKey, accessToken }: TConveneClientOptions): Middleware {
  return {
    async onRequest({ request }) {
      if (request.headers.has("authorization")) return request;
      const token = apiKey ?? (typeof accessToken === "function" ? await accessToken() : accessToken);
      if (token) request.headers.set("authorization", `Bearer ${token}`);
      return request;
    },
  };
}

/** Sends the route's default version unless the call names one (under either header name). */
const versionMiddleware: Middleware = {
  onRequest({ request, schemaPath }) {
    const version = DEFAULT_VERSIONS[`${request.method} ${schemaPath}`];
    if (version && !request.headers.has(VERSION_HEADER) && !request.headers.has(PEER_VERSION_HEADER)) request.headers.set(VERSION_HEADER, version);
    return request;
  },
};

export function createConveneClient(options: TConveneClientOptions): ConveneClient {
  const client = createClient<paths>({ baseUrl: options.baseUrl.replace(/\/+$/, ""), fetch: options.fetch, headers: options.headers });
  client.use(credentialMiddleware(options), versionMiddleware);
  return client;
}

/** The v2 error envelope, as every operation documents it. */
export type TConveneErrorBody = { status: "error"; error: { code: string; message: string; details?: unknown } };

/** A refused call as a thrown value: the HTTP status, the envelope's code and message, and its field details. */
export class ConveneApiError extends Error {
  readonly name = "ConveneApiError";
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

const isErrorBody = (value: unknown): value is TConveneErrorBody =>
  typeof value === "object" && value !== null && typeof (value as TConveneErrorBody).error?.code === "string";

/** The error of a call as a ConveneApiError, whatever its body (the envelope, or none at all). */
export function toConveneError(error: unknown, response: Response): ConveneApiError {
  if (isErrorBody(error)) return new ConveneApiError(response.status, error.error.code, error.error.message, error.error.details);
  return new ConveneApiError(response.status, `HTTP_${response.status}`, `${response.status} ${response.statusText}`.trim());
}

type TResult<Body> = { data?: Body; error?: unknown; response: Response };

/** The success envelope's `data`, or a thrown ConveneApiError: for code that would rather not branch on `error`. */
export async function unwrap<Body extends { data?: unknown }>(call: Promise<TResult<Body>>): Promise<NonNullable<Body["data"]>> {
  const { data, error, response } = await call;
  if (error !== undefined || data === undefined) throw toConveneError(error, response);
  return data.data as NonNullable<Body["data"]>;
}

export type TPagination = { hasNextPage: boolean; returnedItems: number; nextCursor?: string };
/** The page to fetch: `take` and `skip`, or, once a list has answered a cursor, `take` and `cursor`. */
export type TPageRequest = { take: number; skip?: number; cursor?: string };

/**
 * Every item of a paginated list, page after page: `fetchPage` makes one call with the page it is given (spread it
 * into the query). Lists that answer `pagination.nextCursor` are followed by cursor, the others by `skip`.
 *
 *   for await (const booking of paginate((page) => convene.GET("/v2/bookings", { params: { query: page } }))) …
 */
export async function* paginate<Item>(
  fetchPage: (page: TPageRequest) => Promise<TResult<{ data?: Item[]; pagination?: TPagination }>>,
  { take = 100 }: { take?: number } = {},
): AsyncGenerator<Item> {
  let page: TPageRequest = { take, skip: 0 };
  for (;;) {
    const items = await unwrapPage(fetchPage(page));
    yield* items.data;
    const { pagination } = items;
    if (!pagination?.hasNextPage || items.data.length === 0) return;
    page = pagination.nextCursor ? { take, cursor: pagination.nextCursor } : { take, skip: (page.skip ?? 0) + pagination.returnedItems };
  }
}

async function unwrapPage<Item>(call: Promise<TResult<{ data?: Item[]; pagination?: TPagination }>>) {
  const { data, error, response } = await call;
  if (error !== undefined || data === undefined) throw toConveneError(error, response);
  return { data: data.data ?? [], pagination: data.pagination };
}
