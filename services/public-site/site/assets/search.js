// The search page (GET /): reads its state from the URL's query string, calls the public JSON API
// (GET /api/v1/papers/search) and renders the answer. Plain ES module, no build step. Every text
// of a record is set with textContent, never parsed as HTML; links are http(s) only. The page's
// language is the server's choice (`<html lang>`); its strings come from the page's JSON data block.

const API = '/api/v1/papers/search';
const PAGE_SIZE = 10;
/** offset + limit may not pass this (the API's deepest page). */
const MAX_WINDOW = 10000;
const QUERY_ERRORS = new Set(['missing_query', 'query_too_long', 'too_many_terms', 'term_too_short']);
/** The form control a problem code is about, marked aria-invalid with the message. */
const PROBLEM_FIELDS = { invalid_year_from: 'year_from', invalid_year_to: 'year_to', invalid_topic: 'topic', invalid_venue_type: 'venue_type', invalid_sort: 'sort', invalid_lang: 'lang' };
const KANA = /[\u3041-\u309f\u30a0-\u30ff]/;
/** The counts the page asks for, shown beside the filter options. */
const FACETS = 'topic,lang,year,venue_type';

// The answer and its records are typed by the API's own schemas (tsconfig.site.json checks this file).
/** @typedef {import('../../../../shared/papers/public-paper').PublicPaper} PublicPaper */
/** @typedef {import('../../../public-search/paper-search.service').SearchEnvelope} SearchEnvelope */
/** @typedef {NonNullable<SearchEnvelope['facets']>} FacetCounts */
/** @typedef {import('../../i18n/en').Messages['browser'] & { langs: import('../../i18n/en').Messages['langs'] }} PageMessages */

// The page's own elements: index.html always has them.
const byId = (id) => /** @type {HTMLElement} */ (document.getElementById(id));
const form = byId('search-form');
const queryInput = /** @type {HTMLInputElement} */ (byId('q'));
const topicSelect = /** @type {HTMLSelectElement} */ (byId('topic'));
const langSelect = /** @type {HTMLSelectElement} */ (byId('lang'));
const yearFromInput = /** @type {HTMLInputElement} */ (byId('year_from'));
const yearToInput = /** @type {HTMLInputElement} */ (byId('year_to'));
const venueSelect = /** @type {HTMLSelectElement} */ (byId('venue_type'));
const sortSelect = /** @type {HTMLSelectElement} */ (byId('sort'));
const languageSwitch = /** @type {HTMLAnchorElement} */ (byId('language-switch'));
const statusBox = byId('status');
const errorBox = byId('error');
const section = byId('results-section');
const heading = byId('results-heading');
const list = /** @type {HTMLOListElement} */ (byId('results'));
const prevLink = byId('prev');
const nextLink = byId('next');
const pageInfo = byId('page-info');
const feedLink = /** @type {HTMLAnchorElement} */ (byId('feed-link'));
const activeFilters = byId('active-filters');
const windowNote = byId('window-note');
const yearChart = byId('year-chart');
const yearCaption = byId('year-chart-caption');
const yearBars = byId('year-bars');
const yearAxis = byId('year-axis');
const citePage = byId('cite-page');
/** The download links of the page shown, by the API's `format`. */
const pageDownloads = {
  bibtex: byId('page-bibtex'),
  ris: byId('page-ris'),
  'csl-json': byId('page-csl-json'),
  csv: byId('page-csv'),
};
const citeDetails = /** @type {HTMLDetailsElement} */ (byId('cite-page-details'));
const citeText = /** @type {HTMLTextAreaElement} */ (byId('cite-page-bibtex'));
const citeCopy = byId('cite-page-copy');
const citeStatus = byId('cite-page-status');
const citeRelease = byId('cite-page-release');
const asOfNote = byId('as-of-note');
/** A chart of more years than this shows only the years that have papers (no empty run between them). */
const MAX_YEAR_SPAN = 80;

/** @type {PageMessages} */
const M = JSON.parse(byId('site-messages').textContent ?? '{}');
const UI_LANG = document.documentElement.lang === 'ja' ? 'ja' : 'en';
const OTHER_LANG = UI_LANG === 'ja' ? 'en' : 'ja';
const SITE_NAME = document.querySelector('.brand a')?.textContent ?? '';
const numbers = new Intl.NumberFormat(UI_LANG);
/** The results heading before any count ("Results"). */
const RESULTS = heading.textContent ?? '';
/** The previous-page link's own words (a cursor page opened from a link offers the first page instead). */
const PREVIOUS = prevLink.firstChild?.textContent ?? '';

/** `template` with each `{name}` replaced by its value. */
const t = (template, values = {}) => template.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));

// Each option's own label, kept before any count is added to its text.
for (const select of [topicSelect, langSelect, venueSelect]) for (const o of select.options) o.dataset.label = o.textContent ?? '';
const labelsOf = (select) => new Map([...select.options].filter((o) => o.value).map((o) => [o.value, o.dataset.label ?? '']));
const topicLabels = labelsOf(topicSelect);
const langLabels = labelsOf(langSelect);
const venueLabels = labelsOf(venueSelect);

// ----------------------------------------------------------------------------- state and URL --

/** The search the URL describes: the parameters as written (the API validates them). */
function stateFromUrl() {
  const params = new URLSearchParams(window.location.search);
  const hl = params.get('hl');
  return {
    q: params.get('q') ?? '',
    // The papers of one author (`nameMatches` on the server: whole name or family name); a search of its own or a filter of a query.
    author: (params.get('author') ?? '').trim(),
    topic: params.get('topic') ?? '',
    lang: params.get('lang') ?? '',
    year_from: params.get('year_from') ?? '',
    year_to: params.get('year_to') ?? '',
    venue_type: params.get('venue_type') ?? '',
    sort: params.get('sort') ?? '',
    offset: params.get('offset') ?? '',
    // Newest first pages by cursor (the API's keyset paging, no depth limit); `page` is for display.
    cursor: params.get('cursor') ?? '',
    page: params.get('page') ?? '',
    // The reader's explicit choice of interface language: kept in every link of the page.
    hl: hl === 'ja' || hl === 'en' ? hl : '',
    // `exact=1`: the query as typed, even when it finds nothing (no switch to its split words).
    exact: params.get('exact') === '1' ? '1' : '',
    // The dataset release the results are as of (the API's `as_of`, which it validates); empty: the corpus now.
    as_of: (params.get('as_of') ?? '').trim(),
  };
}

/** The Atom feed of the search shown: its query, topic and language (the feed takes those three). */
function feedUrl(state) {
  const params = new URLSearchParams({ q: state.q });
  if (state.topic) params.set('topic', state.topic);
  if (state.lang && state.lang !== 'all') params.set('lang', state.lang);
  return `/feeds/papers.atom?${params}`;
}

function queryString(state, { forApi = false } = {}) {
  const params = new URLSearchParams();
  // An author's papers need no words; without an author an empty query is sent, and the API says what is missing.
  if (state.q || !state.author) params.set('q', state.q);
  if (state.author) params.set('author', state.author);
  if (state.topic) params.set('topic', state.topic);
  if (state.lang && state.lang !== 'all') params.set('lang', state.lang);
  for (const name of ['year_from', 'year_to', 'venue_type']) if (state[name]) params.set(name, state[name]);
  if (state.sort && state.sort !== 'relevance') params.set('sort', state.sort);
  if (!byCursor(state)) {
    if (state.offset && state.offset !== '0') params.set('offset', state.offset);
  } else if (forApi) {
    params.set('cursor', state.cursor || '*');
  } else if (state.cursor) {
    params.set('cursor', state.cursor);
    if (state.page) params.set('page', state.page);
  }
  // Last, so the address of a search without it is what it always was.
  if (state.as_of) params.set('as_of', state.as_of);
  if (forApi) {
    params.set('limit', String(PAGE_SIZE));
    params.set('highlight', 'true');
    params.set('facets', FACETS);
  } else {
    if (state.exact) params.set('exact', '1');
    if (state.hl) params.set('hl', state.hl);
  }
  return params.toString();
}

const pageUrl = (state) => `/?${queryString(state)}`;

/** Newest first goes through every match page by page (cursor); relevance order pages by offset within the API's window. */
const byCursor = (state) => state.sort === 'newest';

/** The page number a cursor page shows (1 without a cursor). */
const cursorPage = (state) => (state.cursor ? Math.max(1, Number.parseInt(state.page, 10) || 1) : 1);

/** A paper's page in the reader's chosen language (`?hl=`) and as of the results' release (`as_of`), else its plain address. */
function paperHref(url, state) {
  if ((!state.hl && !state.as_of) || !safeHref(url)) return url;
  const address = new URL(url, window.location.href);
  if (state.as_of) address.searchParams.set('as_of', state.as_of);
  if (state.hl) address.searchParams.set('hl', state.hl);
  return address.href;
}

/** The language switch: this same search in the other language. */
function setLanguageSwitch(state) {
  languageSwitch.href = state.q || state.author ? pageUrl({ ...state, hl: OTHER_LANG }) : `/?hl=${OTHER_LANG}`;
}

/** The search page of one author's papers, in the reader's chosen language. */
function authorUrl(name, state) {
  const params = new URLSearchParams({ author: name });
  if (state.as_of) params.set('as_of', state.as_of);
  if (state.hl) params.set('hl', state.hl);
  return `/?${params}`;
}

/**
 * The author filter as a chip above the results, with a link that removes it (the same search
 * without it; the search page itself when nothing else is left).
 */
function showActiveFilters(state) {
  activeFilters.hidden = !state.author;
  if (!state.author) return activeFilters.replaceChildren();
  const chip = el('span', 'chip chip-filter');
  chip.append(el('span', null, t(M.authorChip, { author: state.author })));
  const remove = el('a', 'chip-remove', '×');
  remove.href = state.q ? pageUrl({ ...state, author: '', offset: '', cursor: '', page: '' }) : state.hl ? `/?hl=${state.hl}` : '/';
  remove.setAttribute('aria-label', t(M.removeAuthor, { author: state.author }));
  remove.title = remove.getAttribute('aria-label') ?? '';
  remove.addEventListener('click', openInPage);
  chip.append(remove);
  activeFilters.replaceChildren(chip);
}

/** Results as of a release: said above them, with the way to the current results (the same address without `as_of`). */
function showAsOfNote(state) {
  asOfNote.hidden = !state.as_of;
  if (!state.as_of) return asOfNote.replaceChildren();
  const current = el('a', null, M.asOfCurrent);
  current.id = 'as-of-current';
  current.href = state.q || state.author ? pageUrl({ ...state, as_of: '', offset: '', cursor: '', page: '' }) : state.hl ? `/?hl=${state.hl}` : '/';
  current.addEventListener('click', openInPage);
  asOfNote.replaceChildren(t(M.asOfNote, { release: state.as_of }), current);
}

function fillForm(state) {
  queryInput.value = state.q;
  topicSelect.value = topicLabels.has(state.topic) ? state.topic : '';
  langSelect.value = langLabels.has(state.lang) ? state.lang : 'all';
  yearFromInput.value = state.year_from;
  yearToInput.value = state.year_to;
  venueSelect.value = venueLabels.has(state.venue_type) ? state.venue_type : '';
  sortSelect.value = state.sort === 'newest' ? 'newest' : 'relevance';
  setLanguageSwitch(state);
  showActiveFilters(state);
  showAsOfNote(state);
}

/** The search the form describes now (a new search starts at its first page). */
function stateFromForm() {
  return {
    q: queryInput.value.trim(),
    // The author filter stays until its chip removes it.
    author: stateFromUrl().author,
    topic: topicSelect.value,
    lang: langSelect.value,
    year_from: yearFromInput.value.trim(),
    year_to: yearToInput.value.trim(),
    venue_type: venueSelect.value,
    sort: sortSelect.value,
    offset: '',
    cursor: '',
    page: '',
    hl: stateFromUrl().hl,
    exact: '',
    // A page as of a release searches as of it until the reader leaves it (the note's link to the current results).
    as_of: stateFromUrl().as_of,
  };
}

/** Shows `state` in the address bar: a new history entry, unless it is the one already shown. */
function go(state) {
  const url = pageUrl(state);
  setLanguageSwitch(state);
  showActiveFilters(state);
  showAsOfNote(state);
  if (url === window.location.pathname + window.location.search) window.history.replaceState(null, '', url);
  else window.history.pushState(null, '', url);
}

// ----------------------------------------------------------------------------------- helpers --

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined && text !== null) node.textContent = String(text);
  return node;
}

/** An absolute http(s) address, or null for anything else (javascript:, data: and the like). */
function safeHref(value) {
  if (typeof value !== 'string' || value === '') return null;
  try {
    const url = new URL(value, window.location.href);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** A link when the address is safe, else the plain text. */
function link(href, text, className) {
  const safe = safeHref(href);
  if (!safe) return el('span', className, text);
  const a = el('a', className, text);
  a.href = safe;
  return a;
}

const hostOf = (href) => {
  try {
    return new URL(href).hostname.replace(/^www\./, '');
  } catch {
    return href;
  }
};

const PAPER_LANG = { ja: 'ja', en: 'en' };

/**
 * The API's highlights of one value of the record, in order: `field`, and `index` for a list field.
 * @param {PublicPaper['highlights']} highlights
 * @param {string} field
 * @param {number} [index]
 */
const rangesIn = (highlights, field, index) => (highlights ?? []).filter((h) => h.field === field && h.index === index).sort((a, b) => a.start - b.start);

/**
 * `text` (or its part from `from` to `to`) with the ranges the API highlighted in it wrapped in
 * <mark>: text nodes only, never HTML.
 * @param {string} text
 * @param {PublicPaper['highlights']} highlights
 * @param {string} field
 * @param {number} [index]
 */
function marked(text, highlights, field, index, from = 0, to = text.length) {
  const fragment = document.createDocumentFragment();
  let at = from;
  for (const h of rangesIn(highlights, field, index)) {
    if (h.start < at || h.end > to) continue; // overlaps the previous mark, or outside the part shown
    fragment.append(text.slice(at, h.start));
    const mark = document.createElement('mark');
    mark.textContent = text.slice(h.start, h.end);
    fragment.append(mark);
    at = h.end;
  }
  fragment.append(text.slice(at, to));
  return fragment;
}

/** Characters of context an excerpt keeps on each side of its matches (the API's snippets keep 60 too). */
const EXCERPT_CONTEXT = 60;
/** How far an excerpt's edge moves to end at a space rather than inside a word. */
const WORD_REACH = 20;

/**
 * Where to cut `text` near `at` for an excerpt's start (or end, `isEnd`): at a space within a few
 * characters when there is one (Japanese and Chinese have none), never inside a surrogate pair.
 * @param {string} text
 * @param {number} at
 * @param {boolean} isEnd
 */
function cutNear(text, at, isEnd) {
  if (at <= 0) return 0;
  if (at >= text.length) return text.length;
  if (isEnd) {
    const base = Math.max(0, at - WORD_REACH);
    const space = text.slice(base, at).search(/\s\S*$/);
    const cut = space === -1 ? at : base + space;
    return /[\udc00-\udfff]/.test(text[cut] ?? '') ? cut - 1 : cut;
  }
  const space = text.slice(at, at + WORD_REACH).search(/\s/);
  const cut = space === -1 ? at : at + space + 1;
  return /[\udc00-\udfff]/.test(text[cut] ?? '') ? cut + 1 : cut;
}

/**
 * The passage of `text` around its first highlighted match (and the matches close after it), marked,
 * with `…` where it is cut: the line that shows why a record matched without its whole text.
 * @param {string} text
 * @param {PublicPaper['highlights']} highlights
 * @param {string} field
 */
function markedExcerpt(text, highlights, field) {
  const ranges = rangesIn(highlights, field).filter((h) => h.end <= text.length);
  const first = ranges[0];
  if (!first) return marked(text, highlights, field);
  const last = ranges.filter((h) => h.start < first.end + 2 * EXCERPT_CONTEXT).at(-1) ?? first;
  const from = cutNear(text, first.start - EXCERPT_CONTEXT, false);
  const to = cutNear(text, last.end + EXCERPT_CONTEXT, true);
  const fragment = marked(text, highlights, field, undefined, from, to);
  if (from > 0) fragment.prepend('…');
  if (to < text.length) fragment.append('…');
  return fragment;
}

/**
 * The record's titles, the reader's language first: title_ja for a Japanese reader, title_en for
 * an English one, then the original, then the other language's; each distinct text once.
 * @param {PublicPaper} paper
 */
function titlesOf(paper) {
  const order = [[`title_${UI_LANG}`, UI_LANG], ['title', PAPER_LANG[paper.lang ?? '']], [`title_${OTHER_LANG}`, OTHER_LANG]];
  const seen = new Set();
  const titles = [];
  for (const [field, lang] of order) {
    const text = paper[field];
    if (!text || seen.has(text)) continue;
    seen.add(text);
    titles.push({ text, lang, field });
  }
  return titles.length ? titles : [{ text: M.untitled, lang: UI_LANG, field: '' }];
}

/** The search in words for the status line: “the words” (filters), or the filters alone for an author's papers. */
function searchText(state, query) {
  const filters = filterParts(state);
  if (!query) return filters.join(', ');
  return `“${query}”${filters.length ? ` (${filters.join(', ')})` : ''}`;
}

function filterParts(state) {
  const parts = [];
  if (state.author) parts.push(t(M.filterAuthor, { author: state.author }));
  if (topicLabels.has(state.topic)) parts.push(t(M.filterTopic, { topic: topicLabels.get(state.topic) }));
  if (state.lang && state.lang !== 'all' && langLabels.has(state.lang)) parts.push(langLabels.get(state.lang));
  if (state.year_from && state.year_to) parts.push(t(M.filterYears, { from: state.year_from, to: state.year_to }));
  else if (state.year_from) parts.push(t(M.filterYearFrom, { year: state.year_from }));
  else if (state.year_to) parts.push(t(M.filterYearTo, { year: state.year_to }));
  if (venueLabels.has(state.venue_type)) parts.push(venueLabels.get(state.venue_type));
  return parts;
}

// ---------------------------------------------------------------------------------- rendering --

/**
 * @param {PublicPaper} paper
 * @param {ReturnType<typeof stateFromUrl>} state
 */
function paperItem(paper, state) {
  const { highlights } = paper;
  const item = el('li', 'paper');
  const article = el('article');
  item.append(article);

  const [title, ...others] = titlesOf(paper);
  const h3 = el('h3', 'paper-title');
  const titleLink = link(paperHref(paper.url, state), title.text);
  titleLink.replaceChildren(marked(title.text, highlights, title.field));
  if (title.lang) titleLink.lang = title.lang;
  h3.append(titleLink);
  article.append(h3);

  // The summary in the reader's language first: a Japanese reader gets the Japanese summary when
  // the record has one; the other text is one click away.
  /** @type {[string, string][]} */
  const summaries = [];
  if (paper.abstract) summaries.push(['abstract', paper.abstract]);
  if (paper.abstract_ja) summaries.push(['abstract_ja', paper.abstract_ja]);
  if (UI_LANG === 'ja') summaries.reverse();
  const [main, other] = summaries;

  // Why it matched, in either language: when the title and summary shown hold no match (an English
  // query on the Japanese page matches the English title and summary), the other text that does is
  // shown without a click: an other title open, else a line of the other summary around its match.
  const shownMatches = rangesIn(highlights, title.field).length > 0 || (main !== undefined && rangesIn(highlights, main[0]).length > 0);
  const whyTitle = shownMatches ? undefined : others.find((o) => rangesIn(highlights, o.field).length > 0);
  const whySummary = !shownMatches && !whyTitle && other !== undefined && rangesIn(highlights, other[0]).length > 0;

  // The other titles one click away: a disclosure named by what it holds.
  for (const alt of others) {
    const details = el('details', 'paper-alt-title');
    details.open = alt === whyTitle;
    const kind = alt.field === 'title' ? 'original' : alt.lang;
    details.append(el('summary', 'label', M.titleIn[kind] ?? M.titleIn.original));
    const value = el('p', 'paper-alt-title-text');
    value.append(marked(alt.text, highlights, alt.field));
    if (alt.lang) value.lang = alt.lang;
    details.append(value);
    article.append(details);
  }

  const meta = el('p', 'paper-meta');
  const authors = Array.isArray(paper.authors) ? paper.authors : [];
  /** @type {(string | Node)[]} */
  const metaParts = [];
  if (authors.length) metaParts.push(authorLinks(authors, state));
  if (paper.year) metaParts.push(String(paper.year));
  if (paper.venue) metaParts.push(paper.venue_type ? `${paper.venue} (${venueLabels.get(paper.venue_type) ?? paper.venue_type})` : paper.venue);
  metaParts.forEach((part, i) => meta.append(...(i > 0 ? [' · ', part] : [part])));
  if (metaParts.length) article.append(meta);

  if (main) {
    const summary = el('p', 'paper-summary');
    summary.append(marked(main[1], highlights, main[0]));
    if (main[0] === 'abstract_ja') summary.lang = 'ja';
    article.append(summary);
  }
  if (other && whySummary) {
    const line = el('p', 'paper-match');
    const passage = el('span', 'paper-match-text');
    passage.append(markedExcerpt(other[1], highlights, other[0]));
    if (other[0] === 'abstract_ja') passage.lang = 'ja';
    line.append(el('span', 'label', other[0] === 'abstract_ja' ? M.matchIn.ja : M.matchIn.other), passage);
    article.append(line);
  }
  if (other) {
    const details = el('details', 'paper-alt-summary');
    details.append(el('summary', 'label', other[0] === 'abstract_ja' ? M.summaryIn.ja : M.summaryIn.other));
    const value = el('p', 'paper-alt-summary-text');
    value.append(marked(other[1], highlights, other[0]));
    if (other[0] === 'abstract_ja') value.lang = 'ja';
    details.append(value);
    article.append(details);
  }

  const tags = Array.isArray(paper.tags) ? paper.tags : [];
  if (paper.topic || tags.length) {
    const chips = el('ul', 'chips');
    chips.setAttribute('aria-label', M.topicAndTags);
    // A chip the query matched is marked like a title: its tag's matching part, or the topic's whole
    // label (the match is in its slug, `carbon_pricing`, which the chip shows in words).
    if (paper.topic) {
      const matched = rangesIn(highlights, 'topic').length > 0;
      const topic = el('li', matched ? 'chip chip-topic chip-match' : 'chip chip-topic');
      const label = topicLabels.get(paper.topic) ?? paper.topic;
      topic.append(el('span', 'visually-hidden', M.topicPrefix), matched ? el('mark', null, label) : label);
      chips.append(topic);
    }
    tags.forEach((tag, i) => {
      const matched = rangesIn(highlights, 'tags', i).length > 0;
      const chip = el('li', matched ? 'chip chip-match' : 'chip');
      chip.append(marked(tag, highlights, 'tags', i));
      chips.append(chip);
    });
    article.append(chips);
  }
  const links = el('p', 'paper-links');
  if (paper.doi) {
    const doiHref = safeHref(paper.citation_url)?.startsWith('https://doi.org/') ? paper.citation_url : `https://doi.org/${paper.doi}`;
    links.append(el('span', 'label', 'DOI '), link(doiHref, paper.doi, 'doi'));
  }
  const citation = safeHref(paper.citation_url);
  const source = safeHref(paper.source_url);
  if (!paper.doi && citation && citation !== safeHref(paper.url)) {
    links.append(el('span', 'label', `${M.citationLink} `), link(citation, hostOf(citation)));
  } else if (paper.doi && source) {
    if (links.childNodes.length) links.append(document.createTextNode(' · '));
    links.append(el('span', 'label', `${M.source} `), link(source, hostOf(source)));
  }
  if (links.childNodes.length) article.append(links);

  return item;
}

/**
 * The authors, each a link to the search of that author's papers; past six, "and N more".
 * @param {string[]} authors
 * @param {ReturnType<typeof stateFromUrl>} state
 */
function authorLinks(authors, state) {
  const span = el('span', 'paper-authors');
  const shown = authors.slice(0, 6).map((name) => {
    const a = el('a', 'author-link', name);
    a.href = authorUrl(name, state);
    a.title = t(M.authorLinkTitle, { name });
    a.addEventListener('click', openInPage);
    return a;
  });
  const list = document.createDocumentFragment();
  shown.forEach((a, i) => list.append(...(i > 0 ? [', ', a] : [a])));
  if (authors.length <= 6) span.append(list);
  else {
    // The catalogue's words around the list ("{list} and {n} more"), the list itself as links.
    const [before, after] = t(M.andMore, { n: authors.length - 6 }).split('{list}');
    span.append(before ?? '', list, after ?? '');
  }
  return span;
}

/**
 * The counts of the answer's facets beside the filter options ("Hydrogen (123)"). A filter that is
 * set narrows its own counts to itself, so its options then show their plain labels.
 * @param {ReturnType<typeof stateFromUrl>} state
 * @param {FacetCounts | undefined} facets
 * @param {number} total
 */
function showCounts(state, facets, total) {
  const countOf = (field, value) => facets?.[field]?.find((b) => b.value === value)?.count ?? 0;
  const label = (select, counted, countFor) => {
    for (const o of select.options) o.textContent = (o.dataset.label ?? '') + (counted ? t(M.countSuffix, { n: numbers.format(countFor(o.value)) }) : '');
  };
  label(topicSelect, Boolean(facets?.topic) && !state.topic, (v) => (v ? countOf('topic', v) : total));
  // `lang=en` and `lang=ja` include the multilingual papers, so their counts do too.
  label(langSelect, Boolean(facets?.lang) && (!state.lang || state.lang === 'all'), (v) => (v === 'all' ? total : countOf('lang', v) + countOf('lang', 'mul')));
  label(venueSelect, Boolean(facets?.venue_type) && !state.venue_type, (v) => (v ? countOf('venue_type', v) : total));
}

/**
 * @param {ReturnType<typeof stateFromUrl>} state
 * @param {SearchEnvelope} body
 * @param {boolean} [split] the answer is for the split words of `state.q`, which found nothing
 */
function render(state, body, split = false, version = '') {
  const { total, count, limit, results, query } = body;
  const cursorMode = byCursor(state);
  const page = cursorMode ? cursorPage(state) : Math.floor(body.offset / limit) + 1;
  // The position of the page's first record in the whole match set.
  const offset = cursorMode ? (page - 1) * limit : body.offset;
  errorBox.replaceChildren();
  markInvalid(null);
  list.replaceChildren(...results.map((paper) => paperItem(paper, state)));
  list.start = offset + 1;
  showCounts(state, body.facets, total);
  showYears(state, body.facets);

  const shown = searchText(state, query || state.q);
  const range = { from: numbers.format(offset + 1), to: numbers.format(offset + count), total: numbers.format(total) };
  const matches = total === 1 ? t(M.matchesOne, { shown }) : t(M.matchesMany, { shown, total: numbers.format(total) });
  if (total === 0) {
    if (!showSuggestion(state, shown, body.suggestion)) statusBox.textContent = t(M.noMatches, { shown });
    section.hidden = true;
  } else if (count === 0) {
    statusBox.textContent = matches.replace(/[.。]$/, '') + M.pastLast;
    section.hidden = false;
  } else {
    statusBox.textContent = matches + t(M.showing, range);
    section.hidden = false;
  }
  if (split) showSplit(state, query, total);
  heading.textContent = total === 0 ? RESULTS : t(M.resultsHeading, range);

  const reachable = cursorMode ? total : Math.min(total, MAX_WINDOW);
  const pages = Math.max(1, Math.ceil(reachable / limit));
  pageInfo.textContent = count > 0 ? t(M.pageInfo, { page: numbers.format(page), pages: numbers.format(pages) }) : '';
  // The feed follows words (and topic, language): not an author's papers.
  feedLink.href = feedUrl({ ...state, q: query || state.q });
  /** @type {HTMLElement} */ (feedLink.parentElement).hidden = !state.q || Boolean(state.author);
  if (cursorMode) {
    // A cursor goes forward only: the way back is the pages this tab came through (see `openInPage`),
    // else (a page opened from a link) the first page.
    const trail = trailOf(window.history.state);
    const back = trail.at(-1);
    setPagerLink(prevLink, back ?? (page > 1 ? pageUrl({ ...state, cursor: '', page: '' }) : null), back || page <= 1 ? PREVIOUS : M.firstPage);
    setPagerLink(nextLink, body.next_cursor ? pageUrl({ ...state, cursor: body.next_cursor, page: String(page + 1) }) : null);
  } else {
    setPagerLink(prevLink, offset > 0 ? pageUrl({ ...state, offset: String(Math.max(0, offset - limit)) }) : null, PREVIOUS);
    setPagerLink(nextLink, offset + limit < reachable ? pageUrl({ ...state, offset: String(offset + limit) }) : null);
  }
  showWindowEnd(state, !cursorMode && total > MAX_WINDOW && offset + limit >= reachable, total);
  showCitePage(state, body, version);
  document.title = `${query || state.author} – ${page > 1 ? `${t(M.titlePage, { page })} – ` : ''}${SITE_NAME}`;
}

/**
 * A suggestion as the API gives it: its words and their count.
 * @param {SearchEnvelope['suggestion']} suggestion
 * @returns {suggestion is NonNullable<SearchEnvelope['suggestion']>}
 */
const validSuggestion = (suggestion) => Boolean(suggestion) && typeof suggestion?.q === 'string' && Number.isInteger(suggestion?.total);

/**
 * Results shown for the split words of a query that found nothing, said so, with the way back to the
 * query as typed (`exact=1`: its own answer, no results and the suggestion, not this switch again).
 * @param {ReturnType<typeof stateFromUrl>} state
 * @param {string} words the split words the results are for
 * @param {number} total
 */
function showSplit(state, words, total) {
  const split = el('span', 'split-words', words);
  if (KANA.test(state.q)) split.lang = 'ja';
  const n = total === 1 ? M.splitCountOne : t(M.splitCountMany, { n: numbers.format(total) });
  const [before, after] = t(M.splitShowing, { n }).split('{split}');
  const back = el('a', 'exact-link', t(M.splitExactLink, { asked: `“${state.q}”` }));
  back.href = pageUrl({ ...state, exact: '1', offset: '', cursor: '', page: '' });
  back.addEventListener('click', openInPage);
  statusBox.replaceChildren(before ?? '', split, after ?? '', t(M.splitNoExact, { asked: searchText(state, state.q) }), back);
}

/**
 * The API's suggestion for an unspaced Japanese or Chinese query that found nothing: the same words
 * with spaces, as a link that runs them with the same filters. False when the answer has none.
 */
function showSuggestion(state, shown, suggestion) {
  if (!validSuggestion(suggestion)) return false;
  const next = { ...state, q: suggestion.q, offset: '', cursor: '', page: '' };
  const anchor = el('a', 'suggestion-link', suggestion.q);
  anchor.href = pageUrl(next);
  if (KANA.test(state.q)) anchor.lang = 'ja';
  anchor.addEventListener('click', openInPage);
  const papers = suggestion.total === 1 ? M.suggestionCountOne : t(M.suggestionCountMany, { n: numbers.format(suggestion.total) });
  statusBox.replaceChildren(t(M.suggestion, { shown }), anchor, papers);
  return true;
}

/**
 * @param {HTMLElement} anchor
 * @param {string | null} href
 * @param {string} [label] the visible words (the link's hidden suffix stays)
 */
function setPagerLink(anchor, href, label) {
  anchor.hidden = href === null;
  if (href) anchor.setAttribute('href', href);
  else anchor.removeAttribute('href');
  if (label !== undefined && anchor.firstChild) anchor.firstChild.textContent = label;
}

/**
 * The matches by year as bars, oldest to newest, from the answer's year facet: how a topic grew over
 * time. Each bar opens that year's papers (year_from = year_to). The caption says it in words; the
 * bars are for pointing (the year fields do the same from the keyboard).
 * @param {ReturnType<typeof stateFromUrl>} state
 * @param {FacetCounts | undefined} facets
 */
function showYears(state, facets) {
  const counts = new Map((facets?.year ?? []).filter((b) => typeof b.value === 'number').map((b) => [Number(b.value), b.count]));
  yearChart.hidden = counts.size < 2;
  if (yearChart.hidden) return yearBars.replaceChildren();
  const present = [...counts.keys()].sort((a, b) => a - b);
  const from = present[0];
  const to = present[present.length - 1];
  const years = to - from < MAX_YEAR_SPAN ? Array.from({ length: to - from + 1 }, (_, i) => from + i) : present;
  const peak = (facets?.year ?? []).find((b) => typeof b.value === 'number'); // most frequent first
  const most = peak?.count ?? 1;
  yearCaption.textContent = t(M.yearChart, { from, to, peak: peak?.value ?? '', n: numbers.format(most) });
  yearBars.replaceChildren(
    ...years.map((year) => {
      const n = counts.get(year) ?? 0;
      const bar = el('a', n ? 'year-bar' : 'year-bar year-bar-empty');
      bar.tabIndex = -1;
      bar.title = t(M.yearBar, { year, n: numbers.format(n) });
      bar.dataset.year = String(year);
      bar.dataset.count = String(n);
      // CSSOM, not a style attribute: the page's CSP allows no inline styles.
      bar.style.setProperty('--share', String(n / most));
      bar.href = pageUrl({ ...state, year_from: String(year), year_to: String(year), offset: '', cursor: '', page: '' });
      bar.addEventListener('click', openInPage);
      return bar;
    }),
  );
  yearAxis.replaceChildren(el('span', null, from), el('span', null, to));
}

/** The last page relevance order reaches, of more matches than that: the way to all of them (newest first). */
function showWindowEnd(state, shown, total) {
  windowNote.hidden = !shown;
  if (!shown) return windowNote.replaceChildren();
  const anchor = el('a', null, M.windowEndLink);
  anchor.href = pageUrl({ ...state, sort: 'newest', offset: '', cursor: '', page: '' });
  anchor.addEventListener('click', openInPage);
  windowNote.replaceChildren(t(M.windowEnd, { max: numbers.format(MAX_WINDOW), total: numbers.format(total) }), anchor, '.');
}

// ------------------------------------------------------------------------------ cite this page --

/** The API's query of the page shown (the same search, filters and page), and how many papers it holds. */
let shownPage = { query: '', count: 0 };
/** The address whose BibTeX the text box holds (or is loading). */
let citeLoaded = '';

/** The page shown as a file of the API in `format` (BibTeX, RIS, CSL-JSON, CSV): only what the JSON answer alone carries is left out. */
function pageFileUrl(format) {
  const params = new URLSearchParams(shownPage.query);
  params.set('format', format);
  return `${API}?${params}`;
}

/** A dataset release id, not an answer over changes no release holds yet (`<latest>+unreleased`). */
const isRelease = (version) => /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/.test(version);

/**
 * Cite this page: the download links of the papers shown, and their BibTeX on request. For the split
 * words of an unspaced query, the papers shown are theirs. A search made without `as_of` says the
 * release that answered (`version`, its `X-Dataset-Version`) and links this page as of it (the
 * permanent link); the downloads are then as of it too, so they hold what the permanent link shows.
 * @param {ReturnType<typeof stateFromUrl>} state
 * @param {SearchEnvelope} body
 * @param {string} version
 */
function showCitePage(state, body, version) {
  const pinned = state.as_of || (isRelease(version) ? version : '');
  showCiteRelease(state, version);
  const params = new URLSearchParams(queryString({ ...state, q: body.query || state.q, as_of: pinned }, { forApi: true }));
  params.delete('highlight');
  params.delete('facets');
  shownPage = { query: params.toString(), count: body.count };
  citePage.hidden = body.count === 0;
  for (const [format, anchor] of Object.entries(pageDownloads)) anchor.setAttribute('href', pageFileUrl(format));
  citeText.value = '';
  citeLoaded = '';
  citeStatus.textContent = '';
  if (citeDetails.open && !citePage.hidden) loadPageBibtex();
}

/** The release the results were given as of, and the permanent link to them (this page's address with `as_of`). */
function showCiteRelease(state, version) {
  citeRelease.hidden = Boolean(state.as_of) || !version;
  if (citeRelease.hidden) return citeRelease.replaceChildren();
  if (!isRelease(version)) {
    citeRelease.replaceChildren(t(M.citeUnreleased, { release: version.split('+')[0] }));
    return;
  }
  const permalink = el('a', null, M.permalink);
  permalink.id = 'cite-page-permalink';
  permalink.href = new URL(pageUrl({ ...state, as_of: version }), window.location.href).href;
  citeRelease.replaceChildren(t(M.citeRelease, { release: version }), permalink);
}

async function loadPageBibtex() {
  const url = pageFileUrl('bibtex');
  if (citeLoaded === url) return;
  citeLoaded = url;
  citeText.value = '';
  citeStatus.textContent = M.pageBibtexLoading;
  try {
    const response = await fetch(url, { headers: { Accept: 'application/x-bibtex' } });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const text = await response.text();
    if (citeLoaded !== url) return;
    citeText.value = text;
    citeStatus.textContent = '';
  } catch (err) {
    if (citeLoaded !== url) return;
    citeLoaded = '';
    citeStatus.textContent = M.pageBibtexFailed;
    console.warn('the BibTeX of the page could not be loaded', err);
  }
}

citeDetails.addEventListener('toggle', () => {
  if (citeDetails.open) loadPageBibtex();
});

citeCopy.addEventListener('click', async () => {
  if (!citeText.value) return;
  const copied = t(M.pageBibtexCopied, { n: numbers.format(shownPage.count) });
  try {
    await navigator.clipboard.writeText(citeText.value);
    citeStatus.textContent = copied;
  } catch {
    // Without the clipboard API (a page not served over HTTPS): copy the selected text.
    citeText.select();
    citeStatus.textContent = document.execCommand('copy') ? copied : M.pageBibtexCopyFailed;
  }
});

/** The pages a tab came through to this cursor page (kept in its history entry). */
const trailOf = (entry) => (entry && Array.isArray(entry.trail) ? entry.trail.filter((u) => typeof u === 'string') : []);

/** Marks the control a problem is about (aria-invalid), and no other. */
function markInvalid(control) {
  for (const input of [queryInput, topicSelect, langSelect, yearFromInput, yearToInput, venueSelect, sortSelect]) {
    if (input === control) input.setAttribute('aria-invalid', 'true');
    else input.removeAttribute('aria-invalid');
  }
}

/**
 * @param {string} message
 * @param {{ control?: HTMLElement | null }} [options]
 */
function showError(message, { control = null } = {}) {
  list.replaceChildren();
  section.hidden = true;
  yearChart.hidden = true;
  statusBox.textContent = '';
  errorBox.replaceChildren(el('p', null, message));
  markInvalid(control);
}

function retryAfterSeconds(response) {
  const value = response.headers.get('Retry-After');
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(1, Math.ceil((at - Date.now()) / 1000));
}

async function readProblem(response) {
  try {
    return await response.json();
  } catch {
    return null;
  }
}

/** The API's problem in words for people, in the page's language: by its `code`, never its English `detail`. */
function showFailure(response, problem) {
  if (response.status === 429) {
    const seconds = retryAfterSeconds(response);
    const wait = seconds ? (seconds === 1 ? M.waitOneSecond : t(M.waitSeconds, { n: seconds })) : M.waitMinute;
    return showError(t(M.tooMany, { wait }));
  }
  if (response.status >= 500) {
    const reference = problem && typeof problem.request_id === 'string' ? t(M.reference, { id: problem.request_id }) : '';
    return showError(M.unavailable + reference);
  }
  const code = problem && typeof problem.code === 'string' ? problem.code : '';
  const message = Object.hasOwn(M.problems, code) ? M.problems[code] : M.problems.invalid;
  const field = QUERY_ERRORS.has(code) ? 'q' : PROBLEM_FIELDS[code];
  return showError(message, { control: field ? byId(field) : null });
}

// ----------------------------------------------------------------------------------- fetching --

let inFlight;

/** The API's answer to the search `state` describes. */
const ask = (state, signal) => fetch(`${API}?${queryString(state, { forApi: true })}`, { headers: { Accept: 'application/json' }, signal });

/**
 * An unspaced Japanese or Chinese query that found nothing, whose split words find papers (the API's
 * `suggestion`): the page shows the split's results, unless the reader asked for the query as typed.
 * @param {ReturnType<typeof stateFromUrl>} state
 * @param {SearchEnvelope} body
 */
const splitWords = (state, body) => body.total === 0 && !state.exact && Boolean(state.q) && validSuggestion(body.suggestion) && body.suggestion.total > 0;

/**
 * The answer for the split words with the same filters and page, or undefined when it fails or
 * finds nothing after all (the page then shows the query's own answer and its suggestion).
 * @param {ReturnType<typeof stateFromUrl>} state
 * @param {SearchEnvelope} body
 * @param {AbortSignal} signal
 * @returns {Promise<SearchEnvelope | undefined>}
 */
async function askSplit(state, body, signal) {
  const response = await ask({ ...state, q: body.suggestion?.q ?? '' }, signal);
  if (!response.ok) return undefined;
  const split = await response.json();
  return split.total > 0 ? split : undefined;
}

/** How many times a search waits for a release being prepared (503 `release_preparing`) before it says the search is unavailable. */
const PREPARING_TRIES = 30;

/** Waits `seconds`, or less when the search is given up (aborted). */
const pause = (seconds, signal) =>
  new Promise((resolve) => {
    const timer = setTimeout(resolve, seconds * 1000);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve(undefined);
    });
  });

/**
 * The API's answer, asked again after its `Retry-After` while the release asked for is being
 * prepared (an old release's search index is built on its first use).
 */
async function askWhenReady(state, signal) {
  for (let tries = 1; ; tries++) {
    const response = await ask(state, signal);
    if (response.status !== 503 || tries >= PREPARING_TRIES || signal.aborted) return response;
    const problem = await readProblem(response.clone());
    if (!problem || problem.code !== 'release_preparing') return response;
    statusBox.textContent = t(M.asOfPreparing, { release: state.as_of });
    await pause(retryAfterSeconds(response) ?? 2, signal);
    if (signal.aborted) return response;
  }
}

async function search(state, { focusResults = false } = {}) {
  inFlight?.abort();
  const controller = new AbortController();
  inFlight = controller;
  section.setAttribute('aria-busy', 'true');
  statusBox.textContent = M.searching;
  try {
    const response = await askWhenReady(state, controller.signal);
    if (controller.signal.aborted) return;
    if (!response.ok) {
      const problem = await readProblem(response);
      if (!controller.signal.aborted) showFailure(response, problem);
      return;
    }
    /** @type {SearchEnvelope} */
    const body = await response.json();
    if (controller.signal.aborted) return;
    const split = splitWords(state, body) ? await askSplit(state, body, controller.signal) : undefined;
    if (controller.signal.aborted) return;
    render(state, split ?? body, Boolean(split), response.headers.get('X-Dataset-Version') ?? '');
    if (focusResults && !section.hidden) heading.focus();
  } catch (err) {
    if (controller.signal.aborted) return;
    showError(M.unreachable);
    console.warn('search failed', err);
  } finally {
    if (inFlight === controller) {
      section.removeAttribute('aria-busy');
      inFlight = undefined;
    }
  }
}

function clearResults() {
  inFlight?.abort();
  showCounts(stateFromUrl(), undefined, 0);
  showYears(stateFromUrl(), undefined);
  list.replaceChildren();
  section.hidden = true;
  statusBox.textContent = '';
  errorBox.replaceChildren();
  document.title = SITE_NAME;
}

function showUrlState() {
  const state = stateFromUrl();
  fillForm(state);
  const params = new URLSearchParams(window.location.search);
  if (params.has('q') || state.author) search(state);
  else clearResults();
}

// ------------------------------------------------------------------------------------ wiring --

form.addEventListener('submit', (event) => {
  event.preventDefault();
  const state = stateFromForm();
  go(state);
  search(state);
});

/** Follows a link to another search of this page in place: a history entry, the search, focus on its results. */
function openInPage(event) {
  const anchor = event.currentTarget;
  // A new tab or window (modifier keys, middle button) opens the link as it is.
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || !anchor.href) return;
  event.preventDefault();
  const url = new URL(anchor.href);
  // Cursor pages remember the way back: Next adds this page to the trail, Previous takes the last off.
  const here = window.location.pathname + window.location.search;
  const trail = trailOf(window.history.state);
  const entry = anchor === nextLink ? { trail: [...trail, here] } : anchor === prevLink ? { trail: trail.slice(0, -1) } : null;
  window.history.pushState(entry, '', url.pathname + url.search);
  const state = stateFromUrl();
  fillForm(state);
  search(state, { focusResults: true });
}

for (const anchor of [prevLink, nextLink]) anchor.addEventListener('click', openInPage);

window.addEventListener('popstate', showUrlState);
showUrlState();
