// Generates the JSON schemas of the API's declared success bodies (server/contract/responses.ts,
// interface ResponseBodies) for the OpenAPI document: server/contract/generated/response-schemas.json.
// Usage: node scripts/contract-schemas.mjs [--check]   (--check: exit 1 when the committed file is stale)
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createGenerator } from "ts-json-schema-generator";

export const OUTPUT = "server/contract/generated/response-schemas.json";
const CONTRACT = "server/contract";

/**
 * A feature's bodies join ResponseBodies from its own contract file by declaration merging (ADR 067):
 *   export interface LatestReviewsBodies { LatestReviews: LatestReviews }
 *   declare module "./responses" { interface ResponseBodies extends LatestReviewsBodies {} }
 * The generator reads one declaration of an interface only, so each extended interface is generated on its own.
 */
export function mergedBodyInterfaces(dir = CONTRACT) {
  const found = [];
  for (const name of readdirSync(dir)
    .filter((file) => file.endsWith(".ts"))
    .sort()) {
    // Comments left out: a doc comment may show the pattern (responses.ts does) without merging anything.
    const source = readFileSync(join(dir, name), "utf8")
      .replace(/\/\*[\s\S]*?\*\//g, "")
      .replace(/^\s*\/\/.*$/gm, "");
    for (const block of source.matchAll(/declare module "\.\/responses"\s*\{([\s\S]*?)\n\}/g)) {
      for (const merge of block[1].matchAll(/interface ResponseBodies extends ([\w\s,]+?)\s*\{/g))
        for (const type of merge[1].split(",").map((t) => t.trim())) found.push({ path: join(dir, name), type });
    }
  }
  return found;
}

function schemaOf(path, type) {
  const generator = createGenerator({
    path,
    tsconfig: "tsconfig.json",
    type,
    expose: "export",
    topRef: false,
    jsDoc: "extended",
    skipTypeCheck: true,
    additionalProperties: true,
  });
  // OpenAPI 3.1 keeps shared schemas under components: point every reference there.
  const text = JSON.stringify(generator.createSchema(type)).replaceAll('"#/definitions/', '"#/components/schemas/');
  return JSON.parse(text);
}

/** The schemas as the OpenAPI document uses them: one per body name, shared definitions under components. */
export function generateResponseSchemas() {
  const { properties = {}, definitions = {} } = schemaOf(`${CONTRACT}/responses.ts`, "ResponseBodies");
  for (const { path, type } of mergedBodyInterfaces()) {
    const merged = schemaOf(path, type);
    for (const [name, body] of Object.entries(merged.properties ?? {})) {
      if (name in properties) throw new Error(`${path}: the body ${name} is declared twice`);
      properties[name] = body;
    }
    for (const [name, definition] of Object.entries(merged.definitions ?? {})) {
      if (name in definitions && JSON.stringify(definitions[name]) !== JSON.stringify(definition))
        throw new Error(`${path}: the type ${name} has two different definitions`);
      definitions[name] = definition;
    }
  }
  const sorted = (object) => Object.fromEntries(Object.entries(object).sort(([a], [b]) => a.localeCompare(b)));
  return `${JSON.stringify({ bodies: sorted(properties), definitions: sorted(definitions) }, null, 2)}\n`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const fresh = generateResponseSchemas();
  if (process.argv.includes("--check")) {
    const committed = readFileSync(OUTPUT, "utf8");
    if (committed !== fresh) {
      console.error(`${OUTPUT} is stale: run npm run contract:schemas`);
      process.exit(1);
    }
    console.info(`${OUTPUT} is up to date`);
  } else {
    writeFileSync(OUTPUT, fresh);
    console.info(`wrote ${OUTPUT}`);
  }
}
