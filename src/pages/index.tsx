import type { ReactNode } from 'react';
import Link from '@docusaurus/Link';
import Layout from '@theme/Layout';
import Heading from '@theme/Heading';
import { ENTRY_POINTS } from '@site/src/components/HomeSections/sections';
import HydrationSlice from '@site/src/components/HydrationSlice';
import styles from './index.module.css';

export default function Home(): ReactNode {
  return (
    <Layout
      title="Документация Monq"
      description="Документация платформы Monq: мониторинг инфраструктуры и зонтичный мониторинг, сигналы, метрики и пороги, ресурсно-сервисная модель, сбор данных, автоматизация и API.">
      <header className={styles.hero}>
        <div className="container">
          <Heading as="h1" className={styles.heroTitle}>
            Документация Monq
          </Heading>
          <p className={styles.heroLead}>
            Monq — российская платформа для мониторинга ИТ-инфраструктуры и управления ИТ-услугами. Она
            собирает метрики, логи и события из ваших систем, связывает их с ресурсно-сервисной моделью и
            превращает в сигналы, с которыми работают дежурные и администраторы. Реакцию на события вы
            настраиваете сценариями автоматизации, без программирования или с минимумом кода.
          </p>
          <div className={styles.heroActions}>
            <Link className="button button--primary button--lg" to="/docs/get-started">
              Начать работу
            </Link>
            <Link className="button button--secondary button--lg" to="/upgrade/v9/changelog/v9-0-0">
              Что нового в 9.0
            </Link>
          </div>
        </div>
      </header>
      <main>
        <HydrationSlice>
          <section className={styles.section}>
            <div className="container">
              <Heading as="h2" id="audience">
                Для кого эта документация
              </Heading>
              <ul className={styles.audience}>
                <li>
                  <strong>Администраторам</strong> — установка, обновление, пользователи и права, настройка
                  ресурсно-сервисной модели и эксплуатация платформы.
                </li>
                <li>
                  <strong>Операторам и дежурным</strong> — работа с сигналами, порогами, отчётами о доступности
                  и оперативным центром.
                </li>
                <li>
                  <strong>Интеграторам</strong> — подключение источников данных, плагины агента, REST API и
                  сценарии автоматизации.
                </li>
              </ul>
            </div>
          </section>
        </HydrationSlice>
        <HydrationSlice>
          <section className={styles.section}>
            <div className="container">
              <Heading as="h2" id="sections">
                Разделы документации
              </Heading>
              <div className={styles.grid}>
                {ENTRY_POINTS.map((entry) => (
                  <Link key={entry.to} to={entry.to} className={styles.card}>
                    <Heading as="h3">{entry.title}</Heading>
                    <p>{entry.text}</p>
                  </Link>
                ))}
              </div>
            </div>
          </section>
        </HydrationSlice>
      </main>
    </Layout>
  );
}
