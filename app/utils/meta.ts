import type { MetaFunction } from "@remix-run/node";
import { pageMeta } from "./seo";

interface MetaData {
  title?: string;
  description?: string;
}

/** The origin the root loader computed, for absolute canonical URLs. */
export function rootOrigin(matches: ReadonlyArray<{ id: string; data?: unknown }>): string {
  return (matches.find((m) => m.id === "root")?.data as { origin?: string } | undefined)?.origin ?? "";
}

/**
 * Standard meta for a page whose loader returns { title, description? }
 * (`titleField` names another field when the page's own title differs).
 */
export function metaFromLoader(options: { noindex?: boolean; titleField?: string } = {}): MetaFunction {
  return ({ data, matches, location }) => {
    const page = (data ?? {}) as MetaData & Record<string, unknown>;
    const title = page[options.titleField ?? "title"];
    return pageMeta({
      title: typeof title === "string" ? title : "",
      description: page.description,
      origin: rootOrigin(matches),
      pathname: location.pathname,
      noindex: options.noindex,
    });
  };
}
