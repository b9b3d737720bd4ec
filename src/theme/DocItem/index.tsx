import React, { type ReactNode } from 'react';
import DocItem from '@theme-original/DocItem';
import type DocItemType from '@theme/DocItem';
import type { WrapperProps } from '@docusaurus/types';
import { CardDescriptionsContext, type CardDescriptions } from '@site/src/lib/cardDescriptions';
import { ARTICLE_DATA_ID, articleDataJson } from '@site/src/lib/article/staticArticle';

type Props = WrapperProps<typeof DocItemType> & { cardDescriptions?: CardDescriptions };

const NONE: CardDescriptions = {};

/**
 * Wrapper:
 * - hands the route prop `cardDescriptions` of an index page (plugins/docs-slim) to its cards;
 * - writes the page's article data (title, table of contents, front matter…) as a JSON data block,
 *   so that the page the browser opens keeps its article and loads no compiled Markdown
 *   (src/lib/article/README.md). The browser renders the block empty: hydration keeps the server's
 *   text, and a page reached by navigation does not need it. Not written with `DOCS_PRIVATE_OFF=kept-article`.
 */
export default function DocItemWrapper({ cardDescriptions, ...props }: Props): ReactNode {
  const data = __MONQ_SERVER__ && __MONQ_KEPT_ARTICLE__ ? articleDataJson(props.content as unknown as Record<string, unknown>) : '';
  return (
    <CardDescriptionsContext.Provider value={cardDescriptions ?? NONE}>
      {__MONQ_KEPT_ARTICLE__ && <script type="application/json" id={ARTICLE_DATA_ID} dangerouslySetInnerHTML={{ __html: data }} />}
      <DocItem {...props} />
    </CardDescriptionsContext.Provider>
  );
}
