import React, { type ReactNode } from 'react';
import DocCard from '@theme-original/DocCard';
import type DocCardType from '@theme/DocCard';
import type { WrapperProps } from '@docusaurus/types';
import { cardItem, useCardDescriptions } from '@site/src/lib/cardDescriptions';

type Props = WrapperProps<typeof DocCardType>;

/**
 * Wrapper: a doc card takes its description from the index page's route prop, and the theme's card gets
 * no doc id to look up in the version's `docs` map, which plugins/docs-slim empties.
 */
export default function DocCardWrapper({ item }: Props): ReactNode {
  return <DocCard item={cardItem(item, useCardDescriptions())} />;
}
