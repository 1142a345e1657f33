// The search page (GET /): reads its state from the URL's query string, calls the public JSON API
// (GET /api/v1/papers/search) and renders the answer. Plain ES module, no build step. Every text
// of a record is set with textContent, never parsed as HTML; links are http(s) only.

const API = '/api/v1/papers/search';
const PAGE_SIZE = 10;
/** offset + limit may not pass this (the API's deepest page). */
const MAX_WINDOW = 10000;
const SITE_NAME = 'GX Research Paper Search';
const QUERY_ERRORS = new Set(['missing_query', 'query_too_long', 'too_many_terms', 'term_too_short']);
const KANA = /[\u3041-\u309f\u30a0-\u30ff]/;

// The answer and its records are typed by the API's own schemas (tsconfig.site.json checks this file).
/** @typedef {import('../../../../shared/papers/public-paper').PublicPaper} PublicPaper */
/** @typedef {import('../../../public-search/paper-search.service').SearchEnvelope} SearchEnvelope */

// The page's own elements: index.html always has them.
const byId = (id) => /** @type {HTMLElement} */ (document.getElementById(id));
const form = byId('search-form');
const queryInput = /** @type {HTMLInputElement} */ (byId('q'));
const topicSelect = /** @type {HTMLSelectElement} */ (byId('topic'));
const langSelect = /** @type {HTMLSelectElement} */ (byId('lang'));
const statusBox = byId('status');
const errorBox = byId('error');
const section = byId('results-section');
const heading = byId('results-heading');
const list = /** @type {HTMLOListElement} */ (byId('results'));
const prevLink = byId('prev');
const nextLink = byId('next');
const pageInfo = byId('page-info');

const numbers = new Intl.NumberFormat('en');
const topicLabels = new Map([...topicSelect.options].filter((o) => o.value).map((o) => [o.value, o.textContent]));
const langLabels = new Map([...langSelect.options].map((o) => [o.value, o.textContent]));

// ----------------------------------------------------------------------------- state and URL --

/** The search the URL describes: the parameters as written (the API validates them). */
function stateFromUrl() {
  const params = new URLSearchParams(window.location.search);
  return {
    q: params.get('q') ?? '',
    topic: params.get('topic') ?? '',
    lang: params.get('lang') ?? '',
    offset: params.get('offset') ?? '',
  };
}

function queryString(state, { forApi = false } = {}) {
  const params = new URLSearchParams();
  params.set('q', state.q);
  if (state.topic) params.set('topic', state.topic);
  if (state.lang && state.lang !== 'all') params.set('lang', state.lang);
  if (state.offset && state.offset !== '0') params.set('offset', state.offset);
  if (forApi) {
    params.set('limit', String(PAGE_SIZE));
    params.set('highlight', 'true');
  }
  return params.toString();
}

const pageUrl = (state) => `/?${queryString(state)}`;

function fillForm(state) {
  queryInput.value = state.q;
  topicSelect.value = topicLabels.has(state.topic) ? state.topic : '';
  langSelect.value = langLabels.has(state.lang) ? state.lang : 'all';
}

/** Shows `state` in the address bar: a new history entry, unless it is the one already shown. */
function go(state) {
  const url = pageUrl(state);
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
 * `text` with the ranges the API highlighted in it wrapped in <mark>: text nodes only, never HTML.
 * @param {string} text
 * @param {PublicPaper['highlights']} highlights
 * @param {string} field
 * @param {number} [index]
 */
function marked(text, highlights, field, index) {
  const fragment = document.createDocumentFragment();
  const ranges = (highlights ?? []).filter((h) => h.field === field && h.index === index && h.end <= text.length).sort((a, b) => a.start - b.start);
  let at = 0;
  for (const h of ranges) {
    if (h.start < at) continue; // overlaps the previous mark
    fragment.append(text.slice(at, h.start));
    const mark = document.createElement('mark');
    mark.textContent = text.slice(h.start, h.end);
    fragment.append(mark);
    at = h.end;
  }
  fragment.append(text.slice(at));
  return fragment;
}

/**
 * The heading title and its language: the original title, else the English, else the Japanese one.
 * @param {PublicPaper} paper
 */
function mainTitle(paper) {
  if (paper.title) return { text: paper.title, lang: PAPER_LANG[paper.lang ?? ''], field: 'title' };
  if (paper.title_en) return { text: paper.title_en, lang: 'en', field: 'title_en' };
  if (paper.title_ja) return { text: paper.title_ja, lang: 'ja', field: 'title_ja' };
  return { text: 'Untitled', lang: 'en', field: '' };
}

function filterText(state) {
  const parts = [];
  if (topicLabels.has(state.topic)) parts.push(`topic ${topicLabels.get(state.topic)}`);
  if (state.lang && state.lang !== 'all' && langLabels.has(state.lang)) parts.push(langLabels.get(state.lang));
  return parts.length ? ` (${parts.join(', ')})` : '';
}

// ---------------------------------------------------------------------------------- rendering --

/** @param {PublicPaper} paper */
function paperItem(paper) {
  const item = el('li', 'paper');
  const article = el('article');
  item.append(article);

  const title = mainTitle(paper);
  const h3 = el('h3', 'paper-title');
  const titleLink = link(paper.url, title.text);
  titleLink.replaceChildren(marked(title.text, paper.highlights, title.field));
  if (title.lang) titleLink.lang = title.lang;
  h3.append(titleLink);
  article.append(h3);

  for (const [field, lang, label] of [['title_en', 'en', 'English title'], ['title_ja', 'ja', 'Japanese title']]) {
    const text = paper[field];
    if (!text || text === title.text) continue;
    const p = el('p', 'paper-alt-title');
    const value = el('span', null);
    value.append(marked(text, paper.highlights, field));
    value.lang = lang;
    p.append(el('span', 'label', `${label}: `), value);
    article.append(p);
  }

  const meta = el('p', 'paper-meta');
  const authors = Array.isArray(paper.authors) ? paper.authors : [];
  const metaParts = [];
  if (authors.length) metaParts.push(authors.length > 6 ? `${authors.slice(0, 6).join(', ')} and ${authors.length - 6} more` : authors.join(', '));
  if (paper.year) metaParts.push(String(paper.year));
  if (paper.venue) metaParts.push(paper.venue_type ? `${paper.venue} (${paper.venue_type})` : paper.venue);
  meta.textContent = metaParts.join(' · ');
  if (metaParts.length) article.append(meta);

  if (paper.abstract) {
    const summary = el('p', 'paper-summary');
    summary.append(marked(paper.abstract, paper.highlights, 'abstract'));
    article.append(summary);
  }

  const tags = Array.isArray(paper.tags) ? paper.tags : [];
  if (paper.topic || tags.length) {
    const chips = el('ul', 'chips');
    chips.setAttribute('aria-label', 'Topic and tags');
    if (paper.topic) {
      const topic = el('li', 'chip chip-topic');
      topic.append(el('span', 'visually-hidden', 'Topic: '), document.createTextNode(topicLabels.get(paper.topic) ?? paper.topic));
      chips.append(topic);
    }
    for (const tag of tags) chips.append(el('li', 'chip', tag));
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
    links.append(el('span', 'label', 'Citation link '), link(citation, hostOf(citation)));
  } else if (paper.doi && source) {
    if (links.childNodes.length) links.append(document.createTextNode(' · '));
    links.append(el('span', 'label', 'Source '), link(source, hostOf(source)));
  }
  if (links.childNodes.length) article.append(links);

  return item;
}

/** @param {SearchEnvelope} body */
function render(state, body) {
  const { total, count, offset, limit, results, query } = body;
  const filters = filterText(state);
  errorBox.replaceChildren();
  queryInput.removeAttribute('aria-invalid');
  list.replaceChildren(...results.map(paperItem));
  list.start = offset + 1;

  const shown = `“${query}”${filters}`;
  if (total === 0) {
    if (!showSuggestion(state, shown, body.suggestion)) statusBox.textContent = `No papers match ${shown}. Try fewer or other words, or another topic or language.`;
    section.hidden = true;
  } else if (count === 0) {
    statusBox.textContent = `${numbers.format(total)} ${total === 1 ? 'paper matches' : 'papers match'} ${shown}, but this page is past the last one.`;
    section.hidden = false;
  } else {
    statusBox.textContent = `${numbers.format(total)} ${total === 1 ? 'paper matches' : 'papers match'} ${shown}. Showing ${numbers.format(offset + 1)}–${numbers.format(offset + count)}.`;
    section.hidden = false;
  }
  heading.textContent = total === 0 ? 'Results' : `Results ${numbers.format(offset + 1)}–${numbers.format(offset + count)} of ${numbers.format(total)}`;

  const reachable = Math.min(total, MAX_WINDOW);
  const pages = Math.max(1, Math.ceil(reachable / limit));
  const page = Math.floor(offset / limit) + 1;
  pageInfo.textContent = count > 0 ? `Page ${numbers.format(page)} of ${numbers.format(pages)}` : '';
  setPagerLink(prevLink, offset > 0 ? { ...state, offset: String(Math.max(0, offset - limit)) } : null);
  setPagerLink(nextLink, offset + limit < reachable ? { ...state, offset: String(offset + limit) } : null);
  document.title = `${query} – ${page > 1 ? `page ${page} – ` : ''}${SITE_NAME}`;
}

/**
 * The API's suggestion for an unspaced Japanese or Chinese query that found nothing: the same words
 * with spaces, as a link that runs them with the same filters. False when the answer has none.
 */
function showSuggestion(state, shown, suggestion) {
  if (!suggestion || typeof suggestion.q !== 'string' || !Number.isInteger(suggestion.total)) return false;
  const next = { ...state, q: suggestion.q, offset: '' };
  const anchor = el('a', 'suggestion-link', suggestion.q);
  anchor.href = pageUrl(next);
  if (KANA.test(state.q)) anchor.lang = 'ja';
  anchor.addEventListener('click', openInPage);
  const papers = `${numbers.format(suggestion.total)} ${suggestion.total === 1 ? 'paper' : 'papers'}`;
  statusBox.replaceChildren(`No papers match ${shown}. Japanese and Chinese have no spaces: search `, anchor, ` (${papers}).`);
  return true;
}

function setPagerLink(anchor, state) {
  anchor.hidden = state === null;
  if (state) anchor.href = pageUrl(state);
  else anchor.removeAttribute('href');
}

function showError(message, { queryProblem = false } = {}) {
  list.replaceChildren();
  section.hidden = true;
  statusBox.textContent = '';
  errorBox.replaceChildren(el('p', null, message));
  if (queryProblem) queryInput.setAttribute('aria-invalid', 'true');
  else queryInput.removeAttribute('aria-invalid');
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

function showFailure(response, problem) {
  if (response.status === 429) {
    const seconds = retryAfterSeconds(response);
    const wait = seconds ? `Please wait ${seconds} ${seconds === 1 ? 'second' : 'seconds'}` : 'Please wait a minute';
    return showError(`There have been too many searches from your network in a short time. ${wait} and try again.`);
  }
  if (response.status >= 500) {
    const reference = problem && typeof problem.request_id === 'string' ? ` If it keeps happening, quote reference ${problem.request_id}.` : '';
    return showError(`The search is not available right now. Please try again in a moment.${reference}`);
  }
  const detail = problem && typeof problem.detail === 'string' ? problem.detail : 'The search could not be run. Check the words and filters and try again.';
  return showError(detail, { queryProblem: Boolean(problem && QUERY_ERRORS.has(problem.code)) });
}

// ----------------------------------------------------------------------------------- fetching --

let inFlight;

async function search(state, { focusResults = false } = {}) {
  inFlight?.abort();
  const controller = new AbortController();
  inFlight = controller;
  section.setAttribute('aria-busy', 'true');
  statusBox.textContent = 'Searching…';
  try {
    const response = await fetch(`${API}?${queryString(state, { forApi: true })}`, {
      headers: { Accept: 'application/json' },
      signal: controller.signal,
    });
    if (!response.ok) {
      const problem = await readProblem(response);
      if (!controller.signal.aborted) showFailure(response, problem);
      return;
    }
    const body = await response.json();
    if (controller.signal.aborted) return;
    render(state, body);
    if (focusResults && !section.hidden) heading.focus();
  } catch (err) {
    if (controller.signal.aborted) return;
    showError('The search could not be reached. Check your connection and try again.');
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
  list.replaceChildren();
  section.hidden = true;
  statusBox.textContent = '';
  errorBox.replaceChildren();
  document.title = SITE_NAME;
}

function showUrlState() {
  const state = stateFromUrl();
  fillForm(state);
  if (new URLSearchParams(window.location.search).has('q')) search(state);
  else clearResults();
}

// ------------------------------------------------------------------------------------ wiring --

form.addEventListener('submit', (event) => {
  event.preventDefault();
  const state = { q: queryInput.value.trim(), topic: topicSelect.value, lang: langSelect.value, offset: '' };
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
  window.history.pushState(null, '', url.pathname + url.search);
  const state = stateFromUrl();
  fillForm(state);
  search(state, { focusResults: true });
}

for (const anchor of [prevLink, nextLink]) anchor.addEventListener('click', openInPage);

window.addEventListener('popstate', showUrlState);
showUrlState();
