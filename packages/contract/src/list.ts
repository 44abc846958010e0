import { z } from 'zod';
import { PAGE_SIZES } from './page-sizes';

/**
 * Every table of the app is paginated, searched and sorted by the server (SQL LIMIT/OFFSET and
 * ORDER BY), never in the browser. One query shape and one response shape for all of them.
 */
export { PAGE_SIZES };

export const listQuerySchema = z.object({
  page: z.coerce.number().int().min(1, 'Halaman minimal 1').default(1),
  per_page: z.coerce
    .number()
    .int()
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), {
      message: `Jumlah baris per halaman harus salah satu dari ${PAGE_SIZES.join(', ')}`,
    })
    .default(10),
  /** Free-text search; each list decides which columns it searches. */
  q: z.string().trim().max(100, 'Kata kunci pencarian maksimal 100 karakter').optional(),
  /** A column name the list allows sorting by; anything else is refused with 400. */
  sort_by: z.string().max(64).optional(),
  sort_dir: z.enum(['asc', 'desc']).default('asc'),
});
export type ListQuery = z.infer<typeof listQuerySchema>;
export type ListQueryInput = z.input<typeof listQuerySchema>;

export function listResponseSchema<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item),
    total: z.number().int().min(0),
    page: z.number().int().min(1),
    per_page: z.number().int().min(1),
  });
}
export interface ListResponse<T> {
  data: T[];
  total: number;
  page: number;
  per_page: number;
}
