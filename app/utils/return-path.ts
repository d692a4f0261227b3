/** A path with `r` appended: the return path rides along the links between the join and verification pages. */
export function withReturnPath(path: string, returnPath: string | null | undefined): string {
  if (!returnPath) return path;
  return `${path}${path.includes("?") ? "&" : "?"}r=${encodeURIComponent(returnPath)}`;
}
