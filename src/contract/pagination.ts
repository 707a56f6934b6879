import * as z from 'zod/mini';

const pageSize = z
  .pipe(z.string().check(z.regex(/^\d+$/, 'page_size must be an integer from 1 to 100')), z.transform(Number))
  .check(z.refine((n) => n >= 1 && n <= 100, 'page_size must be an integer from 1 to 100'));
const cursor = z.string().check(z.minLength(1), z.maxLength(200));

const oneCursorOnly = z.refine<{ next_cursor?: string; previous_cursor?: string }>(
  (q) => !(q.next_cursor && q.previous_cursor),
  { message: 'Use only one of next_cursor and previous_cursor', path: ['previous_cursor'] },
);

/**
 * Regular v3 cursor pagination query, merged with a route's own query fields. `page_size` is an integer 1..100
 * (query strings are parsed); at most one of the two cursors may be given.
 */
export function pageQuery<S extends z.core.$ZodLooseShape>(shape: S) {
  const query = z.object({ ...shape, page_size: z.optional(pageSize), next_cursor: z.optional(cursor), previous_cursor: z.optional(cursor) });
  // the shape is generic; the check reads only the cursors
  return query.check(oneCursorOnly as unknown as z.core.$ZodCheck<z.output<typeof query>>);
}
export const PageQuery = pageQuery({});
export type PageQuery = z.infer<typeof PageQuery>;

/** Response envelope of every cursor-paginated list: `results` plus the cursors to the neighbouring pages. */
export function paginated<T extends z.ZodMiniType>(item: T) {
  return z.object({
    results: z.array(item),
    next_cursor: z.nullable(z.string()),
    previous_cursor: z.nullable(z.string()),
  });
}
export type Paginated<T> = { results: T[]; next_cursor: string | null; previous_cursor: string | null };

export const DEFAULT_PAGE_SIZE = 24;
