/**
 * The spec's default for `host`: "the service's web address {base_url}". It is the Convene the package is
 * published for: the build stamps CONVENE_BASE_URL over this value in dist/default-host.js
 * (scripts/stamp-default-host.mjs); unstamped, it is a local instance (`npm start`).
 */
export const DEFAULT_HOST = "http://localhost:3000";
