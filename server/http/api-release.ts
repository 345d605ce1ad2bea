/**
 * The release of the public API that this code serves: the OpenAPI document's `info.version`, and the newest
 * released section of CHANGELOG.md (api-release.test.ts holds them equal). A change a client could notice gets a
 * line under "Unreleased" in the changelog; a release moves those lines under a new version and sets it here.
 */
export const API_RELEASE = "2.1.0";
