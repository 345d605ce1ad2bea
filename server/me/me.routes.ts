import { defineRoute } from "../http/api-route";
import { ZUpdateProfileInput } from "../users/user.schemas";
import { ZMeOutput } from "./me.dto";
import { getMe, updateMe } from "./me.service";

export const getMeRoute = defineRoute(
  { method: "GET", path: "/v2/me", tag: "Me", summary: "Get my profile", access: { scope: "PROFILE_READ" }, response: ZMeOutput },
  ({ actor }) => getMe(actor),
);

export const updateMeRoute = defineRoute(
  {
    method: "PATCH",
    path: "/v2/me",
    tag: "Me",
    summary: "Update my profile",
    access: { scope: "PROFILE_WRITE" },
    body: ZUpdateProfileInput,
    response: ZMeOutput,
  },
  ({ actor, body }) => updateMe(actor, body),
);

export const meRoutes = [getMeRoute, updateMeRoute];
