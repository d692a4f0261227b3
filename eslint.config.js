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
    ignores: ["app/utils/form-data.server.ts", "app/utils/cache-headers.ts"],
    rules: { "no-restricted-syntax": ["error", FORM_DATA_RULE, CACHE_CONTROL_RULE] },
  },
  { files: ["app/utils/form-data.server.ts"], rules: { "no-restricted-syntax": ["error", CACHE_CONTROL_RULE] } },
  { files: ["app/utils/cache-headers.ts"], rules: { "no-restricted-syntax": ["error", FORM_DATA_RULE] } },
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
