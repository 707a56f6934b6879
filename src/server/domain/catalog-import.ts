import * as z from 'zod/mini';
import { CategoryCreate, MoneyInput, ProductCreate, Slug, VariantCreate } from '../../contract/index.ts';
import type { Db } from '../db/database.ts';
import { sql, sqlValue } from '../db/statements.ts';
import { createCategory } from './bundle-admin.ts';
import { categoryIdOf, insertProduct, insertVariant } from './catalog-admin.ts';

/**
 * `catalog import`: products and variants from a CSV a merchant exports from a spreadsheet, one row per variant
 * (docs/contract-gaps.md, "Catalog CSV"). Rows of the same `product_slug` form one product; its fields come from
 * its first row. Products are matched by slug and variants by `sku` (else by name): a second import updates
 * instead of duplicating. Unknown category slugs are created. Rows pass the business API's schemas (ProductCreate,
 * VariantCreate, CategoryCreate); a header names each column once. All rows or none: any error names line and column.
 */

export const CSV_COLUMNS = {
  required: ['product_slug', 'product_name', 'variant_name', 'price', 'stock'],
  optional: ['sku', 'compare_at_price', 'weight_grams', 'item_type', 'category', 'category_name', 'description_html', 'images', 'listed',
    'options', 'variant_image_url'],
} as const;

/** RFC 4180 CSV (quotes, doubled quotes, CRLF, a UTF-8 BOM); `;`-separated when the header has `;` and no `,` (Excel in id-ID). */
export function parseCsv(text: string): string[][] {
  const body = text.replace(/^\uFEFF/, '');
  const header = body.slice(0, body.search(/\r?\n|$/));
  const sep = header.includes(';') && !header.includes(',') ? ';' : ',';
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < body.length; i++) {
    const ch = body[i];
    if (quoted) {
      if (ch === '"' && body[i + 1] === '"') {
        field += '"'; // "" inside quotes is one quote
        i++;
      }
      else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"' && field === '') quoted = true;
    else if (ch === sep) {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && body[i + 1] === '\n') i++;
      rows.push([...row, field]);
      row = [];
      field = '';
    } else field += ch;
  }
  if (field !== '' || row.length) rows.push([...row, field]);
  return rows.filter((r) => r.some((cell) => cell.trim() !== ''));
}

export class CsvImportError extends Error {}

const BOOL: Record<string, boolean> = { true: true, yes: true, ya: true, '1': true, false: false, no: false, tidak: false, '0': false };
const Row = z.object({
  product_slug: Slug, product_name: z.string().check(z.minLength(1)), variant_name: z.string().check(z.minLength(1)),
  price: MoneyInput, stock: z.pipe(z.string().check(z.regex(/^\d+$/, 'Expected a whole number')), z.transform(Number)),
});

/** `Warna=Hitam; Ukuran=S` → { Warna: 'Hitam', Ukuran: 'S' }. */
const parseOptions = (text: string) => Object.fromEntries(text.split(';').map((p) => p.split('=').map((s) => s.trim())).filter((p) => p[0])
  .map(([name, value]) => [name, value ?? '']));

/** An existing product the file updated (matched by its slug), as it was: so that a merge is never silent. */
export type UpdatedProduct = { slug: string; name_before: string; name: string; variants_kept: number };
export type ImportSummary = {
  products_created: number; products_updated: number; variants_created: number; variants_updated: number; categories_created: number;
  updated: UpdatedProduct[];
};

export function importCatalogCsv(db: Db, storeId: number, text: string): ImportSummary {
  const [header, ...lines] = parseCsv(text);
  if (!header) throw new CsvImportError('The file is empty');
  const columns = header.map((h) => h.trim().toLowerCase());
  const twice = [...new Set(columns.filter((c, i) => columns.indexOf(c) !== i))];
  if (twice.length) throw new CsvImportError(`Duplicate column(s): ${twice.join(', ')} (each column once: which one would count?)`);
  const missing = CSV_COLUMNS.required.filter((c) => !columns.includes(c));
  if (missing.length) throw new CsvImportError(`Missing column(s): ${missing.join(', ')} (line 1 is the header)`);
  const unknown = columns.filter((c) => !(CSV_COLUMNS.required as readonly string[]).includes(c) && !(CSV_COLUMNS.optional as readonly string[]).includes(c));
  if (unknown.length) throw new CsvImportError(`Unknown column(s): ${unknown.join(', ')}`);

  // Group rows into products (line numbers kept for the messages).
  const products = new Map<string, { line: number; cells: Record<string, string>; variants: { line: number; cells: Record<string, string> }[] }>();
  lines.forEach((cellsList, index) => {
    const line = index + 2;
    if (cellsList.length > columns.length) throw new CsvImportError(`Line ${line}: ${cellsList.length} cells, but the header has ${columns.length} columns`);
    const cells = Object.fromEntries(columns.map((c, i) => [c, (cellsList[i] ?? '').trim()]));
    const basics = Row.safeParse(cells);
    if (!basics.success) {
      const issue = basics.error.issues[0];
      throw new CsvImportError(`Line ${line}, ${issue.path.join('.')}: ${issue.message}`);
    }
    const entry = products.get(cells.product_slug) ?? { line, cells, variants: [] };
    entry.variants.push({ line, cells });
    products.set(cells.product_slug, entry);
  });

  const summary: ImportSummary = { products_created: 0, products_updated: 0, variants_created: 0, variants_updated: 0, categories_created: 0, updated: [] };
  db.transaction(() => {
    for (const [slug, p] of products) {
      const at = (line: number, issues: readonly z.core.$ZodIssue[]) => new CsvImportError(`Line ${line}, ${issues[0].path.join('.')}: ${issues[0].message}`);
      const c = p.cells;
      if (c.category && !sql(db, 'SELECT 1 FROM categories WHERE store_id = ? AND slug = ?').get(storeId, c.category)) {
        // the business API's CategoryCreate, its fields named by their columns
        const category = CategoryCreate.safeParse({ slug: c.category, name: c.category_name || c.category.replace(/-/g, ' ').replace(/^./, (ch) => ch.toUpperCase()) });
        if (!category.success) throw at(p.line, category.error.issues.map((i) => ({ ...i, path: [i.path[0] === 'name' ? 'category_name' : 'category'] })));
        createCategory(db, storeId, category.data);
        summary.categories_created++;
      }
      const listed = c.listed ? BOOL[c.listed.toLowerCase()] : undefined;
      if (c.listed && listed === undefined) throw new CsvImportError(`Line ${p.line}, listed: expected true or false`);
      const variants = p.variants.map(({ line, cells: v }) => {
        const parsed = VariantCreate.safeParse({
          name: v.variant_name, sku: v.sku || undefined, price: v.price, compare_at_price: v.compare_at_price || undefined,
          weight_grams: v.weight_grams ? Number(v.weight_grams) : undefined, stock: Number(v.stock),
          options: v.options ? parseOptions(v.options) : undefined, image_url: v.variant_image_url || undefined,
        });
        if (!parsed.success) throw at(line, parsed.error.issues);
        return parsed.data;
      });
      const product = ProductCreate.safeParse({
        slug, name: c.product_name, item_type: c.item_type || undefined,
        description_html: c.description_html || undefined, images: c.images ? c.images.split(/[|\s]+/).filter(Boolean) : undefined,
        category: c.category || undefined, listed, variants,
      });
      if (!product.success) throw at(p.line, product.error.issues);
      const { variants: _, category, ...fields } = product.data;
      const categoryId = categoryIdOf(db, storeId, category);
      const existing = sql(db, 'SELECT id, name FROM products WHERE store_id = ? AND slug = ?').get(storeId, slug) as { id: number; name: string } | undefined;
      let productId: number;
      if (existing) {
        productId = existing.id;
        sql(db, `UPDATE products SET name = ?, item_type = coalesce(?, item_type), description_html = coalesce(?, description_html),
          images = coalesce(?, images), category_id = coalesce(?, category_id), listed = coalesce(?, listed) WHERE id = ?`)
          .run(fields.name, c.item_type ? fields.item_type : null, fields.description_html ?? null, fields.images ? JSON.stringify(fields.images) : null,
            categoryId, listed === undefined ? null : listed ? 1 : 0, productId);
        summary.products_updated++;
      } else {
        productId = insertProduct(db, storeId, { ...fields, category_id: categoryId });
        summary.products_created++;
      }
      const matched = new Set<number>();
      for (const v of variants) {
        const match = (v.sku
          ? sql(db, 'SELECT id FROM variants WHERE product_id = ? AND sku = ?').get(productId, v.sku)
          : sql(db, 'SELECT id FROM variants WHERE product_id = ? AND name = ?').get(productId, v.name)) as { id: number } | undefined;
        if (!match) {
          matched.add(insertVariant(db, productId, v));
          summary.variants_created++;
          continue;
        }
        matched.add(match.id);
        sql(db, `UPDATE variants SET name = ?, sku = ?, options = ?, price = ?, compare_at_price = ?, weight_grams = ?, stock = ?, image_url = ? WHERE id = ?`)
          .run(v.name, v.sku ?? null, JSON.stringify(v.options ?? {}), v.price, v.compare_at_price ?? null, v.weight_grams ?? 0, v.stock ?? 0, v.image_url ?? null, match.id);
        summary.variants_updated++;
      }
      if (existing) {
        const variantIds = sqlValue(db, 'SELECT id FROM variants WHERE product_id = ?').all(productId) as number[];
        summary.updated.push({ slug, name_before: existing.name, name: fields.name, variants_kept: variantIds.filter((id) => !matched.has(id)).length });
      }
    }
  }).immediate();
  return summary;
}
