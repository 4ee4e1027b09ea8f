/**
 * Fails (exit 1) when a generated file differs from what `npm run codegen` would write now, naming
 * the stale files; prints nothing else. Run by contract/contract.test.ts (Jest cannot load the generator).
 */
import { readFileSync } from "node:fs";
import { generate } from "@graphql-codegen/cli";
import config from "../../codegen";

const outputs: { filename: string; content: string }[] = await generate({ ...config, silent: true }, false);
const stale = outputs
  .filter((o) => {
    try {
      return readFileSync(o.filename, "utf8") !== o.content;
    } catch {
      return true;
    }
  })
  .map((o) => o.filename);
const expected = Object.keys(config.generates);
const missing = expected.filter((f) => !outputs.some((o) => o.filename === f));
if (stale.length || missing.length) {
  console.error(`Generated files out of date (run npm run codegen): ${[...stale, ...missing].join(", ")}`);
  process.exit(1);
}
