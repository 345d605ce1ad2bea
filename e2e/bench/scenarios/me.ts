/** GET /v2/me with an API key: the whole v2 path (bearer lookup, envelope, one profile query). */
import { makeApiKey, makeUser } from "../../../prisma/factories";
import type { Scenario } from "../scenario";

export const meScenario: Scenario = {
  name: "GET /v2/me (API key)",
  minRatio: 0.8,
  async prepare() {
    const user = await makeUser();
    const key = await makeApiKey(user.id, { name: "bench" });
    return { path: "/v2/me", headers: { authorization: `Bearer ${key}` }, expectStatus: 200 };
  },
};
