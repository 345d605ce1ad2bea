/** Every example of the OpenAPI document is accepted by its route's own zod schemas: the request body by the body schema, the answer's data by the response schema. */
import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "./openapi";
import { ROUTE_CATALOG } from "./route-catalog";

type Media = { content?: { "application/json"?: { example?: unknown } } };
type Operation = { requestBody?: Media; responses: Record<string, Media> };

const document = buildOpenApiDocument(ROUTE_CATALOG, "http://localhost:3000") as unknown as { paths: Record<string, Record<string, Operation>> };
const operationOf = (method: string, path: string) => document.paths[path]![method.toLowerCase()]!;

describe("the OpenAPI document's examples", () => {
  it("has a request example for every body, which the route's body schema accepts", () => {
    const refused = ROUTE_CATALOG.filter((route) => route.body).flatMap((route) => {
      const example = operationOf(route.method, route.path).requestBody?.content?.["application/json"]?.example;
      const result = route.body!.safeParse(example);
      return result.success
        ? []
        : [{ route: `${route.method} ${route.path}`, example, issues: result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`) }];
    });
    expect(refused).toEqual([]);
  });

  it("has a success example for every operation, whose data the route's response schema accepts", () => {
    const refused = ROUTE_CATALOG.filter((route) => route.response).flatMap((route) => {
      const responses = operationOf(route.method, route.path).responses;
      const success = Object.entries(responses).find(([status]) => status.startsWith("2"))![1];
      const example = success.content?.["application/json"]?.example as { status: string; data: unknown } | undefined;
      const data = route.paginated ? ((example?.data as unknown[] | undefined) ?? [])[0] : example?.data;
      const result = route.response!.safeParse(data);
      return example?.status === "success" && result.success
        ? []
        : [
            {
              route: `${route.method} ${route.path}`,
              issues: result.success ? ["no success envelope"] : result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`),
            },
          ];
    });
    expect(refused).toEqual([]);
  });
});
