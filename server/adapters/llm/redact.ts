/** Secrets shorter than this are not worth hunting for (and would match ordinary words). */
const MIN_SECRET_LENGTH = 8;

export type Redactor = (text: string) => string;

/**
 * Removes every known key from a text: error messages from SDKs and servers
 * can echo a key back, and such a message must not reach a trace, a log line
 * or a response.
 */
export function createRedactor(secrets: readonly (string | undefined)[]): Redactor {
  const known = [...new Set(secrets.filter((secret): secret is string => !!secret && secret.length >= MIN_SECRET_LENGTH))].sort(
    (a, b) => b.length - a.length,
  );
  return (text) => known.reduce((redacted, secret) => redacted.split(secret).join('[redacted]'), text);
}
