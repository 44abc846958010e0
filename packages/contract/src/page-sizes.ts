/**
 * The page sizes every table offers. Kept apart from list.ts (which builds zod schemas) so the
 * web app's entry can check a `per_page` in the URL without loading zod.
 */
export const PAGE_SIZES = [10, 25, 50, 100] as const;
