/** The role table against the routes: every route declaring a team names the table's roles for its operation. */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROUTE_CATALOG } from "../http/route-catalog";
import { orgAccessOf, teamAccessOf } from "../http/route-definition";
import { PERMISSIONS } from "./permissions";
import {
  CONVENE_TEAM_OPERATIONS,
  orgRoleTableMarkdown,
  permissionTableMarkdown,
  ROLE_TABLE,
  roleTableMarkdown,
  specifiedOrgPermission,
  specifiedPermission,
  specifiedRoles,
} from "./role-table";
import { TEAM_LEVEL_TABLE } from "./scope-table";

describe("the role table", () => {
  it("has a row for every team-level operation that names a team and for Convene's own team operations, and only those", () => {
    const teamOperations = [
      ...TEAM_LEVEL_TABLE.flatMap((row) => row.operations).filter((operation) => operation.path.includes("{teamId}")),
      ...CONVENE_TEAM_OPERATIONS,
    ];
    expect(ROLE_TABLE.map((row) => `${row.method} ${row.path}`).sort()).toEqual(teamOperations.map((o) => `${o.method} ${o.path}`).sort());
    expect(specifiedRoles("GET", "/v2/teams")).toBeNull();
    expect(specifiedRoles("GET", "/v2/bookings")).toBeNull();
  });

  it("lets every member read, owners and admins write, and only an owner delete the team", () => {
    expect(specifiedRoles("GET", "/v2/teams/{teamId}")).toEqual(["OWNER", "ADMIN", "MEMBER"]);
    expect(specifiedRoles("GET", "/v2/teams/{teamId}/memberships")).toEqual(["OWNER", "ADMIN", "MEMBER"]);
    expect(specifiedRoles("PATCH", "/v2/teams/{teamId}")).toEqual(["OWNER", "ADMIN"]);
    expect(specifiedRoles("POST", "/v2/teams/{teamId}/memberships")).toEqual(["OWNER", "ADMIN"]);
    expect(specifiedRoles("GET", "/v2/teams/{teamId}/bookings")).toEqual(["OWNER", "ADMIN"]);
    expect(specifiedRoles("DELETE", "/v2/teams/{teamId}")).toEqual(["OWNER"]);
  });
});

describe("every route with a team declares its row's roles", () => {
  const teamRoutes = ROUTE_CATALOG.filter((route) => teamAccessOf(route.access));

  it("reads the team from a {teamId} path parameter and declares exactly the table's permission, so its roles", () => {
    const mismatches = teamRoutes
      .map((route) => ({
        route: `${route.method} ${route.path}`,
        team: teamAccessOf(route.access)!,
        permission: specifiedPermission(route.method, route.path),
        roles: specifiedRoles(route.method, route.path),
      }))
      .filter(
        ({ route, team, permission, roles }) =>
          !route.includes(`{${team.param}}`) || team.permission !== permission || JSON.stringify(team.roles) !== JSON.stringify(roles),
      );
    expect(mismatches).toEqual([]);
  });

  it("leaves no team operation of the catalog without its team clause", () => {
    const undeclared = ROUTE_CATALOG.filter((route) => specifiedRoles(route.method, route.path) && !teamAccessOf(route.access)).map(
      (route) => `${route.method} ${route.path}`,
    );
    expect(undeclared).toEqual([]);
  });
});

describe("the tables of docs/tenancy-and-permissions.md", () => {
  it("are the permission table and the role table as the code has them", () => {
    const page = readFileSync(path.join(import.meta.dirname, "../../docs/tenancy-and-permissions.md"), "utf8");
    expect(page).toContain(permissionTableMarkdown(PERMISSIONS));
    expect(page).toContain(roleTableMarkdown());
    expect(page).toContain(orgRoleTableMarkdown());
  });
});

describe("every organization route declares its row's organization permission", () => {
  it("reads the organization from {orgId} and names the table's permission; every organization-level operation served has the clause", () => {
    const orgLevel = ROUTE_CATALOG.filter((route) => specifiedOrgPermission(route.method, route.path));
    const mismatches = orgLevel
      .map((route) => ({
        route: `${route.method} ${route.path}`,
        declared: orgAccessOf(route.access),
        expected: specifiedOrgPermission(route.method, route.path),
      }))
      .filter(({ route, declared, expected }) => !declared || !route.includes(`{${declared.param}}`) || declared.permission !== expected);
    expect(mismatches).toEqual([]);
  });

  it("gives the users and memberships to owners and admins, and one's own teams to every member", () => {
    expect(specifiedOrgPermission("GET", "/v2/organizations/{orgId}/users")).toBe("org.users.read");
    expect(specifiedOrgPermission("POST", "/v2/organizations/{orgId}/memberships")).toBe("org.memberships.write");
    expect(specifiedOrgPermission("GET", "/v2/organizations/{orgId}/teams/me")).toBe("org.read");
    expect(specifiedOrgPermission("GET", "/v2/teams/{teamId}")).toBeNull();
  });
});
