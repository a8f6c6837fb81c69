import base from '../e2e/playwright.config.ts';
export default { ...base, testDir: '.', outputDir: './out' };
