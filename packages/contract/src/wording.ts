/**
 * Words Indonesian never uses: hard-coded English that no message file knows (issue #10, decision
 * 020; issue #26 item 5, decision 057). One list for the browser's language check
 * (e2e/language-check.ts, on the rendered page) and the locale test (apps/web, on the Indonesian
 * message files). Whole words, any case (CSS may upper-case a label).
 */
export const ENGLISH_WORDS =
  /(?<![\p{L}])(the|and|of|with|your|please|records?|loading|search|failed|custom|toggle|visibility)(?![\p{L}])/iu;
