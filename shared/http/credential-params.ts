/**
 * Query parameters that carry credentials by their name: they must never reach a log line, and the
 * data API refuses them (a key in a URL ends up in proxies' logs and browser histories).
 */
const CREDENTIAL_NAME = /^(api[-_]?key|key|access[-_]?token|token|auth|authorization|bearer|password|passwd|secret|client[-_]?secret)$/i;

export function isCredentialParam(name: string): boolean {
  return CREDENTIAL_NAME.test(name);
}

/** Names of the credential parameters in a URL's query string (decoded), in order. */
export function credentialParams(url: string): string[] {
  const q = url.indexOf('?');
  if (q < 0) return [];
  return [...new URLSearchParams(url.slice(q + 1)).keys()].filter(isCredentialParam);
}

const API_KEY_SHAPE = /gxk_[A-Za-z0-9_-]+/g;

/**
 * The URL as it may be logged: credential parameters' values replaced, and anything shaped like one
 * of our keys replaced wherever it appears (a key pasted into `q`, say).
 */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  const redacted =
    q < 0
      ? url
      : url.slice(0, q + 1) +
        url
          .slice(q + 1)
          .split('&')
          .map((pair) => {
            const eq = pair.indexOf('=');
            const name = eq < 0 ? pair : pair.slice(0, eq);
            return eq >= 0 && isCredentialParam(safeDecode(name)) ? `${name}=[redacted]` : pair;
          })
          .join('&');
  return redacted.replace(API_KEY_SHAPE, 'gxk_[redacted]');
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}
