// `node --import ./register.mjs …/conformance/dist/index.js`: runs the MCP conformance CLI on Node 20 (see node20-hooks.mjs).
import { register } from "node:module";
register("./node20-hooks.mjs", import.meta.url);
