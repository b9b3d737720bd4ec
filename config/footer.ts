import type { ThemeConfig } from '@docusaurus/preset-classic';
import { COPYRIGHT_YEAR, EXTERNAL_LINKS, LICENSE_URL } from './site';

type Footer = NonNullable<ThemeConfig['footer']>;

export const footer = {
  style: 'dark',
  links: [
    {
      title: 'Документация',
      items: [
        { label: 'Начало работы', to: '/docs/get-started' },
        { label: 'Руководство пользователя', to: '/docs/guide' },
        { label: 'Справочник', to: '/docs/reference' },
        { label: 'Глоссарий', to: '/glossary' },
      ],
    },
    {
      title: 'Обновления',
      items: [
        { label: 'Политика обновлений', to: '/upgrade/upgrade-policies' },
        { label: 'Monq 9', to: '/upgrade/v9/' },
        { label: 'Документация 8.9', to: '/docs/8.9/get-started' },
      ],
    },
    {
      title: 'Monq',
      items: [
        { label: 'Лицензионное соглашение', to: LICENSE_URL },
        EXTERNAL_LINKS.demo,
        EXTERNAL_LINKS.chat,
      ].map((item) => ('to' in item ? item : { label: item.label, href: item.href })),
    },
  ],
  copyright: `© ${COPYRIGHT_YEAR} ООО «МОНК Диджитал Лаб». Документация платформы Monq.`,
} satisfies Footer;
