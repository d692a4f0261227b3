import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";

const FORM_DATA_RULE = {
  selector: "CallExpression[callee.property.name='formData']",
  message: "Read form posts with readFormData() from ~/utils/form-data.server.",
};
const CACHE_CONTROL_RULE = {
  selector: "Literal[value=/^cache-control$/i]",
  message: "Pick a Cache-Control policy from ~/utils/cache-headers (noStore, privatePage, memberView, guestPage).",
};

// The seam between the tiers (issue 8 item 1): API paths and client calls live only in the endpoint
// modules (app/api/<group>.server.ts), each typed from the contract, so a renamed field fails the typecheck.
const ENDPOINT_MODULE_MESSAGE =
  "Call the API through an endpoint module in app/api/<group>.server.ts (paths and response types live there).";
const API_SEAM_RULES = [
  { selector: "Literal[value=/^\\/(api|oauth)\\/v2\\//]", message: ENDPOINT_MODULE_MESSAGE },
  { selector: "TemplateElement[value.raw=/^\\/(api|oauth)\\/v2\\//]", message: ENDPOINT_MODULE_MESSAGE },
  { selector: "CallExpression[callee.object.name='api'][callee.property.name=/^(call|batch|raw)$/]", message: ENDPOINT_MODULE_MESSAGE },
  {
    selector: "CallExpression[callee.object.callee.name='createApiClient'][callee.property.name=/^(call|batch|raw)$/]",
    message: ENDPOINT_MODULE_MESSAGE,
  },
];

export default tseslint.config(
  {
    ignores: ["node_modules/", "build/", "public/build/", "data/", "test-results/", "playwright-report/", ".cache/", ".snapshots/"],
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
  { files: ["app/api/**"], rules: { "no-restricted-syntax": ["error", FORM_DATA_RULE, CACHE_CONTROL_RULE] } },
  { files: ["app/utils/form-data.server.ts"], rules: { "no-restricted-syntax": ["error", CACHE_CONTROL_RULE, ...API_SEAM_RULES] } },
  { files: ["app/utils/cache-headers.ts"], rules: { "no-restricted-syntax": ["error", FORM_DATA_RULE, ...API_SEAM_RULES] } },
  {
    // Import boundaries (issue 8 item 3, docs/architecture.md): the web tier knows the API only through the
    // contract and its own client, never the API's database, modules or internals.
    files: ["app/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^#server/(db|modules|api)(/|$)",
              message: "The web tier talks to the API through app/api; share types and rules via #server/contract.",
            },
          ],
        },
      ],
    },
  },
  {
    // A module uses another only through its public file (server/modules/<group>/index.ts).
    files: ["server/modules/*/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^\\.\\./(?!\\.\\.)[^/]+/(?!index$)[^/]+$",
              message: "Import another module only through its index.ts (its public file).",
            },
          ],
        },
      ],
    },
  },
  {
    // Playwright fixtures take `{}` and call `use()`; neither is React.
    files: ["tests/e2e/**"],
    rules: { "react-hooks/rules-of-hooks": "off", "no-empty-pattern": "off" },
  },
);
