// Paper pages: fills the References, Cited by and Related papers sections from the public API
// (`/api/v1/papers/{id}/references`, `/cited-by`: a page at a time by cursor; `/related`), same
// origin as the CSP's `connect-src 'self'` allows. The server wrote each section's heading and count
// (from the record) and the address to read (`data-source`); a section whose count is 0 is not
// read. Every text of a record is set with textContent; links are this site's paper pages or
// https://doi.org/ and https://openalex.org/ addresses. Plain ES module, no build step; its words
// come from the page's JSON data block, in the page's language.

/** @typedef {import('../../../../shared/papers/public-paper').PublicPaper} PublicPaper */
/** A cited work that is not in the corpus: what the API says of it. */
/** @typedef {{ doi?: string | null, openalex_id?: string | null }} OutsideWork */
/** @typedef {{ paper_id: string, total?: number, count: number, limit: number, next_cursor?: string | null, results: (PublicPaper | OutsideWork)[] }} ConnectionsPage */
/** @typedef {import('../../i18n/en').Messages['connections'] & { venueTypes: import('../../i18n/en').Messages['venueTypes'] }} ConnectionMessages */

const PAGE_SIZE = 10;
const RELATED_SIZE = 5;
const OPENALEX_ID = /^W\d{1,12}$/;

/** @type {ConnectionMessages} */
const M = JSON.parse(document.getElementById('paper-messages')?.textContent ?? '{}');
const LANG = document.documentElement.lang === 'ja' ? 'ja' : 'en';
const OTHER_LANG = LANG === 'ja' ? 'en' : 'ja';
const numbers = new Intl.NumberFormat(LANG);
/** The release the page is as of (`?as_of=`): the lists are read as of it too. */
const AS_OF = document.getElementById('connections')?.dataset.asOf ?? '';

/** `template` with each `{name}` replaced by its value. */
const t = (template, values = {}) => template.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined && text !== null) node.textContent = String(text);
  return node;
}

function anchor(href, text, className) {
  const a = /** @type {HTMLAnchorElement} */ (el('a', className, text));
  a.href = href;
  return a;
}

/**
 * A corpus paper (it has an id and a page), or an outside work (a DOI or an OpenAlex id only).
 * @param {PublicPaper | OutsideWork} item
 * @returns {item is PublicPaper}
 */
const isPaper = (item) => typeof (/** @type {PublicPaper} */ (item).id) === 'string';

/**
 * The title in the reader's language first: title_ja for a Japanese reader, title_en for an English
 * one, then the original, then the other language's.
 * @param {PublicPaper} paper
 */
function titleOf(paper) {
  const original = paper.lang === 'ja' || paper.lang === 'en' ? paper.lang : '';
  for (const [text, lang] of [[paper[`title_${LANG}`], LANG], [paper.title, original], [paper[`title_${OTHER_LANG}`], OTHER_LANG]]) {
    if (text) return { text, lang };
  }
  return { text: M.untitled, lang: LANG };
}

/** @param {PublicPaper} paper */
function paperItem(paper) {
  const item = el('li', 'connection');
  const { text, lang } = titleOf(paper);
  const title = anchor(`/papers/${encodeURIComponent(paper.id)}?hl=${LANG}`, text, 'connection-title');
  if (lang) title.lang = lang;
  item.append(title);
  const authors = Array.isArray(paper.authors) ? paper.authors : [];
  const meta = [];
  if (authors.length) meta.push(authors.length > 3 ? t(M.andMore, { list: authors.slice(0, 3).join(', '), n: authors.length - 3 }) : authors.join(', '));
  if (paper.year) meta.push(String(paper.year));
  if (paper.venue_type) meta.push(M.venueTypes[paper.venue_type] ?? paper.venue_type);
  if (meta.length) item.append(el('p', 'connection-meta', meta.join(' · ')));
  return item;
}

/** @param {OutsideWork} work */
function outsideItem(work) {
  const item = el('li', 'connection connection-outside');
  item.append(el('span', 'label', M.outside));
  if (typeof work.doi === 'string' && work.doi) item.append(anchor(`https://doi.org/${encodeURI(work.doi)}`, `DOI ${work.doi}`, 'connection-doi'));
  else if (typeof work.openalex_id === 'string' && OPENALEX_ID.test(work.openalex_id)) item.append(anchor(`https://openalex.org/${work.openalex_id}`, `OpenAlex ${work.openalex_id}`, 'connection-openalex'));
  else item.append('—');
  return item;
}

/** @param {HTMLElement} section */
function connect(section) {
  const kind = section.dataset.kind;
  const source = section.dataset.source;
  if (!source || section.dataset.total === '0') return;
  const paged = kind !== 'related';
  const heading = /** @type {HTMLElement} */ (section.querySelector('h2'));
  const status = /** @type {HTMLElement} */ (section.querySelector('.connections-status'));
  const list = /** @type {HTMLOListElement} */ (section.querySelector('.connections-list'));
  const pager = /** @type {HTMLElement | null} */ (section.querySelector('.connections-pager'));
  const previous = /** @type {HTMLButtonElement | null} */ (section.querySelector('[data-page="previous"]'));
  const next = /** @type {HTMLButtonElement | null} */ (section.querySelector('[data-page="next"]'));
  /** The cursors of the pages before the one shown (a cursor only goes forward: the way back is kept here). */
  const trail = [];
  let cursor = '*';
  /** @type {string | null} */
  let nextCursor = null;

  const busy = (on) => {
    if (on) section.setAttribute('aria-busy', 'true');
    else section.removeAttribute('aria-busy');
    for (const button of [previous, next]) if (button) button.disabled = on;
  };

  /** @param {ConnectionsPage} body */
  function render(body) {
    const results = Array.isArray(body.results) ? body.results : [];
    list.replaceChildren(...results.map((item) => (isPaper(item) ? paperItem(item) : outsideItem(item))));
    const first = trail.length * PAGE_SIZE;
    list.start = first + 1;
    nextCursor = paged && typeof body.next_cursor === 'string' && body.next_cursor ? body.next_cursor : null;
    if (results.length === 0) status.textContent = kind === 'related' ? M.noRelated : M.emptyPage;
    else if (paged) {
      const total = Number.isInteger(body.total) ? Number(body.total) : Number(section.dataset.total);
      status.textContent = t(M.range, { from: numbers.format(first + 1), to: numbers.format(first + results.length), total: numbers.format(total) });
    } else status.textContent = '';
    if (pager && previous && next) {
      previous.hidden = trail.length === 0;
      next.hidden = nextCursor === null;
      pager.hidden = previous.hidden && next.hidden;
    }
  }

  async function show({ focus = false } = {}) {
    busy(true);
    status.textContent = M.loading;
    const params = new URLSearchParams(paged ? { cursor, limit: String(PAGE_SIZE) } : { limit: String(RELATED_SIZE) });
    if (AS_OF) params.set('as_of', AS_OF);
    try {
      const response = await fetch(`${source}?${params}`, { headers: { Accept: 'application/json' } });
      if (!response.ok) throw new Error(`${source} answered ${response.status}`);
      render(await response.json());
    } catch (err) {
      list.replaceChildren();
      status.textContent = M.failed;
      if (pager) pager.hidden = true;
      console.warn('could not load', source, err);
    } finally {
      busy(false);
      // After a page turn the reader starts at the section's top (the button pressed may be gone).
      if (focus) heading.focus();
    }
  }

  heading.tabIndex = -1;
  next?.addEventListener('click', () => {
    if (nextCursor === null) return;
    trail.push(cursor);
    cursor = nextCursor;
    void show({ focus: true });
  });
  previous?.addEventListener('click', () => {
    if (trail.length === 0) return;
    cursor = /** @type {string} */ (trail.pop());
    void show({ focus: true });
  });
  void show();
}

for (const section of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll('section.paper-connections[data-source]'))) connect(section);

// A module of its own (also to the type checker, which would otherwise share its names with search.js).
export {};
