import type { ReactNode } from 'react';
import Link from '@docusaurus/Link';
import Layout from '@theme/Layout';
import Heading from '@theme/Heading';

/** The entry point of the portal's former address scheme (/current/ru/...). */
export default function CurrentRu(): ReactNode {
  return (
    <Layout
      title="Документация переехала"
      description="Адреса вида /current/ru/ больше не используются: документация Monq живёт в разделе /docs/ с версиями 9.0 и 8.9.">
      <main className="container margin-vert--xl">
        <Heading as="h1">Документация переехала</Heading>
        <p>
          Раньше документация Monq открывалась по адресам вида <code>/current/ru/…</code>. Эта схема
          больше не используется: каждая версия платформы теперь имеет собственный раздел, а сами страницы
          получили новые адреса.
        </p>
        <p>Выберите, куда перейти:</p>
        <ul>
          <li>
            <Link to="/docs/get-started">Документация текущей версии 9.0</Link> — начните с обзора
            платформы и быстрых сценариев.
          </li>
          <li>
            <Link to="/docs/8.9/get-started">Документация версии 8.9</Link> — если ваша инсталляция ещё
            не обновлена.
          </li>
          <li>
            <Link to="/upgrade/upgrade-policies">Обновления</Link> — политика обновлений и журнал изменений
            всех релизов.
          </li>
          <li>
            <Link to="/glossary">Глоссарий</Link> — определения терминов платформы.
          </li>
        </ul>
        <p>
          Документация версий 7.x и 8.0–8.8 доступна в архиве:{' '}
          <Link href="https://v8.docs.monq.ru">v8.docs.monq.ru</Link> и{' '}
          <Link href="https://v7.docs.monq.ru">v7.docs.monq.ru</Link>. Если вы пришли сюда по ссылке из
          закладок или из внутренней базы знаний, обновите ссылку, чтобы в следующий раз сразу попасть на
          нужную страницу.
        </p>
      </main>
    </Layout>
  );
}
