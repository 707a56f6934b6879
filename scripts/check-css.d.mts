// Types of what test/server/css-support.test.ts imports from check-css.mjs.
export declare function checkCss(text: string): string[];
export declare function cssTemplates(source: string): { line: number; text: string }[];
