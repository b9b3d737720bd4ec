/**
 * Wrapper (not an eject): the doc page's edit link, followed by «Markdown» and «Скопировать как
 * Markdown» (src/components/MarkdownActions, the twin's address from src/lib/markdownTwin.ts).
 */
import type { ReactNode } from 'react';
import { useLocation } from '@docusaurus/router';
import EditThisPage from '@theme-original/EditThisPage';
import type EditThisPageType from '@theme/EditThisPage';
import type { WrapperProps } from '@docusaurus/types';
import MarkdownActions from '@site/src/components/MarkdownActions';

type Props = WrapperProps<typeof EditThisPageType>;

export default function EditThisPageWrapper(props: Props): ReactNode {
  const { pathname } = useLocation();
  return (
    <>
      <EditThisPage {...props} />
      <MarkdownActions pathname={pathname} />
    </>
  );
}
