/**
 * Whether this is a production build: `process.env.NODE_ENV === 'production'` as bundlers
 * replace it; false where `process` does not exist (a browser page without a bundler).
 *
 * @example
 * if (!isProduction()) console.debug('dev only');
 */
export function isProduction(): boolean {
  try {
    return process.env.NODE_ENV === 'production';
  } catch {
    return false;
  }
}
