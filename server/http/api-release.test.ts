/** The OpenAPI document's info.version is the newest release of CHANGELOG.md (Keep a Changelog: `## [x.y.z] - YYYY-MM-DD`). */
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { API_RELEASE } from "./api-release";
import { buildOpenApiDocument } from "./openapi";
import { ROUTE_CATALOG } from "./route-catalog";

const changelog = readFileSync(path.join(import.meta.dirname, "../../CHANGELOG.md"), "utf8");

it("names the changelog's newest release as the OpenAPI document's info.version", () => {
  const releases = [...changelog.matchAll(/^## \[(\d+\.\d+\.\d+)\] - (\d{4}-\d{2}-\d{2})$/gm)].map((match) => match[1]);
  expect(releases[0]).toBe(API_RELEASE);
  expect(buildOpenApiDocument(ROUTE_CATALOG, "http://localhost:3000").info.version).toBe(API_RELEASE);
});

it("keeps the changelog in Keep a Changelog's form: an Unreleased section first, then releases newest first, with known change kinds", () => {
  const sections = [...changelog.matchAll(/^## (.+)$/gm)].map((match) => match[1]!);
  expect(sections[0]).toBe("[Unreleased]");
  const dates = sections.slice(1).map((section) => /^\[\d+\.\d+\.\d+\] - (\d{4}-\d{2}-\d{2})$/.exec(section)?.[1]);
  expect(dates.every(Boolean)).toBe(true);
  expect([...dates].sort().reverse()).toEqual(dates);
  const kinds = [...changelog.matchAll(/^### (.+)$/gm)].map((match) => match[1]);
  expect(kinds.filter((kind) => !["Added", "Changed", "Deprecated", "Removed", "Fixed", "Security"].includes(kind!))).toEqual([]);
});
