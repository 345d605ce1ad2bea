// Module hooks: inside @modelcontextprotocol/conformance only, `fs` resolves to fs-with-glob.mjs.
export async function resolve(specifier, context, next) {
  const fromSuite = context.parentURL?.includes("/@modelcontextprotocol/conformance/");
  if (fromSuite && (specifier === "fs" || specifier === "node:fs")) {
    return { url: new URL("./fs-with-glob.mjs", import.meta.url).href, shortCircuit: true };
  }
  return next(specifier, context);
}
