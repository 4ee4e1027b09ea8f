// GraphQL Code Generator plugin: the contract's SDL files, verbatim and in name order, as a TS module.
// The stand-in builds its executable schema from this string, so it needs no file access at run time
// (Next's production build, Jest and tsx alike) and keeps the directives (@aws_api_key) the files carry.
const { readdirSync, readFileSync } = require("node:fs");
const { join } = require("node:path");

const escape = (text) => text.replace(/\\/g, "\\\\").replace(/`/g, "\\`").replace(/\$\{/g, "\\${");

module.exports = {
  plugin(_schema, _documents, config) {
    const dir = config.schemaDir;
    const files = readdirSync(dir)
      .filter((f) => f.endsWith(".graphql"))
      .sort();
    const parts = files.map((f) => `# ---- ${dir}/${f}\n${readFileSync(join(dir, f), "utf8").trimEnd()}\n`);
    return [
      "/** The API contract's SDL (contract/schema/*.graphql, in name order), for building the executable schema. */",
      `export const SCHEMA_FILES: readonly string[] = ${JSON.stringify(files.map((f) => `${dir}/${f}`))};`,
      "",
      `export const SDL = /* GraphQL */ \`\n${escape(parts.join("\n"))}\`;`,
      "",
    ].join("\n");
  },
};
