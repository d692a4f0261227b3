import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import boundaries from "eslint-plugin-boundaries";

const FORM_DATA_RULE = {
  selector: "CallExpression[callee.property.name='formData']",
  message: "Read form posts with readFormData() from ~/utils/form-data.server.",
};
// One form dialect (issue 24 item 3, ADR 063): an action reads its post only through the kit's parseForm (a valibot
// schema, conform's submission), never a field by hand. So a feature or route never gets hold of a FormData: no
// readFormData, no FormData-typed value, no get/getAll/has/entries on the names a form goes by. The kit's own files
// (app/utils/forms.server.ts, form-data.server.ts) are outside these folders; the streaming uploads never parse a
// form (they pass the body through unread, and the messenger peeks its text with busboy).
const FORM_KIT_MESSAGE = "Read a form post through the form kit: parseForm(request, schema) from ~/utils/forms.server (ADR 063).";
const FORM_KIT_RULES = [
  { selector: "ImportSpecifier[imported.name='readFormData']", message: FORM_KIT_MESSAGE },
  { selector: "CallExpression:matches([callee.name='readFormData'], [callee.property.name='readFormData'])", message: FORM_KIT_MESSAGE },
  { selector: "TSTypeReference[typeName.name='FormData']", message: FORM_KIT_MESSAGE },
  {
    selector:
      "CallExpression[callee.object.name=/^(form|formData|formdata|fd)$/]:matches([callee.property.name=/^(get|getAll|has|entries|keys|values|forEach)$/], [callee.property.value=/^(get|getAll|has|entries|keys|values|forEach)$/])",
    message: FORM_KIT_MESSAGE,
  },
  {
    selector:
      "CallExpression[callee.object.name='Object'][callee.property.name='fromEntries'] > Identifier.arguments[name=/^(form|formData|formdata|fd)$/]",
    message: FORM_KIT_MESSAGE,
  },
];
const CACHE_CONTROL_RULE = {
  selector: "Literal[value=/^cache-control$/i]",
  message: "Pick a Cache-Control policy from ~/utils/cache-headers (noStore, privatePage, memberView, guestPage).",
};

// The seam between the tiers (issue 8 item 1, issue 24 item 2): a web-tier call names an operation descriptor of the
// contract (server/contract/operations, ADR 062) and gets its declared type from it, so no API path and no response
// type is written by hand in app/. Outside app/api nothing reaches the client at all: routes and features call the
// endpoint modules (app/api/<group>.server.ts).
const ENDPOINT_MODULE_MESSAGE =
  "Call the API through an endpoint module in app/api/<group>.server.ts (paths and response types live there).";
const DESCRIPTOR_MESSAGE =
  "Name the operation's descriptor (server/contract/operations, ADR 062): api.op(op, { params, query, body }) — no hand-written API path or response type.";
// The client is matched by the shape of the call, not by its variable's name: any `<x>.call<T>(…)` or
// `<x>.batch<R>(…)` (also `x["call"]<T>` and a destructured `call<T>`) writes a response type by hand, and `.raw(`
// reaches the API with no endpoint module in between. Untyped calls are caught on the names the client goes by.
const CLIENT_METHOD = "/^(call|batch|raw)$/";
const CLIENT_CALL = `:matches([callee.property.name=${CLIENT_METHOD}], [callee.property.value=${CLIENT_METHOD}], [callee.name=${CLIENT_METHOD}])`;
const apiPathRules = (message) => [
  { selector: "Literal[value=/^\\/(api|oauth)\\/v2\\//]", message },
  { selector: "TemplateElement[value.raw=/^\\/(api|oauth)\\/v2\\//]", message },
];
// A typed call whose path is written out (a string or a template, however it starts): the cast issue 24 removed.
const TYPED_PATH_CALL_RULE = {
  selector: `CallExpression[typeArguments]${CLIENT_CALL}:matches([arguments.0.type='Literal'], [arguments.0.type='TemplateLiteral'])`,
  message: DESCRIPTOR_MESSAGE,
};
const API_SEAM_RULES = [
  ...apiPathRules(ENDPOINT_MODULE_MESSAGE),
  { selector: `CallExpression[typeArguments]${CLIENT_CALL}`, message: ENDPOINT_MODULE_MESSAGE },
  { selector: "CallExpression:matches([callee.property.name='raw'], [callee.property.value='raw'])", message: ENDPOINT_MODULE_MESSAGE },
  {
    selector: `CallExpression:not([typeArguments])[callee.object.name='api'][callee.property.name=${CLIENT_METHOD}]`,
    message: ENDPOINT_MODULE_MESSAGE,
  },
  {
    selector: `CallExpression:not([typeArguments])[callee.object.callee.name='createApiClient'][callee.property.name=${CLIENT_METHOD}]`,
    message: ENDPOINT_MODULE_MESSAGE,
  },
];
// In the endpoint modules themselves: no path and no typed call with a path either; every call names a descriptor.
const ENDPOINT_MODULE_RULES = [...apiPathRules(DESCRIPTOR_MESSAGE), TYPED_PATH_CALL_RULE];

/**
 * The `boundaries/dependencies` rule for one tier: its policies (the last match decides), reported with `message`.
 * An import the resolver cannot find is refused, not waved through: the boundaries are judged on the file an import
 * lands on, so a path it cannot resolve (or a broken alias setting) must not pass unseen.
 */
function importBoundary(policies, message) {
  const unresolved = {
    disallow: { to: { file: { path: null } } },
    message: "Import a file that exists: the boundary rules judge the file an import resolves to ({{dependency.source}}).",
  };
  return {
    "boundaries/dependencies": ["error", { default: "allow", checkUnknownLocals: true, policies: [...policies, unresolved], message }],
  };
}

export default tseslint.config(
  {
    // public/scripts/ is built from app/scripts/ (ADR 065): the sources are linted, not the minified output.
    ignores: [
      "node_modules/",
      "build/",
      "public/build/",
      "public/scripts/",
      "data/",
      "test-results/",
      "playwright-report/",
      ".cache/",
      ".snapshots/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "no-console": ["error", { allow: ["warn", "error", "info"] }],
    },
  },
  {
    // Actions read form posts through one reader that answers 415/400 for what is not a form (never a 500),
    // and every Cache-Control policy comes from ~/utils/cache-headers (issue 8 item 2).
    files: ["app/**"],
    ignores: ["app/utils/form-data.server.ts", "app/utils/cache-headers.ts", "app/api/**"],
    rules: { "no-restricted-syntax": ["error", FORM_DATA_RULE, CACHE_CONTROL_RULE, ...API_SEAM_RULES] },
  },
  {
    // Where actions live: every form post through the kit.
    files: ["app/features/**", "app/routes/**"],
    rules: { "no-restricted-syntax": ["error", FORM_DATA_RULE, CACHE_CONTROL_RULE, ...API_SEAM_RULES, ...FORM_KIT_RULES] },
  },
  {
    files: ["app/api/**"],
    ignores: ["app/api/media-chunked.ts"],
    rules: { "no-restricted-syntax": ["error", FORM_DATA_RULE, CACHE_CONTROL_RULE, ...ENDPOINT_MODULE_RULES] },
  },
  {
    // The chunked upload's browser client fetches the API itself: importing the media group's descriptors would bring
    // their valibot schemas into the gallery page's script (ADR 050). Its typed calls are still refused.
    files: ["app/api/media-chunked.ts"],
    rules: { "no-restricted-syntax": ["error", FORM_DATA_RULE, CACHE_CONTROL_RULE, TYPED_PATH_CALL_RULE] },
  },
  { files: ["app/utils/form-data.server.ts"], rules: { "no-restricted-syntax": ["error", CACHE_CONTROL_RULE, ...API_SEAM_RULES] } },
  { files: ["app/utils/cache-headers.ts"], rules: { "no-restricted-syntax": ["error", FORM_DATA_RULE, ...API_SEAM_RULES] } },
  {
    // Import boundaries (issue 8 item 3, docs/architecture.md) through eslint-plugin-boundaries (ADR 055). Each import
    // is judged on the file it resolves to (tsconfig.json's `#server/*` and `~/*` through the TypeScript resolver), so
    // `#server/db`, `~/../server/db` and `../../../server/db` are the same file.
    plugins: { boundaries },
    settings: {
      "import/resolver": { typescript: { project: "./tsconfig.json" } },
      // The first descriptor a file matches names its element: a file in server/modules/<module>/ belongs to that
      // module; the registry (server/modules/index.ts), the database and the API host are the server's internals;
      // the contract is its own (the web tier may import it); the rest of server/ (realtime, lib, integrations, …) and
      // app/ are elements too, since the plugin checks only the imports of files that belong to one.
      "boundaries/elements": [
        { type: "module", pattern: "server/modules/*", capture: ["module"] },
        { type: "server-internals", pattern: ["server/modules", "server/db", "server/api"] },
        { type: "contract", pattern: "server/contract" },
        { type: "server", pattern: "server" },
        { type: "web", pattern: "app" },
      ],
      // Besides imports, re-exports and import(): a type written as `import("…").Type`.
      // typescript-eslint 8.x gives TSImportType its specifier as `source` (a Literal); older ASTs nested it in a TSLiteralType.
      "boundaries/additional-dependency-nodes": [
        { selector: "TSImportType > Literal.source", kind: "type", name: "import-type" },
        { selector: "TSImportType > TSLiteralType > Literal", kind: "type", name: "import-type-legacy" },
      ],
    },
  },
  {
    // The web tier knows the API only through the contract and its own client (app/api): of server/ it imports only
    // the contract, never the database, modules, API or any other server code (a value import from there would also
    // carry server code towards the browser bundle).
    // app/load-context.ts is the one exception: it names the host's load-context type (a type import, erased).
    files: ["app/**"],
    ignores: ["app/load-context.ts"],
    rules: importBoundary(
      [{ disallow: { to: { element: { types: ["module", "server-internals", "server"] } } } }],
      "The web tier talks to the API through app/api; share types and rules via #server/contract ({{to.file.path}}).",
    ),
  },
  {
    // Everything outside a module (another module, the realtime hub, the API host, the seed, the list of manifests in
    // server/modules/index.ts) uses it only through its public file, index.ts, which also holds its manifest (ADR 064).
    files: ["server/**"],
    rules: importBoundary(
      [
        { disallow: { to: { element: { type: "module" } } } },
        { allow: { to: { element: { type: "module", fileInternalPath: "index.ts" } } } },
      ],
      "Import the {{to.element.captured.module}} module only through its public file, server/modules/{{to.element.captured.module}}/index.ts ({{to.file.path}}).",
    ),
  },
  {
    // Playwright fixtures take `{}` and call `use()`; neither is React.
    files: ["tests/e2e/**"],
    rules: { "react-hooks/rules-of-hooks": "off", "no-empty-pattern": "off" },
  },
);
