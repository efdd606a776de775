// Checks muster's SARIF output against the official SARIF 2.1.0 JSON Schema (OASIS, sarif-schema-2.1.0.json,
// vendored here from oasis-tcs/sarif-spec, sarif-2.1/schema/; draft-04, with the uri, uri-reference and
// date-time formats checked). .ci/run writes the logs for a package whose path holds spaces and accented
// letters, so the artifact URIs must be percent-encoded to pass.
// Run: cd schema/conformance && npm ci && node sarif.mjs FILE.sarif...
import Ajv from "ajv-draft-04";
import addFormats from "ajv-formats";
import { readFileSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const schema = JSON.parse(readFileSync(join(here, "sarif-schema-2.1.0.json"), "utf8"));
const ajv = new Ajv({ allErrors: true, strict: false });
addFormats(ajv);
const validate = ajv.compile(schema);

const files = process.argv.slice(2);
if (files.length === 0) {
  console.error("usage: node sarif.mjs FILE.sarif...");
  process.exit(2);
}
let problems = 0;
let results = 0;
for (const f of files) {
  const log = JSON.parse(readFileSync(f, "utf8"));
  for (const run of log.runs ?? []) results += (run.results ?? []).length;
  if (!validate(log)) {
    problems++;
    console.error(`${f}: not valid SARIF 2.1.0:\n${JSON.stringify(validate.errors.slice(0, 5), null, 2)}`);
  }
}
if (problems) {
  console.error(`sarif: ${problems} of ${files.length} logs invalid`);
  process.exit(1);
}
console.log(`sarif: ${files.length} logs, ${results} results valid against the official SARIF 2.1.0 schema`);
