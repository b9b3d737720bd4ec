/**
 * The overview «Что изменилось в документации 9.0» (plugins/changes): every changed, new and removed
 * page, grouped by the sections of the sidebar, each changed page with its summary line.
 */
import type { ReactNode } from 'react';
import Link from '@docusaurus/Link';
import Heading from '@theme/Heading';
import Layout from '@theme/Layout';
import { TEXT, type OverviewData, type OverviewEntry } from '@site/src/shared/changes';
import styles from './styles.module.css';

function Entries({ entries, id, title }: { entries: OverviewEntry[]; id: string; title: string }): ReactNode {
  if (entries.length === 0) return null;
  return (
    <>
      <Heading as="h3" id={id}>
        {title}
      </Heading>
      <ul className={styles.entries}>
        {entries.map((entry) => (
          <li key={entry.permalink}>
            <Link to={entry.permalink}>{entry.title}</Link>
            {entry.summary && <> — {entry.summary}. </>}
            {entry.comparePath && <Link to={entry.comparePath}>Сравнение</Link>}
          </li>
        ))}
      </ul>
    </>
  );
}

export default function Overview({ overview }: { overview: OverviewData }): ReactNode {
  return (
    <Layout title={TEXT.overviewTitle} description={TEXT.overviewDescription}>
      <main className={`container margin-vert--lg ${styles.page}`}>
        <Heading as="h1">{TEXT.overviewTitle}</Heading>
        <p>{overview.lead}</p>
        <p>
          Изменением считается то, что меняет работу с продуктом: новый или удалённый раздел, строка таблицы параметров,
          пример кода, команда, название в интерфейсе или ссылка. Перефразированный текст в счёт не идёт, его видно только на
          странице сравнения. Порядок перехода на 9.0 описан в разделе <Link to="/upgrade/v9/">Обновления до 9.0</Link>.
        </p>
        {overview.groups.map((group) => (
          <section key={group.id}>
            <Heading as="h2" id={group.id}>
              {group.label}
            </Heading>
            <Entries entries={group.changed} id={`${group.id}-changed`} title="Изменённые страницы" />
            <Entries entries={group.added} id={`${group.id}-new`} title="Новые страницы" />
            <Entries entries={group.removed} id={`${group.id}-removed`} title="Страницы 8.9, которых нет в 9.0" />
          </section>
        ))}
      </main>
    </Layout>
  );
}
