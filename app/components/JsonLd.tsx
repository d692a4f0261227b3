/**
 * Structured data (schema.org JSON-LD) for crawlers. "<" is escaped so text
 * from profiles can never close the script element.
 */
export function JsonLd({ data }: { data: unknown }) {
  const json = JSON.stringify(data).replace(/</g, "\\u003c");
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}
