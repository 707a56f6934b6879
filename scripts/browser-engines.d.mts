// Types of what the three-engine journeys (test/e2e/engines/) import from browser-engines.mjs.
export type EngineName = 'chromium' | 'firefox' | 'webkit';
export declare const ENGINES: EngineName[];
export declare const CHROMIUM_PATH: string;
export declare const FIREFOX_PATH: string;
export declare const WEBKIT_DRIVER_PATH: string;
export declare const MINIBROWSER_PATH: string;
export declare const CHROMIUM_ARGS: string[];
export declare function missingFor(engine: EngineName): string | null;
export declare function requestedEngines(argv?: string[], env?: Record<string, string | undefined>): EngineName[];
export declare function firefoxLaunchOptions(): { browser: 'firefox'; executablePath: string; headless: boolean; protocol: 'webDriverBiDi'; timeout: number };
export declare function webkitCapabilities(): WebdriverIO.Capabilities;
export declare function startWebKitDriver(): Promise<{ hostname: string; port: number; close(): Promise<void> }>;
