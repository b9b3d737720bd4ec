import React, { type ReactNode } from 'react';
import DocItem from '@theme-original/DocItem';
import type DocItemType from '@theme/DocItem';
import type { WrapperProps } from '@docusaurus/types';
import { CardDescriptionsContext, type CardDescriptions } from '@site/src/lib/cardDescriptions';

type Props = WrapperProps<typeof DocItemType> & { cardDescriptions?: CardDescriptions };

const NONE: CardDescriptions = {};

/** Wrapper: hands the route prop `cardDescriptions` of an index page (plugins/docs-slim) to its cards. */
export default function DocItemWrapper({ cardDescriptions, ...props }: Props): ReactNode {
  return (
    <CardDescriptionsContext.Provider value={cardDescriptions ?? NONE}>
      <DocItem {...props} />
    </CardDescriptionsContext.Provider>
  );
}
