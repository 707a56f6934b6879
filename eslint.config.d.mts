// Types of what test/server/lint-config.test.ts imports from eslint.config.mjs.
export declare const WRITE_ROUTES: string[];
export declare const POST_READS: string[];
declare const config: unknown[];
export default config;
