import type { Provider } from '../analytics/pixels.ts';
import { misconfigured } from './diagnostics.ts';

export type { Provider };
/** The analytics routes of the contract, and the event kinds each accepts (the first is the default). */
const KINDS: Record<string, Provider> = { meta: 'meta', facebook: 'meta', tiktok: 'tiktok', snackvideo: 'snackvideo', kwai: 'snackvideo' };

export type Destination = { provider: Provider; kind: string };

/** What the runtime was configured with; `svcPage.config` is this object, frozen. */
export type PageConfig = {
  pageId: string;
  pageKey: string;
  /** Origin (and optional prefix) of the service; `''` is this page's own origin. */
  baseUrl: string;
  /** Conversion events wait for `svcPage.consent(true)`. */
  consentRequired: boolean;
  /** Where conversion events go: `data-analytics`, default all three providers. */
  analytics: readonly Destination[];
  /** Kwai (SnackVideo) pixel id, for `kwaiq.instance(id)`. */
  kwaiPixelId?: string;
};

/**
 * Reads the configuration from the runtime's own `<script>` tag:
 * `data-page-id`, `data-page-key`, `data-base-url`, `data-consent`, `data-analytics`, `data-kwai-pixel-id`.
 * Returns `undefined` (after saying why) when the page cannot be used.
 */
export function readConfig(script: HTMLScriptElement | null): PageConfig | undefined {
  const data = script?.dataset ?? {};
  if (!script || !data.pageId || !data.pageKey) {
    misconfigured(script ?? undefined, 'needs data-page-id and data-page-key (from the page\'s settings).');
    return undefined;
  }
  const analytics: Destination[] = [];
  for (const word of (data.analytics ?? 'meta tiktok snackvideo').toLowerCase().split(/[\s,]+/)) {
    const provider = KINDS[word];
    if (provider) {
      if (!analytics.some((d) => d.provider === provider)) analytics.push({ provider, kind: word });
    }
    else if (word && word !== 'off' && word !== 'none') {
      misconfigured(script, `data-analytics: unknown "${word}"; use meta, facebook, tiktok, snackvideo, kwai or off.`);
    }
  }
  return Object.freeze({
    pageId: data.pageId,
    pageKey: data.pageKey,
    // like the elements: data-base-url, else the origin the script came from (the service hosts it), else this page
    baseUrl: data.baseUrl ?? (script.src ? new URL(script.src, location.href).origin : ''),
    consentRequired: data.consent === 'required',
    analytics,
    kwaiPixelId: data.kwaiPixelId || undefined,
  });
}
