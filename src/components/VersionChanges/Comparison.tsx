/**
 * A comparison page (plugins/changes): one doc in 8.9 and in 9.0, section by section. Additions and
 * removals are marked by a sign, underlining or striking through and a hidden label, not by colour
 * alone. Out of the search index and the sitemap (`noindex`): it repeats the two pages it compares.
 */
import type { ReactNode } from 'react';
import Head from '@docusaurus/Head';
import Link from '@docusaurus/Link';
import { useLocation } from '@docusaurus/router';
import Heading from '@theme/Heading';
import Layout from '@theme/Layout';
import type { BlockChange, ComparisonData, SectionStatus } from '@site/src/shared/changes';
import styles from './styles.module.css';

const STATUS: Record<SectionStatus, string> = {
  added: 'Новый раздел',
  removed: 'Раздел удалён',
  changed: 'Что изменилось',
  wording: 'Изменена формулировка',
  same: 'Без изменений',
};

function Block({ block }: { block: BlockChange }): ReactNode {
  const content = block.parts.map((part, index) => {
    if (part.op === 'add') return <ins key={index}>{part.text}</ins>;
    if (part.op === 'del') return <del key={index}>{part.text}</del>;
    return <span key={index}>{part.text}</span>;
  });
  const sign = { same: ' ', add: '+', del: '−', change: '±' }[block.op];
  const label = { same: '', add: 'Добавлено в 9.0: ', del: 'Удалено в 9.0: ', change: 'Изменено: ' }[block.op];
  return (
    <div className={[styles.block, styles[block.op]].filter(Boolean).join(' ')}>
      <span className={styles.sign} aria-hidden="true">
        {sign}
      </span>
      {label && <span className={styles.hidden}>{label}</span>}
      {block.kind === 'code' ? <pre className={styles.code}>{content}</pre> : <p className={styles[block.kind]}>{content}</p>}
    </div>
  );
}

/** The route's data module holds the comparisons of a few pages, by address (plugins/changes/page-data.ts). */
export default function Comparison({ comparisons }: { comparisons: Record<string, ComparisonData> }): ReactNode {
  const { pathname } = useLocation();
  const comparison = comparisons[pathname.endsWith('/') ? pathname : `${pathname}/`];
  if (!comparison) throw new Error(`No comparison for ${pathname}`);
  const { title, summary, note, newer, older, sections, overviewPath } = comparison;
  return (
    <Layout title={`${title}: сравнение ${newer.version} с ${older.version}`} description={`Что изменилось на странице «${title}» в документации ${newer.version} по сравнению с ${older.version}: ${summary}.`}>
      <Head>
        <meta name="robots" content="noindex, follow" />
      </Head>
      <main className={`container margin-vert--lg ${styles.page}`}>
        <p className={styles.back}>
          <Link to={overviewPath}>Что изменилось в документации {newer.version}</Link>
        </p>
        <Heading as="h1">
          «{title}»: сравнение {newer.version} с {older.version}
        </Heading>
        {note ? (
          <p>
            <strong>При обновлении:</strong> {note}
          </p>
        ) : null}
        <p className={styles.summary}>{summary}.</p>
        <p>
          Страница в {newer.version}: <Link to={newer.permalink}>{newer.permalink}</Link>. В {older.version}:{' '}
          <Link to={older.permalink}>{older.permalink}</Link>.
        </p>
        <div className={styles.legend}>
          <p>Как читать сравнение:</p>
          <ul>
            <li>
              <span className={styles.sign}>+</span> <ins>подчёркнутый текст</ins> — добавлен в {newer.version};
            </li>
            <li>
              <span className={styles.sign}>−</span> <del>зачёркнутый текст</del> — был в {older.version} и удалён;
            </li>
            <li>
              <span className={styles.sign}>±</span> абзац, в котором изменена часть слов.
            </li>
          </ul>
          <p>Раздел с пометкой «Изменена формулировка» говорит о том же, что и раньше, другими словами.</p>
        </div>
        {sections.map((section) => (
          <section key={section.anchor} className={[styles.section, styles[section.status]].filter(Boolean).join(' ')}>
            <Heading as="h2" id={section.anchor}>
              {section.title}
            </Heading>
            <p className={styles.status}>
              <strong>{STATUS[section.status]}</strong>
              {section.status === 'changed' ? `: ${section.note}.` : '.'}
            </p>
            {section.blocks.map((block, index) => (
              <Block key={index} block={block} />
            ))}
          </section>
        ))}
      </main>
    </Layout>
  );
}
