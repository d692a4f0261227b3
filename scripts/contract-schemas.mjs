// Generates the JSON schemas of the API's declared success bodies (server/contract/responses.ts,
// interface ResponseBodies) for the OpenAPI document: server/contract/generated/response-schemas.json.
// Usage: node scripts/contract-schemas.mjs [--check]   (--check: exit 1 when the committed file is stale)
import { readFileSync, writeFileSync } from "node:fs";
import { createGenerator } from "ts-json-schema-generator";

export const OUTPUT = "server/contract/generated/response-schemas.json";

/** The schemas as the OpenAPI document uses them: one per body name, shared definitions under components. */
export function generateResponseSchemas() {
  const generator = createGenerator({
    path: "server/contract/responses.ts",
    tsconfig: "tsconfig.json",
    type: "ResponseBodies",
    expose: "export",
    topRef: false,
    jsDoc: "extended",
    skipTypeCheck: true,
    additionalProperties: true,
  });
  const schema = generator.createSchema("ResponseBodies");
  // OpenAPI 3.1 keeps shared schemas under components: point every reference there.
  const text = JSON.stringify(schema).replaceAll('"#/definitions/', '"#/components/schemas/');
  const { properties = {}, definitions = {} } = JSON.parse(text);
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
