// Independent check of muster's schemas: compile every schema with Ajv (draft 2020-12, strict mode) and
// validate the conformance corpus and every example document. Each document must be judged the same way
// muster's own Go validator judges it (the Go test schema.TestConformanceCorpus reads the same files):
//   - files in schema/testdata/conformance/ start with "# expect: valid" or "# expect: invalid";
//   - every document under examples/ must be valid.
// Run: cd schema/conformance && npm ci && node check.mjs
import Ajv2020 from "ajv/dist/2020.js";
import { parseAllDocuments } from "yaml";
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join, dirname, relative } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const schemaDir = join(here, "..");
const root = join(schemaDir, "..");
const base = "https://muster.invalid/schema/";

const ajv = new Ajv2020({ strict: true, allowUnionTypes: true, allErrors: true });
const kindFile = {};
for (const f of readdirSync(schemaDir).filter((f) => f.endsWith(".schema.json")).sort()) {
  const s = JSON.parse(readFileSync(join(schemaDir, f), "utf8"));
  ajv.addSchema(s, base + f);
  const kind = s.properties?.kind?.const;
  if (kind) kindFile[kind] = f;
}
const top = ajv.getSchema(base + "muster.schema.json");
const byKind = Object.fromEntries(Object.entries(kindFile).map(([k, f]) => [k, ajv.getSchema(base + f)]));
for (const [k, v] of Object.entries(byKind)) {
  if (!v) throw new Error(`schema for ${k} did not compile`);
}

function* walk(dir) {
  for (const e of readdirSync(dir).sort()) {
    const p = join(dir, e);
    if (e === "node_modules" || e.startsWith(".")) continue;
    if (statSync(p).isDirectory()) yield* walk(p);
    else if (/\.(ya?ml|json)$/.test(e)) yield p;
  }
}

let checked = 0;
const problems = [];
function judge(file, expect) {
  const text = readFileSync(file, "utf8");
  for (const [i, doc] of parseAllDocuments(text).entries()) {
    if (doc.errors.length) {
      problems.push(`${file} doc ${i}: YAML error ${doc.errors[0].message}`);
      continue;
    }
    const value = doc.toJS({ maxAliasCount: -1 });
    if (value === null || value === undefined) continue;
    const okTop = top(value);
    const k = value && typeof value === "object" ? value.kind : undefined;
    const v = byKind[k];
    const okKind = v ? v(value) : false;
    checked++;
    if (okTop !== okKind) {
      problems.push(`${relative(root, file)} doc ${i}: muster.schema.json says ${okTop}, ${kindFile[k] ?? "no kind schema"} says ${okKind}`);
    }
    const want = expect === "valid";
    if (okTop !== want) {
      const why = JSON.stringify((top.errors ?? []).slice(0, 3));
      problems.push(`${relative(root, file)} doc ${i}: Ajv says ${okTop ? "valid" : "invalid"}, expected ${expect} ${okTop ? "" : why}`);
    }
  }
}

for (const f of walk(join(schemaDir, "testdata", "conformance"))) {
  const first = readFileSync(f, "utf8").split("\n", 1)[0];
  const m = /^# expect: (valid|invalid)/.exec(first);
  if (!m) {
    problems.push(`${f}: first line must be "# expect: valid" or "# expect: invalid"`);
    continue;
  }
  judge(f, m[1]);
}
for (const f of walk(join(root, "examples"))) {
  if (f.includes(`${"/"}testdata${"/"}`)) continue;
  if (f.endsWith("package.json") || f.endsWith("package-lock.json")) continue;
  judge(f, "valid");
}

if (problems.length) {
  console.error(problems.join("\n"));
  console.error(`ajv conformance: ${problems.length} problems in ${checked} documents`);
  process.exit(1);
}
console.log(`ajv conformance: ${checked} documents agree (strict mode, draft 2020-12)`);
