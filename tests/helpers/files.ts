import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";

/** Every file below a directory (a media store), as full paths, sorted; none when the directory does not exist. */
export function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}
