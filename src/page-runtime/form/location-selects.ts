import type { PageApi } from '../api.ts';
import { misconfigured } from '../diagnostics.ts';
import type { Control, FieldName } from './fields.ts';
import { text } from './text.ts';

type Option = { value: string; label: string };
const CHAIN = ['destination.province_id', 'destination.city_id', 'destination.location_id', 'destination.postal_code'] as const;

/**
 * Fills `<select>` fields in a cascade: provinces at once, then the cities of the chosen province, the subdistricts
 * (kecamatan, the delivery `location_id`) of the city, and the postal codes of the subdistrict. The author's first
 * option with an empty value stays as the placeholder. `changed` runs after the buyer changes any of them.
 */
export function bindLocationSelects(fields: Map<FieldName, Control[]>, api: PageApi, changed: () => void): void {
  const selects = CHAIN.map((name) => fields.get(name)?.find((c): c is HTMLSelectElement => c instanceof HTMLSelectElement));
  if (!selects.some(Boolean)) return;
  selects.forEach((select, level) => {
    if (select && level > 0 && !selects[level - 1]) {
      misconfigured(select, `is filled from a <select data-svc-field="${CHAIN[level - 1]}">, which is missing.`);
    }
  });
  const loads: Array<(parent: string) => Promise<Option[]>> = [
    () => api.listProvinces().then(named),
    (province) => api.listCities({ province_id: province }).then(named),
    (city) => api.listSubdistricts({ city_id: city }).then(named),
    async (subdistrict) => [...new Set((await api.listPostalCodes(subdistrict)).map((v) => v.postal_code))].sort().map((code) => ({ value: code, label: code })),
  ];
  const generation = [0, 0, 0, 0];

  async function fill(level: number, parent: string) {
    const select = selects[level];
    if (!select) return;
    const mine = ++generation[level];
    const placeholder = select.options[0]?.value === '' ? select.options[0] : new Option(text('choose'), '');
    select.replaceChildren(placeholder);
    for (let below = level + 1; below < selects.length; below++) selects[below]?.replaceChildren(...[...selects[below]!.options].slice(0, 1).filter((o) => o.value === ''));
    if (level > 0 && !parent) return;
    select.setAttribute('aria-busy', 'true');
    try {
      const options = await loads[level](parent);
      if (mine !== generation[level]) return; // the buyer chose another parent meanwhile
      select.append(...options.map((o) => new Option(o.label, o.value)));
      if (level === 3 && options.length === 1) {
        select.value = options[0].value; // one postal code: nothing to choose; chosen as the buyer would
        select.dispatchEvent(new Event('change', { bubbles: true }));
      }
    } catch {
      /* the select stays empty; the buyer can change the parent to try again */
    } finally {
      select.removeAttribute('aria-busy');
    }
  }

  selects.forEach((select, level) => select?.addEventListener('change', () => {
    void fill(level + 1, select.value);
    changed();
  }));
  void fill(0, '');
}

const named = (list: ReadonlyArray<{ id: number; name: string }>): Option[] => list.map((x) => ({ value: String(x.id), label: x.name }));
