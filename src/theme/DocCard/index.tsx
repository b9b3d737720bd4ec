import React, { type ReactNode } from 'react';
import DocCard from '@theme-original/DocCard';
import type DocCardType from '@theme/DocCard';
import type { WrapperProps } from '@docusaurus/types';
import { cardDescription, useCardDescriptions } from '@site/src/lib/cardDescriptions';

type Props = WrapperProps<typeof DocCardType>;

/** Wrapper: a doc card takes its description from the index page's route prop (plugins/docs-slim). */
export default function DocCardWrapper({ item }: Props): ReactNode {
  const description = cardDescription(item, useCardDescriptions());
  return <DocCard item={item.type === 'link' && description && !item.description ? { ...item, description } : item} />;
}
