import type { ThemeConfig } from '@docusaurus/preset-classic';
import { ARCHIVED_VERSIONS, EXTERNAL_LINKS, SITE_TITLE } from './site';

type Navbar = NonNullable<ThemeConfig['navbar']>;

export const navbar = {
  title: SITE_TITLE,
  hideOnScroll: true,
  logo: {
    alt: 'Логотип Monq',
    src: 'img/logo.png',
    width: 32,
    height: 32,
  },
  items: [
    { type: 'docSidebar', sidebarId: 'docs', position: 'left', label: 'Документация' },
    {
      type: 'docSidebar',
      docsPluginId: 'upgrade',
      sidebarId: 'upgrade',
      position: 'left',
      label: 'Обновления',
    },
    { to: '/glossary', position: 'left', label: 'Глоссарий' },
    {
      type: 'docsVersionDropdown',
      position: 'right',
      dropdownItemsAfter: [
        { type: 'html', value: '<hr class="dropdown__divider">' },
        { type: 'html', className: 'dropdown-archive-label', value: 'Архив' },
        ...ARCHIVED_VERSIONS.map(({ label, href }) => ({ label, href })),
      ],
    },
    {
      type: 'dropdown',
      label: 'Сообщество',
      position: 'right',
      items: [
        EXTERNAL_LINKS.demo,
        EXTERNAL_LINKS.chat,
        EXTERNAL_LINKS.youtube,
        EXTERNAL_LINKS.rutube,
        EXTERNAL_LINKS.community,
      ].map(({ label, href }) => ({ label, href })),
    },
    { type: 'search', position: 'right' },
  ],
} satisfies Navbar;
