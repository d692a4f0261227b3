/**
 * A post's body rendered from its blocks (contract/blogs-editor, ADR 101). Every text goes through React as text, so
 * nothing a member typed can become markup, script or style; links are http(s) only (the API checked them, and the
 * check runs here again) and carry rel="nofollow ugc noopener"; an image shows only when the API listed it among the
 * author's photos still shown.
 */
import type { ReactNode } from "react";
import { isSafeHref, type BlogBlock, type BlogSpan } from "#server/contract/blogs-editor";
import type { MediaImage } from "#server/contract/media";
import type { Camelize } from "~/api/camelize";
import { Picture } from "~/components/Picture";
import * as css from "./blogs.css";

type Image = Camelize<{ id: number; image: MediaImage }>;

function Span({ span }: { span: BlogSpan }): ReactNode {
  let node: ReactNode = span.text;
  if (span.em) node = <em>{node}</em>;
  if (span.strong) node = <strong>{node}</strong>;
  if (span.href && isSafeHref(span.href))
    node = (
      <a href={span.href} rel="nofollow ugc noopener" target="_blank">
        {node}
      </a>
    );
  return node;
}

function Spans({ spans }: { spans: readonly BlogSpan[] }) {
  return (
    <>
      {spans.map((span, index) => (
        <Span key={index} span={span} />
      ))}
    </>
  );
}

export function BlogBody({
  blocks,
  images,
  testId = "blog-body",
}: {
  blocks: readonly BlogBlock[];
  images: readonly Image[];
  testId?: string;
}) {
  const imageOf = new Map(images.map((entry) => [entry.id, entry.image]));
  return (
    <div className={css.body} data-testid={testId}>
      {blocks.map((block, index) => {
        switch (block.type) {
          case "paragraph":
            return (
              <p key={index} className={css.paragraph}>
                <Spans spans={block.spans} />
              </p>
            );
          case "heading":
            return block.level === 2 ? (
              <h2 key={index} className={css.heading2}>
                <Spans spans={block.spans} />
              </h2>
            ) : (
              <h3 key={index} className={css.heading3}>
                <Spans spans={block.spans} />
              </h3>
            );
          case "list": {
            const items = block.items.map((item, at) => (
              <li key={at}>
                <Spans spans={item} />
              </li>
            ));
            return block.ordered ? (
              <ol key={index} className={css.list}>
                {items}
              </ol>
            ) : (
              <ul key={index} className={css.list}>
                {items}
              </ul>
            );
          }
          case "image": {
            const image = imageOf.get(block.id);
            if (!image) return null;
            return (
              <figure key={index} className={css.figure}>
                <Picture
                  image={image}
                  alt={block.alt}
                  sizes="(min-width: 768px) 680px, 100vw"
                  width={680}
                  height={Math.round((680 * image.height) / image.width)}
                  className={css.image}
                  loading="lazy"
                />
                {block.alt ? <figcaption className={css.caption}>{block.alt}</figcaption> : null}
              </figure>
            );
          }
        }
      })}
    </div>
  );
}
