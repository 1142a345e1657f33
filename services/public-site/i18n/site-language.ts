import type { Request } from 'express';
import { en, type Messages } from './en';
import { ja } from './ja';

/** The interface languages of the site. */
export const SITE_LANGS = ['en', 'ja'] as const;
export type SiteLang = (typeof SITE_LANGS)[number];

export const MESSAGES: Readonly<Record<SiteLang, Messages>> = { en, ja };

/** The `?hl=` of the request when it names a site language: the reader's explicit choice, kept in links. */
export function chosenLanguage(req: Request): SiteLang | undefined {
  const hl = req.query.hl;
  return hl === 'ja' || hl === 'en' ? hl : undefined;
}

/**
 * The page language: `?hl=` when given, else the browser's Accept-Language (the first of ja/en it
 * prefers), else English.
 */
export function pageLanguage(req: Request): SiteLang {
  const accepted = req.acceptsLanguages('en', 'ja');
  return chosenLanguage(req) ?? (accepted === 'ja' ? 'ja' : 'en');
}

export const otherLanguage = (lang: SiteLang): SiteLang => (lang === 'ja' ? 'en' : 'ja');

/** `path` with `hl=lang` (path is the site's own; a query it has, such as a paper page's `as_of`, is kept). */
export const withLanguage = (path: string, lang: SiteLang): string => `${path}${path.includes('?') ? '&' : '?'}hl=${lang}`;
