// Deep-merges a fragment {de:{...},en:{...},es:{...},pl:{...}} into the
// translation files, keeping keys sorted as they were and refusing a fragment
// that lacks a language. Each first key segment goes to the namespace file
// that already holds it (docs/decisions/014); a new one needs the namespace.
// Usage: node scripts/i18n-merge.mjs fragment.json [namespace]
import { mkdirSync, readdirSync, readFileSync, rmdirSync, writeFileSync } from "node:fs";

const [fragmentPath, namespace] = process.argv.slice(2);
if (!fragmentPath) {
  console.error("usage: node scripts/i18n-merge.mjs fragment.json [namespace]");
  process.exit(2);
}
const LANGUAGES = ["de", "en", "es", "pl"];
const fragment = JSON.parse(readFileSync(fragmentPath, "utf8"));
const flat = (o, p = "") => Object.entries(o).flatMap(([k, v]) => (v && typeof v === "object" ? flat(v, `${p}${k}.`) : [`${p}${k}`]));
const reference = new Set(flat(fragment.de ?? {}));
for (const lng of LANGUAGES) {
  const keys = new Set(flat(fragment[lng] ?? {}));
  const missing = [...reference].filter((k) => !keys.has(k));
  if (missing.length || keys.size !== reference.size) {
    console.error(`${lng}: keys differ from de (missing: ${missing.slice(0, 5).join(", ")})`);
    process.exit(1);
  }
}
function merge(target, source) {
  for (const [key, value] of Object.entries(source)) {
    if (value && typeof value === "object") target[key] = merge(target[key] && typeof target[key] === "object" ? target[key] : {}, value);
    else target[key] = value;
  }
  return target;
}
// A directory lock: several people (or agents) may merge at once.
const lock = "locales/.merge.lock";
for (let i = 0; ; i++) {
  try {
    mkdirSync(lock);
    break;
  } catch {
    if (i > 200) throw new Error(`lock ${lock} held too long; remove it if stale`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
const targets = new Set();
try {
  const holder = new Map();
  for (const file of readdirSync("locales/de").filter((f) => f.endsWith(".json")))
    for (const group of Object.keys(JSON.parse(readFileSync(`locales/de/${file}`, "utf8")))) holder.set(group, file.slice(0, -5));
  const namespaceOf = (group) => {
    const ns = namespace ?? holder.get(group);
    if (!ns) throw new Error(`no namespace holds "${group}" yet: name one (node scripts/i18n-merge.mjs fragment.json <namespace>)`);
    if (holder.has(group) && holder.get(group) !== ns) throw new Error(`"${group}" lives in ${holder.get(group)}.json, not ${ns}.json`);
    return ns;
  };
  // Every group is placed before any file is written.
  for (const group of Object.keys(fragment.de ?? {})) namespaceOf(group);
  for (const lng of LANGUAGES) {
    const byNamespace = new Map();
    for (const [group, value] of Object.entries(fragment[lng] ?? {})) {
      const ns = namespaceOf(group);
      byNamespace.set(ns, { ...byNamespace.get(ns), [group]: value });
    }
    for (const [ns, part] of byNamespace) {
      const file = `locales/${lng}/${ns}.json`;
      const current = JSON.parse(readFileSync(file, "utf8"));
      writeFileSync(file, JSON.stringify(merge(current, part), null, 2) + "\n");
      targets.add(ns);
    }
  }
} finally {
  rmdirSync(lock);
}
console.info(`merged ${reference.size} keys into locales/*/{${[...targets].join(",")}}.json`);
