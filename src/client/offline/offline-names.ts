/** The cache that holds the ID cards kept offline: read by the page and the worker alike. */
export const KEPT_CARDS_CACHE = 'meterly-id-cards';
