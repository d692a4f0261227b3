/**
 * Import boundaries of the house (issue 8 item 3, docs/architecture.md), checked on where an import lands rather
 * than on how its path is spelled: `#server/db`, `~/../server/db` and `../../../server/db` are the same file, and
 * whether `../x/service` leaves its module depends on the importing file's folder. So each rule resolves the
 * specifier (the `#server/` and `~/` aliases of tsconfig.json, or a relative path) to a path inside the repository
 * and judges that. Static imports, re-exports, `import()` and `import("…").Type` are all checked.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";

const REPOSITORY_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

const ALIASES = [
  ["#server/", "server/"],
  ["~/", "app/"],
];

/** The repository-relative path (posix) an import specifier points at, or null for a package. */
function resolveSpecifier(specifier, importingFile) {
  for (const [alias, folder] of ALIASES) {
    if (specifier.startsWith(alias)) return path.posix.normalize(folder + specifier.slice(alias.length));
  }
  if (!specifier.startsWith("./") && !specifier.startsWith("../")) return null;
  const importer = path.relative(REPOSITORY_ROOT, importingFile).split(path.sep).join("/");
  return path.posix.normalize(path.posix.join(path.posix.dirname(importer), specifier));
}

function repositoryPath(file) {
  return path.relative(REPOSITORY_ROOT, file).split(path.sep).join("/");
}

/** Calls check(specifierNode, target) for every import of a file found in the repository. */
function importVisitors(context, check) {
  const visit = (sourceNode) => {
    if (sourceNode?.type !== "Literal" || typeof sourceNode.value !== "string") return;
    const target = resolveSpecifier(sourceNode.value, context.filename);
    if (target !== null) check(sourceNode, target);
  };
  return {
    ImportDeclaration: (node) => visit(node.source),
    ExportNamedDeclaration: (node) => visit(node.source),
    ExportAllDeclaration: (node) => visit(node.source),
    ImportExpression: (node) => visit(node.source),
    TSImportType: (node) => visit(node.argument?.type === "TSLiteralType" ? node.argument.literal : node.argument),
  };
}

const WEB_TIER_FORBIDDEN = /^server\/(db|modules|api)(\/|$)/;

/** The web tier knows the API only through the contract and its own client (app/api). */
const webTierImports = {
  meta: {
    type: "problem",
    messages: {
      serverInternals: "The web tier talks to the API through app/api; share types and rules via #server/contract ({{target}}).",
    },
    schema: [],
  },
  create(context) {
    return importVisitors(context, (node, target) => {
      if (WEB_TIER_FORBIDDEN.test(target)) context.report({ node, messageId: "serverInternals", data: { target } });
    });
  },
};

const MODULE_FILE = /^server\/modules\/([^/]+)\/(.+)$/;
const PUBLIC_FILE = /^index(\.[cm]?[jt]sx?)?$/;

/** Code outside a module (another module, the realtime hub, the API host, the seed) uses it only through its index.ts. */
const modulePublicFile = {
  meta: {
    type: "problem",
    messages: {
      notPublic: "Import the {{module}} module only through its public file, server/modules/{{module}}/index.ts ({{target}}).",
    },
    schema: [],
  },
  create(context) {
    const ownModule = MODULE_FILE.exec(repositoryPath(context.filename))?.[1];
    return importVisitors(context, (node, target) => {
      const [, module, file] = MODULE_FILE.exec(target) ?? [];
      if (module === undefined || module === ownModule || PUBLIC_FILE.test(file)) return;
      context.report({ node, messageId: "notPublic", data: { module, target } });
    });
  },
};

export default {
  meta: { name: "import-boundaries" },
  rules: { "web-tier-imports": webTierImports, "module-public-file": modulePublicFile },
};
