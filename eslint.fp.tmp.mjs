import base from "./eslint.config.mjs";
export default [
  ...base,
  { files: ["**/*.ts", "**/*.tsx"], languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: "/work/wt-37" } },
    rules: { "@typescript-eslint/no-floating-promises": "error" } },
];
