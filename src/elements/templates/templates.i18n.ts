import type { Terms } from '../shared/localize.ts';

const id = {
  chooseOptions: 'Pilih varian terlebih dahulu.',
  unavailable: 'Kombinasi ini tidak tersedia.',
};

export type TemplateTerms = typeof id;

/** The texts templates write themselves (errors of the merchant's buttons); the merchant's markup has its own. */
export const TEMPLATE_TERMS: Terms<TemplateTerms> = {
  id,
  en: {
    chooseOptions: 'Choose the options first.',
    unavailable: 'This combination is not available.',
  },
};
