// Deep-merges a fragment {de:{...},en:{...},es:{...},pl:{...}} into
// locales/<lng>/<namespace>.json (default namespace common), keeping keys
// sorted as they were and refusing a fragment that lacks a language.
// Usage: node scripts/i18n-merge.mjs fragment.json [namespace]
import { mkdirSync, readFileSync, rmdirSync, writeFileSync } from "node:fs";

const [fragmentPath, namespace = "common"] = process.argv.slice(2);
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
try {
  for (const lng of LANGUAGES) {
    const file = `locales/${lng}/${namespace}.json`;
    const current = JSON.parse(readFileSync(file, "utf8"));
    writeFileSync(file, JSON.stringify(merge(current, fragment[lng]), null, 2) + "\n");
  }
} finally {
  rmdirSync(lock);
}
console.info(`merged ${reference.size} keys into locales/*/${namespace}.json`);
