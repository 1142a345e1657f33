/** The public site's one name, on every page, document and feed (translated by the site for Japanese readers). */
export const SITE_NAME = 'GX Research Paper Search';
