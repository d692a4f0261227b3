/**
 * A line diff for the page editor's history (ADR 120): the longest common subsequence of the two texts' lines. Pages
 * are a few hundred lines; beyond LINE_LIMIT lines per side the table would grow too big, so the diff then shows the
 * whole old text removed and the new one added (still correct, only coarse).
 */
import type { DiffLine } from "../../contract/editors";

const LINE_LIMIT = 3000;

export function lineDiff(before: string, after: string): DiffLine[] {
  const a = before.split(/\r?\n/);
  const b = after.split(/\r?\n/);
  if (a.length > LINE_LIMIT || b.length > LINE_LIMIT)
    return [...a.map((text) => ({ op: "del" as const, text })), ...b.map((text) => ({ op: "add" as const, text }))];
  // lcs[i][j]: the common lines of a[i..] and b[j..], filled from the end.
  const lcs = Array.from({ length: a.length + 1 }, () => new Uint16Array(b.length + 1));
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--)
      lcs[i]![j] = a[i] === b[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
  const lines: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      lines.push({ op: "same", text: a[i]! });
      i++;
      j++;
    } else if (lcs[i + 1]![j]! >= lcs[i]![j + 1]!) lines.push({ op: "del", text: a[i++]! });
    else lines.push({ op: "add", text: b[j++]! });
  }
  while (i < a.length) lines.push({ op: "del", text: a[i++]! });
  while (j < b.length) lines.push({ op: "add", text: b[j++]! });
  return lines;
}
