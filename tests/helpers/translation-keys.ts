/**
 * A static reading of the source for the locale tests: which translation keys
 * each module names, which modules a route pulls in, and which namespaces each
 * route declares in `handle.i18n`. It parses with the TypeScript compiler, so
 * comments and type positions never count.
 */
import { STAFF_PERMISSION_NAMES } from "#server/contract/staff-permissions";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";

export type Tree = { [key: string]: string | Tree };

const ROOT = resolve(dirname(new URL(import.meta.url).pathname), "../..");

/** A locale file as key → text, keys joined with "." (the key separator). */
export function flatten(tree: Tree, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === "string") out.set(prefix + key, value);
    else for (const [k, v] of flatten(value, `${prefix}${key}.`)) out.set(k, v);
  }
  return out;
}

export function readLocale(lng: string, ns: string): Tree {
  return JSON.parse(readFileSync(join(ROOT, "locales", lng, `${ns}.json`), "utf8")) as Tree;
}

/** A translation key a module names: a whole key, or the fixed start of a template (`traits.${group}._title`). */
export interface KeyReference {
  file: string;
  line: number;
  text: string;
  kind: "key" | "prefix";
}

/** Where an imported or re-exported name comes from ("*" for a namespace import, null file for packages). */
interface Binding {
  file: string | null;
  name: string;
}

interface Part {
  references: KeyReference[];
  /** Top-level names and imported names this part uses. */
  uses: Set<string>;
}

interface ModuleInfo {
  file: string;
  /** Local name → where it is imported from. */
  imports: Map<string, Binding>;
  /** Exported name → local top-level name. */
  exported: Map<string, string>;
  reexported: Map<string, Binding>;
  starReexports: string[];
  /** Top-level declaration name → what it names and uses. */
  symbols: Map<string, Part>;
  /** Statements that declare nothing (they run whenever the module loads). */
  init: Part;
  references: KeyReference[];
  /** Every runtime import target. */
  dependencies: string[];
}

const SOURCE_EXTENSIONS = [".ts", ".tsx"];

/** Repository-relative path of an import from `from`, or null for packages and non-source files. */
function resolveImport(from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith("~/")) base = join(ROOT, "app", specifier.slice(2));
  else if (specifier.startsWith("#server/")) base = join(ROOT, "server", specifier.slice("#server/".length));
  else if (specifier.startsWith(".")) base = resolve(dirname(join(ROOT, from)), specifier);
  else return null;
  const candidates = [
    ...SOURCE_EXTENSIONS.map((ext) => base + ext),
    ...SOURCE_EXTENSIONS.map((ext) => join(base, `index${ext}`)),
    base.replace(/\.js$/, ".ts"),
    base.replace(/\.js$/, ".tsx"),
  ];
  const found = candidates.find((path) => existsSync(path) && statSync(path).isFile());
  return found ? relative(ROOT, found) : null;
}

function parse(file: string): ts.SourceFile {
  const text = readFileSync(join(ROOT, file), "utf8");
  return ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
}

function declaredNames(statement: ts.Statement): string[] {
  if (ts.isVariableStatement(statement)) {
    const names: string[] = [];
    const collect = (name: ts.BindingName) => {
      if (ts.isIdentifier(name)) names.push(name.text);
      else for (const element of name.elements) if (!ts.isOmittedExpression(element)) collect(element.name);
    };
    for (const declaration of statement.declarationList.declarations) collect(declaration.name);
    return names;
  }
  if ((ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement) || ts.isEnumDeclaration(statement)) && statement.name)
    return [statement.name.text];
  if (ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement)) return ["default"];
  return [];
}

const isExported = (statement: ts.Statement) =>
  ts.canHaveModifiers(statement) && (ts.getModifiers(statement) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
const isDefaultExport = (statement: ts.Statement) =>
  ts.canHaveModifiers(statement) && (ts.getModifiers(statement) ?? []).some((m) => m.kind === ts.SyntaxKind.DefaultKeyword);

const modules = new Map<string, ModuleInfo>();

/**
 * What one module names and imports. `groups` are the first key segments of
 * all namespaces: a string is a key when it starts with one and a dot.
 */
export function readModule(file: string, groups: ReadonlySet<string>): ModuleInfo {
  const cached = modules.get(file);
  if (cached) return cached;
  const source = parse(file);
  const info: ModuleInfo = {
    file,
    imports: new Map(),
    exported: new Map(),
    reexported: new Map(),
    starReexports: [],
    symbols: new Map(),
    init: { references: [], uses: new Set() },
    references: [],
    dependencies: [],
  };
  const lineOf = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  // A file name ("reviews.json" in the data export) is never a key, whatever its first segment.
  // Nor is a staff permission ("members.read", contract/staff-permissions): its first segment may name a namespace.
  const isKey = (value: string) =>
    /^[A-Za-z0-9_.]+$/.test(value) &&
    value.includes(".") &&
    !value.endsWith(".json") &&
    !(STAFF_PERMISSION_NAMES as readonly string[]).includes(value) &&
    groups.has(value.split(".")[0] ?? "");
  const depend = (specifier: string) => {
    const target = resolveImport(file, specifier);
    if (target) info.dependencies.push(target);
    return target;
  };

  // Imports and re-exports first, so every part knows which names are bindings.
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
      const clause = statement.importClause;
      if (clause?.isTypeOnly) continue;
      const target = depend(statement.moduleSpecifier.text);
      if (!clause) {
        // import "./side-effect": its module runs, so all of it counts.
        if (target) {
          info.imports.set(`*side:${target}`, { file: target, name: "*" });
          info.init.uses.add(`*side:${target}`);
        }
        continue;
      }
      if (clause.name) info.imports.set(clause.name.text, { file: target, name: "default" });
      const bindings = clause.namedBindings;
      if (bindings && ts.isNamespaceImport(bindings)) info.imports.set(bindings.name.text, { file: target, name: "*" });
      else if (bindings)
        for (const element of bindings.elements) {
          if (element.isTypeOnly) continue;
          info.imports.set(element.name.text, { file: target, name: (element.propertyName ?? element.name).text });
        }
    } else if (ts.isExportDeclaration(statement)) {
      if (statement.isTypeOnly) continue;
      const target =
        statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier) ? depend(statement.moduleSpecifier.text) : null;
      const clause = statement.exportClause;
      if (!clause) {
        if (target) info.starReexports.push(target);
      } else if (ts.isNamedExports(clause)) {
        for (const element of clause.elements) {
          if (element.isTypeOnly) continue;
          const local = (element.propertyName ?? element.name).text;
          if (statement.moduleSpecifier) info.reexported.set(element.name.text, { file: target, name: local });
          else info.exported.set(element.name.text, local);
        }
      } else if (target) info.reexported.set(clause.name.text, { file: target, name: "*" });
    }
  }

  const visit = (node: ts.Node, part: Part): void => {
    if (ts.isTypeNode(node) || ts.isTypeAliasDeclaration(node) || ts.isInterfaceDeclaration(node)) return;
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [first] = node.arguments;
      const target = first && ts.isStringLiteral(first) ? depend(first.text) : null;
      if (target) {
        info.imports.set(`*dynamic:${target}`, { file: target, name: "*" });
        part.uses.add(`*dynamic:${target}`);
      }
    }
    if (ts.isIdentifier(node)) part.uses.add(node.text);
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      // A key may carry its placeholder values as a query ("validation.password.too_short?requirement=8").
      const key = node.text.split("?")[0] ?? "";
      if (isKey(key) && !key.endsWith(".")) part.references.push({ file, line: lineOf(node), text: key, kind: "key" });
    } else if (ts.isTemplateExpression(node) && isKey(node.head.text)) {
      part.references.push({ file, line: lineOf(node), text: node.head.text, kind: "prefix" });
    }
    ts.forEachChild(node, (child) => visit(child, part));
  };

  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) continue;
    if (ts.isTypeAliasDeclaration(statement) || ts.isInterfaceDeclaration(statement)) continue;
    if (ts.isModuleDeclaration(statement)) continue;
    const names = declaredNames(statement);
    if (ts.isExportAssignment(statement)) {
      const part: Part = { references: [], uses: new Set() };
      visit(statement.expression, part);
      info.symbols.set("default", part);
      info.exported.set("default", "default");
      info.references.push(...part.references);
      continue;
    }
    const part: Part = names.length > 0 ? { references: [], uses: new Set() } : info.init;
    visit(statement, part);
    for (const name of names) {
      info.symbols.set(name, part);
      if (isExported(statement)) info.exported.set(isDefaultExport(statement) ? "default" : name, name);
    }
    if (names.length > 0) info.references.push(...part.references);
  }
  info.references.push(...info.init.references);
  modules.set(file, info);
  return info;
}

/**
 * The key references a route can render, following runtime imports from its
 * module. The route module counts whole; an imported module by name: only the
 * exports imported and what they use (plus its top-level statements), so
 * importing a trait id does not charge a page with every trait label.
 */
export function reachableReferences(entry: string, groups: ReadonlySet<string>): KeyReference[] {
  const references: KeyReference[] = [];
  const done = new Set<string>();
  const queue: Array<{ file: string; name: string }> = [{ file: entry, name: "*" }];
  const whole = (file: string) => file === entry;
  while (queue.length > 0) {
    const { file, name } = queue.shift()!;
    const id = whole(file) ? file : `${file}#${name}`;
    if (done.has(id)) continue;
    done.add(id);
    const info = readModule(file, groups);
    const follow = (binding: Binding | undefined) => {
      if (binding?.file) queue.push({ file: binding.file, name: binding.name });
    };
    const takePart = (part: Part) => {
      references.push(...part.references);
      for (const used of part.uses) {
        if (info.imports.has(used)) follow(info.imports.get(used));
        else if (info.symbols.has(used)) queue.push({ file, name: `local:${used}` });
      }
    };
    if (whole(file) || name === "*") {
      takePart(info.init);
      for (const part of new Set(info.symbols.values())) takePart(part);
      for (const binding of [...info.imports.values(), ...info.reexported.values()]) follow(binding);
      for (const target of info.starReexports) queue.push({ file: target, name: "*" });
      continue;
    }
    if (!done.has(`${file}#init`)) {
      done.add(`${file}#init`);
      takePart(info.init);
    }
    if (name.startsWith("local:")) {
      const part = info.symbols.get(name.slice("local:".length));
      if (part) takePart(part);
      continue;
    }
    const local = info.exported.get(name);
    if (local !== undefined) queue.push({ file, name: `local:${local}` });
    else if (info.reexported.has(name)) follow(info.reexported.get(name));
    else for (const target of info.starReexports) queue.push({ file: target, name });
  }
  return references;
}

/** Source files under a directory, repository-relative. */
export function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (path: string) => {
    for (const entry of readdirSync(join(ROOT, path), { withFileTypes: true })) {
      const child = join(path, entry.name);
      if (entry.isDirectory()) walk(child);
      else if (SOURCE_EXTENSIONS.some((ext) => entry.name.endsWith(ext)) && !entry.name.endsWith(".d.ts")) out.push(child);
    }
  };
  walk(dir);
  return out.sort();
}

export interface RouteModule {
  id: string;
  file: string;
  parent: string;
}

/** Splits a flat-route file name on the dots that separate segments (not those inside [ ]). */
function segmentsOf(name: string): string[] {
  const segments: string[] = [];
  let current = "";
  let escaped = false;
  for (const char of name) {
    if (char === "[") escaped = true;
    if (char === "]") escaped = false;
    if (char === "." && !escaped) {
      segments.push(current);
      current = "";
    } else current += char;
  }
  segments.push(current);
  return segments;
}

/**
 * The route modules and their parents by Remix's flat-route naming: the parent
 * is the longest other route whose segments start this one's, else the root.
 */
export function routeModules(): RouteModule[] {
  const files = readdirSync(join(ROOT, "app/routes")).filter((name) => /\.tsx?$/.test(name) && !/\.(test|css)\./.test(name));
  const routes = files.map((name) => {
    const segments = segmentsOf(name.replace(/\.tsx?$/, ""));
    const index = segments.at(-1) === "_index";
    // An index route sits inside the layout of its own path; any other route inside a shorter one.
    return {
      id: `routes/${name.replace(/\.tsx?$/, "")}`,
      file: `app/routes/${name}`,
      index,
      path: index ? segments.slice(0, -1) : segments,
    };
  });
  return routes.map((route) => {
    let parent = { id: "root", depth: -1 };
    const longest = route.index ? route.path.length : route.path.length - 1;
    for (const other of routes) {
      if (other === route || other.index || other.path.length > longest || other.path.length <= parent.depth) continue;
      if (other.path.every((segment, i) => route.path[i] === segment)) parent = { id: other.id, depth: other.path.length };
    }
    return { id: route.id, file: route.file, parent: parent.id };
  });
}

/** The namespaces a route module lists in `export const handle = { i18n: [...] }`, or [] without one. */
export function declaredNamespaces(file: string): string[] {
  const text = readFileSync(join(ROOT, file), "utf8");
  const source = ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (!ts.isIdentifier(declaration.name) || declaration.name.text !== "handle") continue;
      const init = declaration.initializer;
      if (!init || !ts.isObjectLiteralExpression(init)) throw new Error(`${file}: handle is not an object literal`);
      for (const property of init.properties) {
        if (!ts.isPropertyAssignment(property) || property.name.getText(source) !== "i18n") continue;
        if (!ts.isArrayLiteralExpression(property.initializer)) throw new Error(`${file}: handle.i18n is not an array literal`);
        return property.initializer.elements.map((element) => {
          if (!ts.isStringLiteral(element)) throw new Error(`${file}: handle.i18n lists a non-literal`);
          return element.text;
        });
      }
    }
  }
  return [];
}
