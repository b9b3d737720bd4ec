import { themes as prismThemes } from 'prism-react-renderer';

/** Code highlighting: themes and the extra Prism languages that pages use. */
export const prism = {
  theme: prismThemes.github,
  darkTheme: prismThemes.vsDark,
  additionalLanguages: ['bash', 'lua', 'csharp', 'nginx', 'ini', 'sql', 'powershell', 'http'],
};
