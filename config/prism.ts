/** The theme's `prism` block: the themes and languages of src/shared/code/prism.ts. */
import { ADDITIONAL_LANGUAGES, darkCodeTheme, lightCodeTheme } from '../src/shared/code/prism';

export { ADDITIONAL_LANGUAGES, darkCodeTheme, lightCodeTheme };

export const prism = {
  theme: lightCodeTheme,
  darkTheme: darkCodeTheme,
  additionalLanguages: ADDITIONAL_LANGUAGES,
};
