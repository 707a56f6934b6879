// Types of what the three-engine journeys import from driver-exclusions.mjs.
export type DriverExclusion = { engine: 'chromium' | 'firefox' | 'webkit'; suite: 'wtr' | 'journeys'; test: string; reason: string };
export declare const DRIVER_EXCLUSIONS: DriverExclusion[];
export declare function excludedFiles(engine: string, suite: 'wtr' | 'journeys'): string[];
export declare function exclusionReason(engine: string, name: string): string | undefined;
