/**
 * The label of the DocSearch button in the navbar, on every page. The dialog's strings are in
 * translations.ts and load with the dialog.
 */
import {translate} from '@docusaurus/Translate';
import type {DocSearchTranslations} from '@docsearch/react';

type ButtonTranslations = NonNullable<DocSearchTranslations['button']>;

export function buttonTranslations(): ButtonTranslations {
  const label = translate({id: 'theme.SearchBar.label', message: 'Поиск'});
  // DocSearch appends the shortcut to the accessible name itself: «Поиск (Control+k)».
  return {buttonText: label, buttonAriaLabel: label};
}
