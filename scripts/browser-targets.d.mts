// Types of what vite.config.ts and the tests import from browser-targets.mjs.
export declare function supportedBrowsers(): string[];
export declare function buildTargets(browsers?: string[]): string[];
