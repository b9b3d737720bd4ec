/**
 * What only the open search dialog uses: its Russian strings and the project's panels (error screen,
 * offline «Спросить ИИ»). The SearchBar loads this module together with DocSearch's modal, so none of
 * it is in the JavaScript every page runs on load.
 */
export {modalTranslations, searchTexts} from './translations';
export {default as ModalPanels} from './ModalPanels';
