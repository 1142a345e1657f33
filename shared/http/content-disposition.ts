/** RFC 8187's encoding of a parameter value (`filename*`): percent-encoded UTF-8, only attr-chars left as they are. */
const extValue = (text: string) => encodeURIComponent(text).replace(/['()*!]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * `Content-Disposition: attachment` for a file named after what it holds (`search-carbon-pricing.bib`
 * for a search of "carbon pricing"): `filename` is an ASCII fold of it for every client, and
 * `filename*` (RFC 6266) the name as written when that is not plain ASCII (`search-炭素税-効果.bib`),
 * which browsers prefer.
 */
export function attachmentDisposition(prefix: string, name: string, extension: string): string {
  const words = name.normalize('NFKC').trim().split(/\s+/u).filter(Boolean).join('-');
  const ascii = words.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/[^A-Za-z0-9._-]+/g, '-').replace(/-{2,}/g, '-').replace(/^[-.]+|[-.]+$/g, '').toLowerCase().slice(0, 60);
  const plain = `${[prefix, ascii].filter(Boolean).join('-')}.${extension}`;
  const full = `${[prefix, words.slice(0, 60)].filter(Boolean).join('-')}.${extension}`;
  return full === plain || !words ? `attachment; filename="${plain}"` : `attachment; filename="${plain}"; filename*=UTF-8''${extValue(full)}`;
}
